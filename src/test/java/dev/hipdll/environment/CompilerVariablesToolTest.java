package dev.hipdll.environment;

import dev.hipdll.host.Environment;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.OsFamily;
import dev.hipdll.testing.Toolchain;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each variable of compiler-variables.json that clang-19, clang-cl-19 or lld-link-19 read, shown to
 * change the real tool's result when inherited, and to change nothing once the default scrub has run
 *. A variable whose effect the tool does not show fails the first half; one the
 * scrub lets through fails the second.
 */
class CompilerVariablesToolTest {
    @TempDir
    Path dir;
    Path inj;

    /** One variable (or a pair, for the ones that need a file name) and how its effect shows. */
    private record Case(String name, Map<String, String> vars, List<String> command, Predicate<Run> affected) {
    }

    /** What a run of a tool gave. */
    private record Run(int exit, String output, Path dir) {
    }

    @BeforeEach
    void setUp() throws IOException {
        inj = Files.createDirectories(dir.resolve("inj"));
        Files.writeString(inj.resolve("probe_injected.h"), "#define INJECTED_BY_ENV 1\n");
        Files.writeString(dir.resolve("p.c"), "#include <probe_injected.h>\nint x = INJECTED_BY_ENV;\n");
        Files.writeString(dir.resolve("q.c"), "int x = INJECTED_BY_ENV;\n");
        Files.writeString(dir.resolve("d.c"), "const char *d = __DATE__;\n");
        Files.writeString(dir.resolve("m.c"), "int __stdcall _DllMainCRTStartup(void *a, unsigned b, void *c) { return 1; }\n");
        Files.writeString(dir.resolve("extra.def"), "LIBRARY extra.dll\nEXPORTS\n  extra_fn\n");
    }

