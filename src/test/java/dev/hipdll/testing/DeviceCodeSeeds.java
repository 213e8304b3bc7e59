package dev.hipdll.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Real device code for the reader fuzz tests: the example backend's {@code backend_cuda.cu} compiled by clang-19 for
 * gfx1100 with {@code --cuda-device-only} (the offload bundle hipcc embeds in the DLL's {@code .hip_fat}), and the
 * code object (an AMDGPU ELF) unbundled from it with clang-offload-bundler-19.
 */
public final class DeviceCodeSeeds {
    private DeviceCodeSeeds() {
    }

    /** The offload bundle of {@code backend_cuda.cu} built with {@code flags} (e.g. {@code -g -gz=zstd}), as {@code out}. */
    public static Path bundle(Path out, List<String> flags) {
        Toolchain.require("clang-19");
        Path sdk = Toolchain.standinSdk();
        Path ex = Toolchain.exampleDir();
        try {
            Files.createDirectories(out.getParent());
            List<String> cmd = new ArrayList<>(List.of("clang-19", "-O3", "-std=c++17", "-x", "hip", "--offload-arch=gfx1100",
                    "--cuda-device-only", "-nogpuinc", "-nogpulib", "-DCOLI_CUDA_BUILDING_DLL", "-isystem",
                    sdk.resolve("include").toString(), "-I" + ex.resolve("src/main/hip/include")));
            cmd.addAll(flags);
            cmd.addAll(List.of(ex.resolve("src/main/hip/backend_cuda.cu").toString(), "-o", out.toString()));
            Exec.ok(out.getParent(), cmd);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The gfx1100 code object of the (uncompressed) {@code bundle}, as {@code out}. */
    public static Path codeObject(Path bundle, Path out) {
        Toolchain.require("clang-offload-bundler-19");
        Exec.ok(out.getParent(), List.of("clang-offload-bundler-19", "--type=o", "--input=" + bundle, "--unbundle",
                "--targets=hipv4-amdgcn-amd-amdhsa--gfx1100", "--output=" + out));
        return out;
    }
}
