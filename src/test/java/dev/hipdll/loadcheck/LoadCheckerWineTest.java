package dev.hipdll.loadcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load check under Wine 8 against the stand-in runtime: the example backend passes; a DLL
 * missing one required export, a DLL importing {@code amdhip64_6.dll}, and a DLL that binds a stray
 * runtime copy beside it fail, each naming why. All tests share one Wine prefix.
 */
class LoadCheckerWineTest {
    static AbiContract.NamedContract contract;
    static Launcher.Wine wine;

    @TempDir
    Path dir;

    @BeforeAll
    static void setUp() throws Exception {
        wine = WineTesting.launcher();
        contract = new LoaderSourceParser("coli_cuda_").parse(Toolchain.exampleDir().resolve("host/backend_loader.c"));
    }

    @AfterAll
    static void noWineServerLeft() {
        // every check stops the prefix's server itself; nothing of the prefix may still run
        assertFalse(wineProcessesOf(wine.prefix()), "a Wine process of " + wine.prefix() + " is still running");
    }

    private LoadCheckReport check(Path dll, Path runtimeDir, List<String> targets) throws LoadCheckException {
        Path clangDir = WineTesting.clangDir();
        return new LoadChecker(line -> { }).check(new LoadCheckOptions(dll, runtimeDir, contract, targets,
                clangDir.resolve("clang"), clangDir.resolve("lld-link"), List.of(WineTesting.msvcStandin()), wine,
                dir.resolve("work"), Duration.ofSeconds(120)), System.getenv());
    }

    private static Check check(LoadCheckReport r, String id) {
        return r.check(id).orElseThrow(() -> new AssertionError("no check " + id + " in " + r.checks()));
    }

    @Test
    void exampleBackendLoadsBindsTheConfiguredRuntimeAndRegistersItsTargets() throws Exception {
        Path sdk = Toolchain.standinSdk();
        Path dll = WineTesting.exampleDll(dir, "coli_hip.dll", List.of("gfx1151", "gfx1100"), sdk.resolve("lib"), List.of());
        LoadCheckReport r = check(dll, sdk.resolve("bin"), List.of("gfx1151", "gfx1100"));
        assertTrue(r.passed(), r.checks().toString());
        assertEquals(48, r.requested());
        assertEquals(48, r.resolved());
        assertEquals("46 of 46 resolved", check(r, "symbols.required").found());
        assertEquals("2 of 2 resolved", check(r, "symbols.optional").found());
        String expected = "Z:" + sdk.resolve("bin/amdhip64_7.dll").toAbsolutePath().normalize().toString().replace('/', '\\');
        assertEquals(expected.toLowerCase(), r.boundRuntime().orElseThrow().toLowerCase());
        assertTrue(check(r, "runtime.bound").found().endsWith("(the configured one)"));
        // two translation units, each registering one fat binary holding both targets
        assertEquals(List.of("gfx1100", "gfx1151"), r.registeredTargets().stream().sorted().toList());
        Check dev = check(r, "device-code.registered");
        assertEquals(Verdict.PASS, dev.verdict());
        assertTrue(dev.found().startsWith("2 fat binaries"), dev.found());
    }

    @Test
    void missingRequiredExportFailsAndIsNamed() throws Exception {
        Path sdk = Toolchain.standinSdk();
        Path dll = WineTesting.exampleDll(dir, "coli_hip.dll", List.of("gfx1151"), sdk.resolve("lib"),
                List.of("-Dcoli_cuda_pipe_rope=coli_cuda_pipe_rope_renamed"));
        LoadCheckReport r = check(dll, sdk.resolve("bin"), List.of());
        assertFalse(r.passed());
        Check req = check(r, "symbols.required");
        assertEquals(Verdict.FAIL, req.verdict());
        assertEquals("45 of 46 resolved", req.found());
        assertEquals(List.of("missing required: coli_cuda_pipe_rope"), req.details());
        assertEquals(Verdict.PASS, check(r, "load").verdict());
        assertEquals(47, r.resolved());
    }

