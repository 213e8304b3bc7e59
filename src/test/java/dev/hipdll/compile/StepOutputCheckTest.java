package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.gfx.GfxTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A device compile must write a code object (ELF); a compressed bundle must have the CCOB version asked for. */
class StepOutputCheckTest {
    @TempDir
    Path dir;

    private BuildStep step(StepKind kind, byte[] content, Map<String, String> env) throws Exception {
        Path out = Files.write(dir.resolve(kind == StepKind.BUNDLE ? "fatbin.hipfb" : "gfx1151.co"), content);
        return new BuildStep("s", kind, "k.cu", kind == StepKind.DEVICE_COMPILE ? Optional.of(GfxTarget.parse("gfx1151"))
                : Optional.empty(), Path.of("/sdk/clang-offload-bundler"), List.of(), env, List.of(), out, Optional.empty(),
                List.of(), List.of());
    }

    private static byte[] bytes(String ascii, int... more) {
        byte[] a = ascii.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        byte[] b = java.util.Arrays.copyOf(a, a.length + more.length);
        for (int i = 0; i < more.length; i++) {
            b[a.length + i] = (byte) more[i];
        }
        return b;
    }

    @Test
    void aCodeObjectPasses() throws Exception {
        assertEquals(Optional.empty(), StepOutputCheck.problem(step(StepKind.DEVICE_COMPILE, bytes("\u007fELF", 2, 1, 1), Map.of())));
    }

    @Test
    void aBundleFromADeviceCompileIsNamed() throws Exception {
        String m = StepOutputCheck.problem(step(StepKind.DEVICE_COMPILE, bytes("__CLANG_OFFLOAD_BUNDLE__", 1, 0), Map.of())).orElseThrow();
        assertTrue(m.startsWith("gfx1151.co is an offload bundle, not an AMDGPU code object (ELF): this clang bundled"), m);
        assertTrue(m.contains("--no-offload-new-driver"), m);
        String c = StepOutputCheck.problem(step(StepKind.DEVICE_COMPILE, bytes("CCOB", 3, 0, 1, 0), Map.of())).orElseThrow();
        assertTrue(c.startsWith("gfx1151.co is a compressed offload bundle"), c);
        assertEquals("gfx1151.co is empty, not an AMDGPU code object (ELF)",
                StepOutputCheck.problem(step(StepKind.DEVICE_COMPILE, new byte[0], Map.of())).orElseThrow());
    }

    @Test
    void theCompressedBundleVersionMustBeTheOneAskedFor() throws Exception {
        Map<String, String> v3 = Map.of(StepPlanner.BUNDLE_VERSION_VARIABLE, "3");
        String m = StepOutputCheck.problem(step(StepKind.BUNDLE, bytes("CCOB", 2, 0, 1, 0), v3)).orElseThrow();
        assertTrue(m.startsWith("hip.bundleVersion=3 asked for CCOB version 3 but clang-offload-bundler wrote version 2"), m);
        assertEquals(Optional.empty(), StepOutputCheck.problem(step(StepKind.BUNDLE, bytes("CCOB", 3, 0, 1, 0), v3)));
        assertTrue(StepOutputCheck.problem(step(StepKind.BUNDLE, bytes("__CLANG_OFFLOAD_BUNDLE__"), v3)).orElseThrow()
                .contains("no CCOB magic"));
        assertEquals(Optional.empty(), StepOutputCheck.problem(step(StepKind.BUNDLE, bytes("__CLANG_OFFLOAD_BUNDLE__"), Map.of())),
                "a plain bundle is fine without compression");
    }
}
