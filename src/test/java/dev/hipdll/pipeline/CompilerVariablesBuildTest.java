package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.testing.StandinBuild;
import dev.hipdll.testing.Toolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compiler-variable injections (CPATH, CCC_OVERRIDE_OPTIONS, ...), through a real build of the example backend (stand-in SDK,
 * clang-19): {@code CPATH} naming a directory with its own {@code hip/hip_runtime.h}, and
 * {@code CCC_OVERRIDE_OPTIONS="+-include<file>"}, each put a marker string into the DLL when they reach
 * the compiler; through the build's scrub neither does, and provenance.json names no such variable.
 */
class CompilerVariablesBuildTest {
    @TempDir
    Path tmp;
    Map<String, String> hostile;

    @BeforeEach
    void setUp() throws Exception {
        Path evil = Files.createDirectories(tmp.resolve("evil/hip"));
        Files.writeString(evil.resolve("hip_runtime.h"), "#include_next <hip/hip_runtime.h>\n"
                + "__attribute__((used)) static const char hipdll_cpath_marker[] = \"INJECTED-BY-CPATH\";\n");
        Path forced = Files.writeString(tmp.resolve("evil/forced.h"),
                "__attribute__((used)) static const char hipdll_ccc_marker[] = \"INJECTED-BY-CCC\";\n");
        hostile = new HashMap<>();
        hostile.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        hostile.put("CPATH", tmp.resolve("evil").toString());
        hostile.put("CCC_OVERRIDE_OPTIONS", "# +-include" + forced);
        StandinBuild.copyExample(tmp);
    }

    private HipDllBuildRequest request() throws Exception {
        Path hip = tmp.resolve("src/main/hip");
        return StandinBuild.request(tmp, hip, StandinBuild.EXAMPLE_UNITS.stream().map(hip::resolve).toList(),
                List.of(hip.resolve("include")), "gfx1151", List.of(), tmp.resolve("target/hipdll/coli_hip.dll"),
                StandinBuild.options(Duration.ofMinutes(5)), Host.of(OsFamily.UNIX, hostile), Toolchain.standinSdk());
    }

    private static String bytes(Path dll) throws Exception {
        return new String(Files.readAllBytes(dll), StandardCharsets.ISO_8859_1);
    }

    @Test
    void theScrubKeepsTheInjectedBytesOut() throws Exception {
        Toolchain.require("clang-19", "lld-link-19");
        StandinBuild.Lines log = new StandinBuild.Lines();
        HipDllBuildResult r = StandinBuild.build(request(), log);
        String dll = bytes(r.dll());
        assertFalse(dll.contains("INJECTED-BY-CPATH") || dll.contains("INJECTED-BY-CCC"), "injected bytes in the DLL");
        String provenance = Files.readString(r.provenance());
        assertTrue(provenance.contains("\"environment\""), provenance);
        assertFalse(provenance.contains("\"CPATH\"") || provenance.contains("\"CCC_OVERRIDE_OPTIONS\""), provenance);
        assertTrue(provenance.contains("\"HIP_PATH\"") && provenance.contains("\"PATH\""), provenance);
    }

    @Test
    void withoutTheScrubTheBytesGetIn() throws Exception {
        Toolchain.require("clang-19", "lld-link-19");
        HipDllBuildResult r = StandinBuild.build(StandinBuild.setup(StandinBuild.sdk(), hostile), request(),
                StandinBuild.quiet());
        String dll = bytes(r.dll());
        assertTrue(dll.contains("INJECTED-BY-CPATH"), "CPATH did not reach the compiler");
        assertTrue(dll.contains("INJECTED-BY-CCC"), "CCC_OVERRIDE_OPTIONS did not reach the compiler");
    }
}
