package dev.hipdll.environment;

import dev.hipdll.host.Environment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.OsFamily;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every entry of code-running-variables.json is removed by the default scrub on Unix and
 * Windows (any case there), with or without a compiler launcher, and logged with its class and what it runs;
 * every entry names its class and source; {@code keepVariables} keeps one only by its exact name.
 */
class CodeRunningVariablesTest {
    @TempDir
    Path tmp;

    /** A concrete name for an entry: a pattern's {@code *} becomes {@code X}. */
    private static String sample(String entry) {
        return entry.replace("*", "X");
    }

    private ScrubResult scrub(OsFamily os, Map<String, String> env, ScrubPolicy policy) throws Exception {
        return new EnvironmentScrubber(policy).scrub(Environment.of(os, env), Files.createDirectories(tmp.resolve("sdk")),
                new LinkedHashMap<>(), List.of());
    }

    @TestFactory
    Stream<DynamicTest> eachVariableIsRemovedWhateverTheLauncher() {
        return CodeRunningVariables.load().variables().stream().map(e -> DynamicTest.dynamicTest(e.name(), () -> {
            for (OsFamily os : OsFamily.values()) {
                for (String launcher : new String[] {null, "ccache", "sccache", "/opt/my-launcher"}) {
                    String name = os == OsFamily.WINDOWS ? sample(e.name()).toLowerCase(Locale.ROOT) : sample(e.name());
                    ScrubResult r = scrub(os, Map.of(name, "/decoy", "HOME", "/home/u"),
                            ScrubPolicy.defaults().withLauncher(launcher));
                    assertTrue(r.environment().get(name).isEmpty(), name + " reached the step on " + os + " with "
                            + launcher);
                    assertEquals(List.of(name), r.removedNames());
                    String line = r.changes().get(0).infoLine();
                    assertTrue(line.startsWith("removed " + name + " (runs code (" + e.kind() + "): " + e.readBy()
                            + ": " + e.effect()), line);
                    assertFalse(line.contains("/decoy"), "the value is never in the info line: " + line);
                }
            }
            assertFalse(e.source().isBlank() || e.kind().isBlank() || e.readBy().isBlank() || e.effect().isBlank(),
                    e.name());
        }));
    }

    @Test
    void theListHoldsTheNamesTheIssueNamesAndNoCompilerOrHarmlessLauncherVariable() {
        CodeRunningVariables v = CodeRunningVariables.load();
        for (String name : List.of("CCACHE_PREFIX", "CCACHE_PREFIX_CPP", "CCACHE_CONFIGPATH", "SCCACHE_CONF",
                "SCCACHE_DIST_SCHEDULER_URL", "BASH_ENV", "ENV", "BASH_FUNC_true%%", "PERL5OPT", "PERL5LIB", "PERLLIB",
                "PERL5DB", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "PYTHONSTARTUP",
                "PYTHONPATH", "PYTHONHOME", "NODE_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "RUBYOPT", "SHELLOPTS",
                "PS4")) {
            assertTrue(v.match(name, false).isPresent(), name);
        }
        // the launcher's own settings that run nothing pass with a launcher (and are in the key)
        for (String name : List.of("CCACHE_DIR", "CCACHE_REMOTE_STORAGE", "CCACHE_SLOPPINESS", "SCCACHE_DIR", "PATH",
                "HOME", "TMPDIR", "CPATH", "HIP_PATH")) {
            assertTrue(v.match(name, false).isEmpty(), name);
        }
    }

    @Test
    void keepVariablesKeepsOneOnlyByItsExactNameAndSaysItRunsCode() throws Exception {
        Map<String, String> env = Map.of("LD_LIBRARY_PATH", "/opt/llvm/lib", "BASH_ENV", "/tmp/x", "HOME", "/home/u");
        ScrubResult exact = scrub(OsFamily.UNIX, env, ScrubPolicy.of(List.of(), List.of("LD_LIBRARY_PATH"), Map.of()));
        assertEquals("/opt/llvm/lib", exact.environment().get("LD_LIBRARY_PATH").orElseThrow());
        assertEquals(List.of("LD_LIBRARY_PATH"), exact.keptNames());
        assertEquals(List.of("BASH_ENV"), exact.removedNames());
        String kept = exact.changes().stream().filter(c -> c.name().equals("LD_LIBRARY_PATH")).findFirst().orElseThrow()
                .infoLine();
        assertTrue(kept.startsWith("kept LD_LIBRARY_PATH (keepVariables LD_LIBRARY_PATH names it, although it runs code"
                + " (dynamic loader)") && kept.endsWith("; in every step's key)"), kept);

        ScrubResult pattern = scrub(OsFamily.UNIX, env, ScrubPolicy.of(List.of(), List.of("*"), Map.of()));
        assertEquals(Set.of("LD_LIBRARY_PATH", "BASH_ENV"), Set.copyOf(pattern.removedNames()));
        assertTrue(pattern.changes().get(0).infoLine().contains("keepVariables * is a pattern, which does not keep a"
                + " variable that runs code: name it exactly"), pattern.changes().get(0).infoLine());
    }

    @Test
    void aLaunchersHarmlessVariablesAreKeptAndCountAsKept() throws Exception {
        ScrubResult r = scrub(OsFamily.UNIX, Map.of("CCACHE_DIR", "/c", "CCACHE_PREFIX", "/evil", "CCACHE_SLOPPINESS",
                "time_macros"), ScrubPolicy.defaults().withLauncher("ccache"));
        assertEquals(List.of("CCACHE_PREFIX"), r.removedNames());
        assertEquals(Set.of("CCACHE_DIR", "CCACHE_SLOPPINESS"), Set.copyOf(r.keptNames()));
    }
}
