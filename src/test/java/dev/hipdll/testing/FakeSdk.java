package dev.hipdll.testing;

import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.Origin;
import dev.hipdll.sdk.SdkComponent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A hand-made HIP SDK whose {@code bin/hipcc} is a bash script of the test's, for
 * {@code HipDllBuild.run(BuildSetup, ...)}. Since the build runs one hipcc per step (device compile
 * per unit and target, host compile per unit, link), the usual fake ({@link #hipcc}) behaves like a
 * compiler for every compile (writes its {@code -o} output, an ELF file for a device compile, and its
 * {@code -MF} dependency file) and runs the test's body only for the link. The bundle step runs the
 * real {@code clang-offload-bundler-19} through {@code lib/llvm/bin/clang-offload-bundler} (a
 * symbolic link; a test using this needs the toolchain, see {@link Toolchain}).
 *
 * <p>Layout: {@code bin/hipcc}, {@code bin/amdhip64_7.dll} (a few bytes), {@code include/hip/},
 * {@code lib/}, {@code lib/llvm/bin/clang-offload-bundler}, {@code bc/}.
 */
public final class FakeSdk {
    private FakeSdk() {
    }

    /**
     * A hipcc script: the arguments are scanned for {@code -o} ({@code $out}), {@code -MF} ({@code $mf}),
     * {@code -c} ({@code $compile}=1, its source in {@code $src}) and {@code --offload-device-only}
     * ({@code $device}=1); a compile runs {@code compileBody} and then writes the outputs a compiler writes;
     * anything else (the link) runs {@code linkBody} and exits 0.
     *
     * @param compileBody bash run first for every compile (may exit itself); {@code ""} for none
     * @param linkBody    bash run for the link
     */
    public static String hipcc(String compileBody, String linkBody) {
        return """
                #!/bin/bash
                out="" ; mf="" ; src="" ; compile=0 ; device=0 ; prev=""
                for a in "$@"; do
                  case "$prev" in -o) out="$a" ;; -MF) mf="$a" ;; -c) src="$a" ;; esac
                  case "$a" in -c) compile=1 ;; --offload-device-only) device=1 ;; esac
                  prev="$a"
                done
                if (( compile )); then
                %s
                  [[ -n "$mf" ]] && printf '%%s: %%s\\n' "$out" "$src" > "$mf"
                  if (( device )); then printf '\\177ELF fake AMDGPU code object\\n' > "$out"; else printf 'fake COFF object\\n' > "$out"; fi
                  exit 0
                fi
                %s
                exit 0
                """.formatted(compileBody, linkBody);
    }

    /** {@link #hipcc(String, String)} with no compile body. */
    public static String hipcc(String linkBody) {
        return hipcc("", linkBody);
    }

    /**
     * Creates the SDK under {@code root} with {@code hipccScript} as its hipcc.
     *
     * @return the SDK, every component from origin "test", version "test"
     */
    public static HipSdk create(Path root, String hipccScript) throws IOException {
        Path bundler = Toolchain.tool("clang-offload-bundler-19");
        Path hipcc = root.resolve("bin/hipcc");
        Files.createDirectories(hipcc.getParent());
        Files.writeString(hipcc, hipccScript);
        Files.setPosixFilePermissions(hipcc, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.write(root.resolve("bin/amdhip64_7.dll"), new MiniPe().build());
        Files.createDirectories(root.resolve("include/hip"));
        Files.createDirectories(root.resolve("bc"));
        Path clangDir = Files.createDirectories(root.resolve("lib/llvm/bin"));
        Path link = clangDir.resolve("clang-offload-bundler");
        if (!Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.createSymbolicLink(link, bundler);
        }
        Origin o = new Origin("test");
        return new HipSdk(new SdkComponent("root", root, o), new SdkComponent("hipcc", hipcc, o),
                new SdkComponent("clangDir", clangDir, o), new SdkComponent("includeDir", root.resolve("include"), o),
                new SdkComponent("libDir", root.resolve("lib"), o), new SdkComponent("deviceLibDir", root.resolve("bc"), o),
                new SdkComponent("runtimeDll", root.resolve("bin/amdhip64_7.dll"), o), "test");
    }
}
