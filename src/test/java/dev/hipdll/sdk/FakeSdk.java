package dev.hipdll.sdk;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Builds fake HIP SDK directory trees (empty files in the right places) for resolver tests. */
final class FakeSdk {
    private FakeSdk() {
    }

    /** A classic 5.x/6.x Windows SDK: bin/hipcc.bin.exe + hipcc.bat, bin/clang.exe, amdhip64_6.dll. */
    static Path classicWindows(Path root) {
        touch(root.resolve("bin/hipcc.bin.exe"));
        touch(root.resolve("bin/hipcc.bat"));
        touch(root.resolve("bin/hipcc"));
        touch(root.resolve("bin/clang.exe"));
        touch(root.resolve("bin/lld-link.exe"));
        touch(root.resolve("bin/amdhip64_6.dll"));
        touch(root.resolve("lib/amdhip64.lib"));
        touch(root.resolve("include/hip/hip_runtime.h"));
        touch(root.resolve("lib/llvm/amdgcn/bitcode/ocml.bc"));
        write(root.resolve("bin/.hipVersion"), "HIP_VERSION_MAJOR=6\nHIP_VERSION_MINOR=4\nHIP_VERSION_PATCH=43482\n");
        return root;
    }

    /** A TheRock-based 7.x Windows SDK: bin/hipcc.exe, clang in lib/llvm/bin, amdhip64_7.dll, version in hip_version.h. */
    static Path theRockWindows(Path root) {
        touch(root.resolve("bin/hipcc.exe"));
        touch(root.resolve("lib/llvm/bin/clang.exe"));
        touch(root.resolve("bin/amdhip64_7.dll"));
        touch(root.resolve("lib/amdhip64.lib"));
        write(root.resolve("include/hip/hip_version.h"),
                "#define HIP_VERSION_MAJOR 7\n#define HIP_VERSION_MINOR 1\n#define HIP_VERSION_PATCH 25424\n");
        touch(root.resolve("include/hip/hip_runtime.h"));
        touch(root.resolve("lib/llvm/amdgcn/bitcode/ocml.bc"));
        return root;
    }

    /** A Linux-host SDK in the TheRock layout: bin/hipcc, lib/llvm/bin/clang. */
    static Path theRockLinux(Path root) {
        touch(root.resolve("bin/hipcc"));
        touch(root.resolve("lib/llvm/bin/clang"));
        touch(root.resolve("bin/amdhip64_7.dll"));
        touch(root.resolve("lib/amdhip64.lib"));
        touch(root.resolve("include/hip/hip_runtime.h"));
        touch(root.resolve("lib/llvm/amdgcn/bitcode/ockl.bc"));
        return root;
    }

    static void touch(Path p) {
        write(p, "");
    }

    static void write(Path p, String text) {
        try {
            Files.createDirectories(p.getParent());
            Files.writeString(p, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