    @Test
    void dllImportingAnotherRuntimeMajorFailsWithAClearMessage() throws Exception {
        Path sdk = Toolchain.standinSdk();
        Path lib6 = WineTesting.importLibraryFor(dir.resolve("sdk6-lib"), "amdhip64_6.dll");
        Path dll = WineTesting.exampleDll(dir, "coli_hip.dll", List.of("gfx1151"), lib6, List.of());
        LoadCheckReport r = check(dll, sdk.resolve("bin"), List.of());
        assertFalse(r.passed());
        Check present = check(r, "runtime.present");
        assertEquals(Verdict.FAIL, present.verdict());
        assertEquals("it holds amdhip64_7.dll", present.found());
        assertTrue(present.details().get(0).startsWith("coli_hip.dll imports amdhip64_6.dll, but the runtime directory "
                + sdk.resolve("bin").toAbsolutePath().normalize() + " holds amdhip64_7.dll"), present.details().get(0));
        Check load = check(r, "load");
        assertEquals(Verdict.FAIL, load.verdict());
        assertTrue(load.found().contains("error 126 (ERROR_MOD_NOT_FOUND"), load.found());
        assertTrue(load.details().contains("imports amdhip64_6.dll: neither beside the DLL nor in the runtime directory"
                + " (only System32, the Windows directory or PATH could supply it)"), load.details().toString());
        assertEquals(Verdict.SKIP, check(r, "symbols.required").verdict());
    }

    @Test
    void strayRuntimeBesideTheDllIsBoundAndRejected() throws Exception {
        Path sdk = Toolchain.standinSdk();
        Path dll = WineTesting.exampleDll(dir.resolve("out"), "coli_hip.dll", List.of("gfx1151"), sdk.resolve("lib"), List.of());
        Files.copy(sdk.resolve("bin/amdhip64_7.dll"), dir.resolve("out/amdhip64_7.dll"));
        LoadCheckReport r = check(dll, sdk.resolve("bin"), List.of());
        Check bound = check(r, "runtime.bound");
        assertEquals(Verdict.FAIL, bound.verdict());
        assertTrue(bound.found().endsWith("out\\amdhip64_7.dll (NOT the configured one)"), bound.found());
        assertFalse(r.passed());
    }

    @Test
    void aDllThatHangsInItsInitializationIsKilledAfterTheTimeoutAndNoWineProcessStays() throws Exception {
        Path sdk = Toolchain.standinSdk();
        Path dll = dev.hipdll.testing.Fixtures.cDll(dir, "coli_hip.dll", "x86_64-pc-windows-msvc",
                "static void hang(void) { volatile int spin = 1; while (spin) { } }\n"
                        + "__attribute__((constructor)) static void init(void) { hang(); }\n"
                        + "__declspec(dllexport) int coli_cuda_init(int d) { return d; }\n", List.of());
        Path clangDir = WineTesting.clangDir();
        LoadCheckOptions o = new LoadCheckOptions(dll, sdk.resolve("bin"), contract, List.of(), clangDir.resolve("clang"),
                clangDir.resolve("lld-link"), List.of(WineTesting.msvcStandin()), wine, dir.resolve("work"),
                Duration.ofSeconds(8));
        long start = System.nanoTime();
        LoadCheckException e = org.junit.jupiter.api.Assertions.assertThrows(LoadCheckException.class,
                () -> new LoadChecker(line -> { }).check(o, System.getenv()));
        assertTrue(e.getMessage().contains("ran past 8 s and was killed with its process tree"), e.getMessage());
        // a hang guard (the DLL spins forever), not a speed requirement: Wine's start and stop on a loaded machine take long
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 600, "the load check was not stopped");
        assertFalse(wineProcessesOf(wine.prefix()), "a Wine process survived the timeout");
    }

    /** Whether a process whose environment names {@code prefix} as WINEPREFIX still runs (Linux /proc). */
    static boolean wineProcessesOf(Path prefix) {
        String needle = "WINEPREFIX=" + prefix.toAbsolutePath();
        return ProcessHandle.allProcesses().anyMatch(p -> {
            try {
                byte[] env = Files.readAllBytes(Path.of("/proc/" + p.pid() + "/environ"));
                return new String(env, java.nio.charset.StandardCharsets.UTF_8).contains(needle)
                        && p.info().command().map(c -> c.contains("wine")).orElse(false);
            } catch (Exception e) {
                return false;
            }
        });
    }

    static Map<String, String> env() {
        return System.getenv();
    }
}
