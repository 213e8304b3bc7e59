package dev.hipdll.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stand-in SDK's clang behaves as a Windows SDK's clang does: a Windows-target compile never
 * reads the Linux host's {@code /usr/include} (a real backend once picked up glibc's
 * {@code stdint.h} from there), and hipcc hands {@code --offload-device-only}, {@code -cuid=} and
 * {@code --no-gpu-bundle-output} through to it, which gives a code object.
 */
class StandinClangIsolationTest {
    @TempDir
    Path dir;

    private record Run(int exit, String output) {
    }

    private Run hipcc(String source, String... extra) throws Exception {
        Path sdk = Toolchain.standinSdk();
        Path src = Files.writeString(dir.resolve("k.cu"), source);
        List<String> cmd = new ArrayList<>(List.of(sdk.resolve("bin/hipcc").toString(), "-x", "hip", "--offload-arch=gfx1151",
                "--hip-path=" + sdk, "--rocm-device-lib-path=" + sdk.resolve("lib/llvm/amdgcn/bitcode")));
        cmd.addAll(List.of(extra));
        cmd.addAll(List.of("-c", src.toString(), "-o", dir.resolve("k.out").toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        return new Run(p.waitFor(), out);
    }

    @Test
    void aHostCLibraryHeaderIsNotFoundInsteadOfTakenFromUsrInclude() throws Exception {
        Toolchain.require("clang-19");
        Run r = hipcc("#include <stdio.h>\n", "-M");
        assertNotEquals(0, r.exit());
        assertTrue(r.output().contains("'stdio.h' file not found"), r.output());
        assertFalse(r.output().contains("/usr/include"), r.output());
    }

    @Test
    void stdintComesFromClangsOwnHeadersAndNeverFromGlibc() throws Exception {
        Toolchain.require("clang-19");
        Run r = hipcc("#include <stdint.h>\nuint32_t x;\n", "--offload-device-only", "-M");
        assertEquals(0, r.exit(), r.output());
        String deps = Files.readString(dir.resolve("k.out"));
        assertTrue(deps.contains("/include/stdint.h"), deps);
        assertFalse(deps.contains("/usr/include/"), "glibc's header leaked into a Windows-target compile: " + deps);
    }

    @Test
    void aDeviceOnlyCompileThroughHipccIsACodeObject() throws Exception {
        Toolchain.require("clang-19", "lld-link-19");
        Run r = hipcc("#include <hip/hip_runtime.h>\n__global__ void k(float* p) { p[0] = 1; }\n", "--offload-device-only",
                "--no-gpu-bundle-output", "-cuid=0123456789abcdef");
        assertEquals(0, r.exit(), r.output());
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(dir.resolve("k.out")), 4);
        assertEquals("\u007fELF", new String(head, java.nio.charset.StandardCharsets.ISO_8859_1));
    }
}
