package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.digest.Sha256;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.Driver;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The step graph on the real stand-in SDK (clang-19): which steps run again after each kind of
 * change, and only those; a failing device compile of one target stops the graph and keeps the
 * previous DLL; both drivers give the same bytes.
 */
class StepGraphBuildTest {
    @TempDir
    Path dir;
    private CoreBuild b;

    @BeforeEach
    void setUp() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        b = new CoreBuild(dir.resolve("proj")).withExample();
        b.arch = "gfx1151,gfx1100";
        b.build();
        assertEquals(9, b.ran().size(), "a cold build runs every step: " + b.log);
        // README's export pattern: no -Wignored-attributes per declaration per device compile
        assertTrue(b.log.stream().noneMatch(l -> l.contains("ignored-attributes")), b.log.toString());
    }

    private static List<String> device(String unit, String... targets) {
        return java.util.Arrays.stream(targets).map(t -> "device compile " + unit + " [" + t + "]").toList();
    }

    private static List<String> sorted(List<String> a, List<String> c) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(c);
        java.util.Collections.sort(all);
        return all;
    }

    @Test
    void editingOneUnitRunsOnlyThatUnitsSteps() throws Exception {
        Path chain = b.sources().resolve("cuda_chain.cu");
        Files.writeString(chain, Files.readString(chain) + "\n// edited\n");
        b.build();
        assertEquals(sorted(device("cuda_chain.cu", "gfx1100", "gfx1151"), List.of("host compile cuda_chain.cu",
                "link coli_hip.dll")), b.ran().stream().filter(s -> !s.startsWith("bundle")).toList(), b.log.toString());
        assertEquals("source cuda_chain.cu changed", b.reason("device compile cuda_chain.cu [gfx1100]"));
        assertTrue(b.ran().stream().noneMatch(s -> s.contains("backend_cuda.cu")), b.ran().toString());
    }

    @Test
    void aHeaderChangeNamesTheHeader() throws Exception {
        Path ops = b.sources().resolve("include/ops.h");
        Files.writeString(ops, Files.readString(ops) + "\n#define HIPDLL_TEST_EDIT 1\n");
        b.build();
        assertEquals("header include/ops.h changed", b.reason("device compile backend_cuda.cu [gfx1151]"));
    }

    /**
     * A header added beside the sources shadows include/ops.h for {@code #include "ops.h"} (quoted includes
     * look in the including file's directory first): the dependency file named only include/ops.h, so the
     * build stayed up to date with the old header compiled in (a a newcomer's test). Now the DLL is
     * rebuilt and its compiles run again, and the shadowing header is what they compile.
     */
    @Test
    void aHeaderThatShadowsOneReadRebuildsAndIsCompiled() throws Exception {
        b.outputTimestamp = "2026-01-01T00:00:00Z";  // reproducible: the same inputs give the same bytes
        b.build();
        String original = Sha256.of(b.dll());
        Path shadow = b.sources().resolve("ops.h");
        Files.writeString(shadow, Files.readString(b.sources().resolve("include/ops.h")) + "\n#define HIPDLL_SHADOW 1\n");
        b.build();
        assertTrue(b.log.stream().anyMatch(l -> l.startsWith("rebuilding coli_hip.dll: header files in the source and"
                + " include directories changed: ") && l.contains(" → ")), b.log.toString());
        assertTrue(b.reason("device compile backend_cuda.cu [gfx1151]").startsWith(
                "a header file was added or removed in the project's include places"), b.log.toString());
        assertTrue(b.ran().containsAll(sorted(device("backend_cuda.cu", "gfx1100", "gfx1151"),
                device("cuda_chain.cu", "gfx1100", "gfx1151"))), "every compile reads ops.h: " + b.ran());
        // it is what the compiles read now: its content is tracked like any header's
        Files.writeString(shadow, "#error the shadowing ops.h was compiled\n");
        BuildFailedException e = assertThrows(BuildFailedException.class, b::build);
        assertTrue(String.join("\n", b.log).contains("the shadowing ops.h was compiled"), e.getMessage() + "\n" + b.log);
        // gone again: the DLL is the original one, byte for byte
        Files.delete(shadow);
        b.build();
        assertEquals(original, Sha256.of(b.dll()), b.log.toString());
        b.build();
        assertTrue(b.log.stream().anyMatch(l -> l.contains("coli_hip.dll is up to date")), b.log.toString());
    }

    @Test
    void addingATargetCompilesOnlyThatTarget() throws Exception {
        b.arch = "gfx1151,gfx1100,gfx1030";
        b.build();
        assertEquals(sorted(device("backend_cuda.cu", "gfx1030"), sorted(device("cuda_chain.cu", "gfx1030"), List.of(
                "bundle backend_cuda.cu", "bundle cuda_chain.cu", "host compile backend_cuda.cu", "host compile cuda_chain.cu",
                "link coli_hip.dll"))), b.ran(), b.log.toString());
        assertEquals("new target", b.reason("device compile backend_cuda.cu [gfx1030]"));
        assertEquals("command changed (targets gfx1030 added)", b.reason("bundle backend_cuda.cu"));
    }

    @Test
    void removingATargetCompilesNothing() throws Exception {
        b.arch = "gfx1151";
        b.build();
        assertEquals(List.of("bundle backend_cuda.cu", "bundle cuda_chain.cu", "host compile backend_cuda.cu",
                "host compile cuda_chain.cu", "link coli_hip.dll"), b.ran(), b.log.toString());
        assertEquals("command changed (targets gfx1100 removed)", b.reason("host compile cuda_chain.cu"));
    }

    @Test
    void aFailingDeviceCompileOfOneTargetStopsTheGraphAndKeepsTheOldDll() throws Exception {
        byte[] old = Files.readAllBytes(b.dll());
        Path chain = b.sources().resolve("cuda_chain.cu");
        Files.writeString(chain, Files.readString(chain) + "\n#if defined(__gfx1100__)\n#error gfx1100 is not supported here\n#endif\n");
        b.jobs = 1;
        BuildFailedException e = assertThrows(BuildFailedException.class, b::build);
        assertTrue(e.getMessage().startsWith("device compile cuda_chain.cu [gfx1100] failed"), e.getMessage());
        assertTrue(e.getMessage().contains("gfx1100 is not supported here"), e.getMessage());
        assertTrue(e.getMessage().contains("the previous coli_hip.dll is unchanged"), e.getMessage());
        assertTrue(e.getMessage().contains("step(s) not started"), e.getMessage());
        assertArrayEquals(old, Files.readAllBytes(b.dll()));
        assertTrue(b.log.stream().noneMatch(l -> l.contains(": link coli_hip.dll (")), "the link must not start: " + b.log);
        assertFalse(Files.exists(b.dll().resolveSibling(".tmp")), "temporary directory left behind");
        // a zombie has ended: the JVM is a child subreaper, so orphans of earlier tests that died
        // unreaped are its children too
        assertTrue(ProcessHandle.current().descendants().noneMatch(h -> h.isAlive() && !zombie(h.pid())),
                "a child is still running");
        String diagnosis = Files.readString(b.dll().resolveSibling("diagnosis.txt"));
        assertTrue(diagnosis.startsWith("failed step: device compile cuda_chain.cu [gfx1100]"), diagnosis);
        // fixed again: only the failed unit's steps run
        Files.writeString(chain, Files.readString(chain).replace("#error gfx1100 is not supported here", ""));
        b.jobs = 2;
        b.build();
        assertTrue(b.ran().stream().noneMatch(s -> s.contains("backend_cuda.cu")), b.ran().toString());
    }

    @Test
    void compressedBundlesOfVersion2AndARefusedVersion3() throws Exception {
        b.bundleVersion = java.util.Optional.of(2);
        b.build();
        assertEquals(List.of("bundle backend_cuda.cu", "bundle cuda_chain.cu", "host compile backend_cuda.cu",
                "host compile cuda_chain.cu", "link coli_hip.dll"), b.ran(), "compression changes no device compile");
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(b.dll().resolveSibling("steps/cuda_chain.cu/fatbin.hipfb")), 6);
        assertEquals("CCOB", new String(head, 0, 4, java.nio.charset.StandardCharsets.ISO_8859_1));
        assertEquals(2, head[4] | head[5] << 8);
        byte[] v2 = Files.readAllBytes(b.dll());
        b.bundleVersion = java.util.Optional.of(3);
        BuildFailedException e = assertThrows(BuildFailedException.class, b::build);
        assertTrue(e.getMessage().contains("hip.bundleVersion=3 asked for CCOB version 3 but clang-offload-bundler wrote"
                + " version 2 (LLVM 19 writes only version 2"), e.getMessage());
        assertArrayEquals(v2, Files.readAllBytes(b.dll()), "the previous DLL stays");
    }

    @Test
    void bothDriversGiveTheSameBytes() throws Exception {
        b.outputTimestamp = "2026-01-01T00:00:00Z";
        b.build();
        String viaHipcc = Sha256.of(b.dll());
        CoreBuild c = new CoreBuild(dir.resolve("clang")).withExample();
        c.arch = b.arch;
        c.outputTimestamp = b.outputTimestamp;
        c.driver = Driver.CLANG;
        c.build();
        assertEquals(viaHipcc, Sha256.of(c.dll()));
        assertTrue(Files.readString(c.dll().resolveSibling("build.log")).contains("lib/llvm/bin/clang --hip-link"),
                "the link ran clang directly");
    }

    /** Whether {@code pid} has exited and waits to be reaped (state Z in /proc/<pid>/stat, proc(5)). */
    private static boolean zombie(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            int close = stat.lastIndexOf(')');
            return close > 0 && close + 2 < stat.length() && stat.charAt(close + 2) == 'Z';
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
    }
}
