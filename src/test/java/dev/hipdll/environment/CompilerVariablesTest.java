package dev.hipdll.environment;

import dev.hipdll.host.Environment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.OsFamily;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every entry of compiler-variables.json is removed by the default scrub, on
 * Unix and Windows (any case there), with its reason in the log; every entry names its source; and
 * the names clang reads are really in this machine's clang-19 and lld binaries (a stale entry, or a
 * typo that would scrub nothing, fails).
 */
class CompilerVariablesTest {
    @TempDir
    Path tmp;

    /** A concrete name for an entry: a pattern's {@code *} becomes {@code X}. */
    private static String sample(String entry) {
        return entry.replace("*", "X");
    }

    @TestFactory
    Stream<DynamicTest> eachVariableIsScrubbed() {
        return CompilerVariables.load().variables().stream().map(e -> DynamicTest.dynamicTest(e.name(), () -> {
            for (OsFamily os : OsFamily.values()) {
                String name = os == OsFamily.WINDOWS ? sample(e.name()).toLowerCase(java.util.Locale.ROOT) : sample(e.name());
                Map<String, String> inherited = Map.of(name, "/decoy", "HOME", "/home/u");
                ScrubResult r = new EnvironmentScrubber(ScrubPolicy.defaults()).scrub(Environment.of(os, inherited),
                        Files.createDirectories(tmp.resolve("sdk")), new LinkedHashMap<>(), List.of());
                assertTrue(r.environment().get(name).isEmpty(), name + " reached the compiler on " + os);
                assertEquals(List.of(name), r.removedNames());
                EnvironmentChange c = r.changes().get(0);
                assertTrue(c.infoLine().contains(e.reason()), c.infoLine());
            }
            assertFalse(e.source().isBlank(), "no source for " + e.name());
            assertFalse(e.readBy().isBlank() || e.effect().isBlank(), e.name());
        }));
    }

    @Test
    void withoutCompilerVariablesDropsWhatEditsACommandLineAndKeepsTheRest() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("Link", "/DECOY_LINK");
        env.put("_LINK_", "/DECOY_LINK2");
        env.put("CCC_OVERRIDE_OPTIONS", "+-DDECOY");
        env.put("cpath", "C:\\decoy\\include");
        env.put("Lib", "C:\\kits\\um\\x64");
        env.put("Path", "C:\\windows\\system32");
        env.put("HIP_PATH", "C:\\rocm\\6.4");
        CompilerVariables v = CompilerVariables.load();
        assertEquals(Map.of("Lib", "C:\\kits\\um\\x64", "Path", "C:\\windows\\system32", "HIP_PATH", "C:\\rocm\\6.4"),
                v.withoutCompilerVariables(env, true, java.util.Set.of("LIB")));
        assertEquals(Map.of("Path", "C:\\windows\\system32", "HIP_PATH", "C:\\rocm\\6.4"),
                v.withoutCompilerVariables(env, true, java.util.Set.of()));
        // exact names elsewhere: Link, cpath and Lib are not what clang or lld-link read there
        assertEquals(List.of("Link", "cpath", "Lib", "Path", "HIP_PATH"),
                List.copyOf(v.withoutCompilerVariables(env, false, java.util.Set.of()).keySet()));
        // the variables that run code go too, unless kept by name
        env.put("BASH_ENV", "/tmp/evil.sh");
        env.put("LD_PRELOAD", "/tmp/evil.so");
        assertEquals(List.of("Link", "cpath", "Lib", "Path", "HIP_PATH"),
                List.copyOf(v.withoutCompilerVariables(env, false, java.util.Set.of()).keySet()));
        assertEquals(List.of("Link", "cpath", "Lib", "Path", "HIP_PATH", "LD_PRELOAD"),
                List.copyOf(v.withoutCompilerVariables(env, false, java.util.Set.of("LD_PRELOAD")).keySet()));
    }

    @Test
    void theIssuesVariablesAreAllListed() {
        List<String> names = CompilerVariables.load().names();
        for (String v : List.of("CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "OBJC_INCLUDE_PATH", "LIBRARY_PATH",
                "CCC_*", "CUDA_HOME", "CL", "_CL_", "LINK", "_LINK_")) {
            assertTrue(names.contains(v), v);
        }
    }

    @Test
    void theNamesClangAndLldReadAreInTheirBinaries() throws Exception {
        Toolchain.require("clang-19", "lld-link-19");
        Path clang = Toolchain.tool("clang-19").toRealPath();
        Path lib = clang.getParent().getParent().resolve("lib");
        java.util.Set<String> strings = new java.util.HashSet<>();
        try (Stream<Path> s = Files.list(lib)) {
            Path cpp = s.filter(p -> p.getFileName().toString().startsWith("libclang-cpp.so")).findFirst().orElseThrow();
            for (Path p : List.of(clang, cpp.toRealPath(), Toolchain.tool("lld-link-19").toRealPath())) {
                identifiers(p, strings);
            }
        }
        for (CompilerVariables.Entry e : CompilerVariables.load().variables()) {
            boolean llvm = e.readBy().contains("clang") || e.readBy().contains("lld");
            if (!llvm || e.name().contains("*") || e.source().startsWith("llvm/lib/WindowsDriver")
                    || e.source().startsWith("BRIEF") || e.name().startsWith("HIP_PATH") || e.name().equals("CUDA_PATH")) {
                continue; // patterns; LLVMSupport's WindowsDriver lives in libLLVM; hipcc-only names
            }
            assertTrue(strings.contains(e.name()), e.name() + " is not a string in clang-19 or lld");
        }
    }

    /** Adds each NUL-terminated run of identifier characters that follows a NUL (a C string constant) in {@code p}. */
    private static void identifiers(Path p, java.util.Set<String> into) throws java.io.IOException {
        try (java.io.InputStream in = new java.io.BufferedInputStream(Files.newInputStream(p), 1 << 16)) {
            StringBuilder run = new StringBuilder();
            boolean afterNul = false;
            int b;
            while ((b = in.read()) >= 0) {
                if (b == 0) {
                    if (afterNul && run.length() > 0 && run.length() <= 40) {
                        into.add(run.toString());
                    }
                    run.setLength(0);
                    afterNul = true;
                } else if ((b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') || b == '_') {
                    if (afterNul) {
                        run.append((char) b);
                    }
                } else {
                    afterNul = false;
                    run.setLength(0);
                }
            }
        }
    }

    /**
     * The contract's clang run (a loader preprocessed outside the build's steps) sees no other install and no edited
     * command line: IT "polluted environment" failed with the stand-in clang finding HIP_PATH=/nowhere.
     */
    @org.junit.jupiter.api.Test
    void aClangRunOutsideTheStepsGetsNoToolchainVariable() {
        java.util.Map<String, String> env = new java.util.LinkedHashMap<>();
        env.put("PATH", "/usr/bin");
        env.put("HOME", "/home/ana");
        env.put("HIP_PATH", "/nowhere/rocm-5.7/");
        env.put("ROCM_PATH", "/nowhere/rocm-5.7");
        env.put("CPATH", "/evil/include");
        env.put("CCC_OVERRIDE_OPTIONS", "#+-DX");
        env.put("BASH_ENV", "/evil.sh");
        org.junit.jupiter.api.Assertions.assertEquals(java.util.Map.of("PATH", "/usr/bin", "HOME", "/home/ana"),
                CompilerVariables.load().withoutToolchainVariables(env, false));
    }
}