    private Run run(List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out, dir);
    }

    private static boolean ok(Run r) {
        return r.exit() == 0;
    }

    private List<Case> cases() throws Exception {
        String clang = Toolchain.tool("clang-19").toString();
        String lld = Toolchain.tool("lld-link-19").toString();
        String cl = Toolchain.tool("clang-cl-19").toString();
        String msvc = "--target=x86_64-pc-windows-msvc";
        List<String> hip = List.of(clang, msvc, "-x", "hip", "-nogpulib", "-nogpuinc", "--offload-arch=gfx1151",
                "-fsyntax-only", "p.c");
        String d = inj.toString();
        Path cp = Files.createDirectories(dir.resolve("cp"));
        Files.writeString(cp.resolve("lld-link"), "#!/bin/sh\n");
        cp.resolve("lld-link").toFile().setExecutable(true);
        // a DLL to link, and an import library only LIB finds
        Run obj = run(List.of(clang, msvc, "-c", "m.c", "-o", "m.obj"), Map.of("PATH", "/usr/bin:/bin"));
        assertTrue(ok(obj), obj.output());
        Path libDir = Files.createDirectories(dir.resolve("libdir"));
        Run dlltool = run(List.of(Toolchain.tool("llvm-dlltool-19").toString(), "-m", "i386:x86-64", "-d", "extra.def", "-l",
                libDir.resolve("extra.lib").toString()), Map.of("PATH", "/usr/bin:/bin"));
        assertTrue(ok(dlltool), dlltool.output());
        List<String> link = List.of(lld, "-dll", "-noentry", "-nodefaultlib", "-machine:x64", "m.obj", "-out:o.dll");
        String readobj = Toolchain.tool("llvm-readobj-19").toString();
        Predicate<Run> exportAdded = r -> {
            try {
                return ok(r) && run(List.of(readobj, "--coff-exports", "o.dll"), Map.of("PATH", "/usr/bin:/bin")).output()
                        .contains("_DllMainCRTStartup");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
        List<Case> c = new ArrayList<>();
        c.add(new Case("CPATH", Map.of("CPATH", d), hip, CompilerVariablesToolTest::ok));
        c.add(new Case("CPLUS_INCLUDE_PATH", Map.of("CPLUS_INCLUDE_PATH", d), hip, CompilerVariablesToolTest::ok));
        c.add(new Case("C_INCLUDE_PATH", Map.of("C_INCLUDE_PATH", d), List.of(clang, msvc, "-x", "c", "-fsyntax-only", "p.c"),
                CompilerVariablesToolTest::ok));
        c.add(new Case("OBJC_INCLUDE_PATH", Map.of("OBJC_INCLUDE_PATH", d),
                List.of(clang, msvc, "-x", "objective-c", "-fsyntax-only", "p.c"), CompilerVariablesToolTest::ok));
        c.add(new Case("OBJCPLUS_INCLUDE_PATH", Map.of("OBJCPLUS_INCLUDE_PATH", d),
                List.of(clang, msvc, "-x", "objective-c++", "-fsyntax-only", "p.c"), CompilerVariablesToolTest::ok));
        c.add(new Case("INCLUDE", Map.of("INCLUDE", d), hip, CompilerVariablesToolTest::ok));
        c.add(new Case("EXTERNAL_INCLUDE", Map.of("EXTERNAL_INCLUDE", d), hip, CompilerVariablesToolTest::ok));
        c.add(new Case("CCC_OVERRIDE_OPTIONS", Map.of("CCC_OVERRIDE_OPTIONS", "# +-DINJECTED_BY_ENV=2"),
                List.of(clang, msvc, "-fsyntax-only", "q.c"), CompilerVariablesToolTest::ok));
        c.add(new Case("CL", Map.of("CL", "/DINJECTED_BY_ENV=3"), List.of(cl, "/c", "/Zs", "q.c"), CompilerVariablesToolTest::ok));
        c.add(new Case("_CL_", Map.of("_CL_", "/DINJECTED_BY_ENV=3"), List.of(cl, "/c", "/Zs", "q.c"), CompilerVariablesToolTest::ok));
        c.add(new Case("LIBRARY_PATH", Map.of("LIBRARY_PATH", d),
                List.of(clang, "--target=x86_64-pc-windows-gnu", "-###", "q.c"), r -> r.output().contains("\"-L" + d + "\"")));
        c.add(new Case("COMPILER_PATH", Map.of("COMPILER_PATH", cp.toString()),
                List.of(clang, msvc, "-fuse-ld=lld", "-###", "q.c"), r -> r.output().contains("\"" + cp.resolve("lld-link") + "\"")));
        c.add(new Case("SOURCE_DATE_EPOCH", Map.of("SOURCE_DATE_EPOCH", "0"), List.of(clang, msvc, "-E", "d.c"),
                r -> r.output().contains("\"Jan  1 1970\"")));
        c.add(new Case("CC_PRINT_OPTIONS", Map.of("CC_PRINT_OPTIONS", "1", "CC_PRINT_OPTIONS_FILE",
                dir.resolve("opts.txt").toString()), List.of(clang, msvc, "-c", "d.c", "-o", "d.obj"),
                r -> Files.exists(r.dir().resolve("opts.txt"))));
        c.add(new Case("CC_LOG_DIAGNOSTICS", Map.of("CC_LOG_DIAGNOSTICS", "1", "CC_LOG_DIAGNOSTICS_FILE",
                dir.resolve("diag.txt").toString()), List.of(clang, msvc, "-c", "q.c", "-o", "q.obj"),
                r -> Files.exists(r.dir().resolve("diag.txt"))));
        c.add(new Case("LINK", Map.of("LINK", "-export:_DllMainCRTStartup"), link, exportAdded));
        c.add(new Case("_LINK_", Map.of("_LINK_", "-export:_DllMainCRTStartup"), link, exportAdded));
        List<String> withLib = new ArrayList<>(link);
        withLib.add("extra.lib");
        c.add(new Case("LIB", Map.of("LIB", libDir.toString()), withLib, CompilerVariablesToolTest::ok));
        c.add(new Case("LLD_REPRODUCE", Map.of("LLD_REPRODUCE", dir.resolve("repro.tar").toString()), link,
                r -> Files.exists(r.dir().resolve("repro.tar"))));
        return c;
    }

    @TestFactory
    Stream<DynamicTest> eachVariableChangesTheToolUntilScrubbed() throws Exception {
        Toolchain.require("clang-19", "clang-cl-19", "lld-link-19", "llvm-dlltool-19", "llvm-readobj-19");
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Map<String, String> inherited = new LinkedHashMap<>(Map.of("PATH", "/usr/bin:/bin"));
            inherited.putAll(c.vars());
            for (String f : List.of("opts.txt", "diag.txt", "repro.tar", "o.dll")) {
                Files.deleteIfExists(dir.resolve(f));
            }
            Run raw = run(c.command(), inherited);
            assertTrue(c.affected().test(raw), c.name() + " did not change " + c.command().get(0) + ":\n" + raw.output());
            for (String f : List.of("opts.txt", "diag.txt", "repro.tar", "o.dll")) {
                Files.deleteIfExists(dir.resolve(f));
            }
            ScrubResult s = new EnvironmentScrubber(ScrubPolicy.defaults()).scrub(Environment.of(OsFamily.UNIX, inherited),
                    Files.createDirectories(dir.resolve("sdk")), new LinkedHashMap<>(), List.of());
            Run scrubbed = run(c.command(), s.environment().toMap());
            assertFalse(c.affected().test(scrubbed), c.name() + " still changes " + c.command().get(0)
                    + " after the scrub; removed: " + s.removedNames());
        }));
    }
}
