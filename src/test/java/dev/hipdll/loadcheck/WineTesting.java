package dev.hipdll.loadcheck;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the Wine tests share: the one Wine prefix of the test run (system property
 * {@code hipdll.winePrefix}, {@code target/wine-prefix}: created by the first test that needs it,
 * reused by every other test and by the integration tests), and HIP DLL fixtures built with the
 * stand-in SDK's hipcc.
 */
public final class WineTesting {
    private WineTesting() {
    }

    /** The Wine launcher on the shared prefix; requires wine and wineserver (see {@link Toolchain#require}). */
    public static Launcher.Wine launcher() {
        Toolchain.require("wine", "wineserver");
        String p = System.getProperty("hipdll.winePrefix", "target/wine-prefix");
        return new Launcher.Wine("wine", "wineserver", Path.of(p).toAbsolutePath());
    }

    /** The stand-in SDK's clang directory. */
    public static Path clangDir() {
        return Toolchain.standinSdk().resolve("lib/llvm/bin");
    }

    /** The stand-in SDK's Windows SDK stand-in (kernel32.lib). */
    public static Path msvcStandin() {
        return Toolchain.standinSdk().resolve("lib/msvc-standin");
    }

    /**
     * Builds the example backend with the stand-in hipcc, linking against the {@code amdhip64.lib} in
     * {@code libDir}.
     *
     * @param extra extra hipcc arguments, e.g. {@code -Dcoli_cuda_pipe_rope=coli_cuda_pipe_rope_renamed}
     */
    public static Path exampleDll(Path dir, String name, List<String> arches, Path libDir, List<String> extra) {
        Path sdk = Toolchain.standinSdk();
        Path ex = Toolchain.exampleDir();
        List<String> cmd = new ArrayList<>(List.of(sdk.resolve("bin/hipcc").toString(), "-O3", "-std=c++17", "-x", "hip"));
        arches.forEach(a -> cmd.add("--offload-arch=" + a));
        cmd.addAll(List.of("-shared", "-DCOLI_CUDA_BUILDING_DLL", "--hip-path=" + sdk,
                "-I" + ex.resolve("src/main/hip/include"), "--rocm-device-lib-path=" + sdk.resolve("lib/llvm/amdgcn/bitcode"),
                "-L", libDir.toString(), "-lamdhip64"));
        cmd.addAll(extra);
        cmd.add(ex.resolve("src/main/hip/backend_cuda.cu").toString());
        cmd.add(ex.resolve("src/main/hip/cuda_chain.cu").toString());
        Path out = dir.resolve(name);
        cmd.add("-o");
        cmd.add(out.toString());
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Exec.ok(dir, cmd);
        return out;
    }

    /**
     * An import library {@code amdhip64.lib} in {@code dir} naming the runtime {@code runtimeName}
     * (e.g. {@code amdhip64_6.dll}) with the stand-in runtime's exports.
     */
    public static Path importLibraryFor(Path dir, String runtimeName) {
        try {
            Files.createDirectories(dir);
            String def = Files.readString(Path.of("src/test/standin-sdk/amdhip64_7.def").toAbsolutePath())
                    .replace("LIBRARY amdhip64_7.dll", "LIBRARY " + runtimeName);
            Path d = dir.resolve("amdhip64.def");
            Files.writeString(d, def);
            Exec.ok(dir, List.of(Toolchain.tool("llvm-dlltool-19").toString(), "-m", "i386:x86-64", "-d", d.toString(),
                    "-l", dir.resolve("amdhip64.lib").toString()));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
