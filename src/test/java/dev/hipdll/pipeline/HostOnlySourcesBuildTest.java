package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.compile.SourceLanguages;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stand-in SDK's real clang: a host-only source (.cpp, .c) gets one host compile and no
 * device compile, bundle or embedded fat binary; a pattern makes a .cpp a HIP source again.
 */
class HostOnlySourcesBuildTest {
    @TempDir
    Path dir;

    private CoreBuild withHostSources() throws Exception {
        CoreBuild b = new CoreBuild(dir.resolve("proj")).withExample();
        b.arch = "gfx1151,gfx1100";
        b.unitSuffixes = List.of(".cu", ".cpp", ".c");
        Files.writeString(b.sources().resolve("host_table.cpp"), """
                // host-only C++: no device code (the stand-in SDK has no MSVC STL: no standard headers)
                template <typename T, int N> struct Table { T v[N]; constexpr int size() const { return N; } };
                int coli_host_table_size() { constexpr Table<int, 3> t{{1, 2, 3}}; return t.size(); }
                """);
        Files.writeString(b.sources().resolve("version.c"), """
                /* host-only C */
                const char *coli_version_string(void) { return "1.0"; }
                """);
        return b;
    }

    @Test
    void aHostOnlySourceGetsOneHostCompile() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19", "llvm-readobj-19");
        CoreBuild b = withHostSources();
        b.build();
        List<String> ran = b.ran();
        assertTrue(ran.contains("host compile host_table.cpp") && ran.contains("host compile version.c"), ran.toString());
        assertTrue(ran.stream().noneMatch(s -> s.contains("host_table.cpp") && !s.equals("host compile host_table.cpp")),
                "a device compile or bundle for a host-only source: " + ran);
        assertTrue(ran.stream().noneMatch(s -> s.contains("version.c") && !s.equals("host compile version.c")), ran.toString());
        assertEquals(2 * 4 + 2 + 1, ran.size(), "2 HIP units x (2 device, bundle, host) + 2 host-only + link: " + ran);
        assertTrue(Files.isRegularFile(b.dll()));
        Path obj = b.project.resolve("target/hipdll/steps/host_table.cpp/host.obj");
        Exec.Result sections = Exec.run(dir, List.of("llvm-readobj-19", "--sections", obj.toString()));
        assertEquals(0, sections.exit(), sections.output());
        assertFalse(sections.output().contains(".hip_fatbin"), "a host-only object carries a fat binary");
        Exec.Result hip = Exec.run(dir, List.of("llvm-readobj-19", "--sections",
                b.project.resolve("target/hipdll/steps/backend_cuda.cu/host.obj").toString()));
        assertTrue(hip.output().contains(".hip_fatbin"), "the HIP unit's object has its fat binary: " + hip.output());
    }

    @Test
    void aPatternMakesACppFileHip() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild b = withHostSources();
        b.languages = new SourceLanguages(List.of("host_table.cpp"), List.of());
        b.build();
        assertTrue(b.ran().containsAll(List.of("device compile host_table.cpp [gfx1100]", "device compile host_table.cpp"
                + " [gfx1151]", "bundle host_table.cpp", "host compile host_table.cpp")), b.ran().toString());
    }
}
