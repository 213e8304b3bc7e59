package dev.hipdll.diagnosis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The classifier's rules beyond single samples: cascades, the first root error, symbol grouping. */
class FailureClassifierTest {
    private final FailureClassifier classifier = new FailureClassifier(RuleBook.load());

    private static FailedRun run(List<String> log) {
        return new FailedRun(List.of("hipcc", "--offload-arch=gfx1151", "k.cu"), log, 1, false, null);
    }

    private static List<String> sample(String name) throws IOException, URISyntaxException {
        return Files.readAllLines(RuleBookSamplesTest.samples().resolve(name)).stream()
                .filter(l -> !l.startsWith("#! ")).toList();
    }

    @Test
    void theFirstRootErrorWinsNotTheLastLine() {
        Diagnosis d = classifier.classify(run(List.of(
                "k.cu:3:8: error: unknown type name '__always_inline'",
                "k.cu:9:1: error: 'sys/cdefs.h' file not found",
                "2 errors generated when compiling for gfx1151.",
                "clang: error: linker command failed with exit code 1 (use -v to see invocation)")));
        assertEquals("unknown-type-idiom", d.ruleId());
        assertEquals(1, d.rootError().orElseThrow().number());
        assertEquals(2, d.errorLines(), "as clang counts them");
        assertEquals(2, d.cascades());
    }

    @Test
    void cascadeLinesAreNeverTheRoot() {
        Diagnosis d = classifier.classify(run(List.of(
                "clang: error: amdgcn-link command failed with exit code 1 (use -v to see invocation)",
                "Backend worker is gone and cannot be restarted",
                "lld: error: undefined hidden symbol: helper(float)")));
        assertEquals("device-undefined-symbol", d.ruleId());
        assertEquals(Stage.DEVICE_LINK, d.stage());
        assertEquals(3, d.rootError().orElseThrow().number());
    }

    @Test
    void aMissingDefaultLibraryChainNamesEveryLibraryAtOnce() throws Exception {
        Diagnosis d = classifier.classify(run(sample("default-library-chain-missing.log")));
        assertEquals("default-library-chain-missing", d.ruleId());
        for (String lib : List.of("libcmt.lib", "libucrt.lib", "libvcruntime.lib", "libcpmt.lib", "kernel32.lib")) {
            assertTrue(d.action().contains(lib), () -> lib + " missing from: " + d.action());
        }
        // the details group every symbol by library, hip symbols separately
        assertTrue(d.details().stream().anyMatch(l -> l.startsWith("amdhip64.lib (1): hipGetDeviceCount")), d.details()::toString);
        assertTrue(d.details().stream().anyMatch(l -> l.startsWith("libcmt.lib (6): _DllMainCRTStartup, _tls_index")), d.details()::toString);
    }

    @Test
    void halfOrFewerDefaultLibrarySymbolsAreNamedPerLibrary() {
        Diagnosis d = classifier.classify(run(List.of(
                "lld-link: error: undefined symbol: hipMalloc",
                "lld-link: error: undefined symbol: hipFree",
                "lld-link: error: undefined symbol: malloc",
                "lld-link: error: undefined symbol: free")));
        assertEquals("unresolved-symbols", d.ruleId(), "exactly half is not more than half");
        assertEquals(List.of("amdhip64.lib (2): hipMalloc, hipFree", "libucrt.lib (2): malloc, free"), d.details());
    }

    @Test
    void stlRuntimeSymbolsAreNotToolsetHelpers() {
        Diagnosis d = classifier.classify(run(List.of(
                "lld-link: error: undefined symbol: __std_terminate",
                "lld-link: error: undefined symbol: __std_exception_copy")));
        assertEquals("default-library-chain-missing", d.ruleId());
    }

    @Test
    void anExplicitGfx906IsNoDefaultTarget() {
        FailedRun r = new FailedRun(List.of("hipcc", "--offload-arch=gfx906", "k.cu"),
                List.of("\"-target-cpu\" \"gfx906\"", "k.cu:1:1: error: use of undeclared identifier 'x'"), 1, false, null);
        assertEquals("error-in-your-code", classifier.classify(r).ruleId(), "not default-target-gfx906");
    }

    @Test
    void theRuleBookRejectsMalformedRules() {
        RuleBook ok = RuleBook.load();
        RuleBook.Rule badKind = new RuleBook.Rule("x", "sometimes", Stage.COMPILE, "a", null, "c", "a");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RuleBook(ok.errorLine(),
                ok.cascades(), ok.stageHints(), ok.symbolExtractors(), ok.symbolLibraries(), ok.defaultLibraryGroups(),
                ok.defaultLibraryShare(), List.of(badKind)));
        assertTrue(e.getMessage().contains("rule x"), e.getMessage());
        RuleBook.Rule badRegex = new RuleBook.Rule("y", "log", Stage.COMPILE, "(unclosed", null, "c", "a");
        e = assertThrows(IllegalArgumentException.class, () -> new RuleBook(ok.errorLine(), ok.cascades(),
                ok.stageHints(), ok.symbolExtractors(), ok.symbolLibraries(), ok.defaultLibraryGroups(),
                ok.defaultLibraryShare(), List.of(badRegex)));
        assertTrue(e.getMessage().contains("rule y: bad pattern"), e.getMessage());
    }

    @Test
    void aTimeoutNamesTheLimit() {
        Diagnosis d = classifier.classify(new FailedRun(List.of("hipcc"), List.of("compiling..."), -1, true, null,
                java.time.Duration.ofSeconds(3600)));
        assertEquals(Stage.TIMEOUT, d.stage());
        assertTrue(d.cause().contains("hip.timeout (3600 s)"), d.cause());
    }

    @Test
    void theShortBlockStartsWithTheCause() throws Exception {
        FailedRun r = run(sample("unknown-type-idiom.log"));
        Diagnosis d = classifier.classify(r);
        String block = DiagnosisReport.shortBlock(d, Path.of("target/hipdll/diagnosis.txt"), Path.of("target/hipdll/build.log"));
        assertTrue(block.startsWith("unknown type name '__always_inline'"), block);
        List<String> full = DiagnosisReport.full(d, r, Path.of("build.log"));
        assertEquals(d.cause(), full.get(0));
        assertTrue(full.stream().anyMatch(l -> l.startsWith("  >    1 | tn.cu:3:8: error: unknown type name")), full::toString);
    }

    private static String block(Diagnosis d) {
        return DiagnosisReport.shortBlock(d, Path.of("target/hipdll/diagnosis.txt"), Path.of("target/hipdll/build.log"));
    }

    @Test
    void theShortBlockNamesUnresolvedSymbolsByLibrary() {
        List<String> log = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            log.add("lld-link: error: undefined symbol: hipFunc" + i);
        }
        log.add("lld-link: error: undefined symbol: coli_chain_stepp");
        Diagnosis d = classifier.classify(run(log));
        assertEquals("unresolved-symbols", d.ruleId());
        String b = block(d);
        assertTrue(b.contains("amdhip64.lib (12): hipFunc0, hipFunc1, hipFunc2, hipFunc3, hipFunc4, hipFunc5, hipFunc6,"
                + " hipFunc7, hipFunc8, hipFunc9 and 2 more"), b);
        assertTrue(b.contains("(no known library) (1): coli_chain_stepp"), b);
        assertTrue(d.action().contains("link amdhip64.lib (-lamdhip64 from hip.libDir) for 12 symbols"), d.action());
        assertTrue(d.action().contains("coli_chain_stepp is defined in no source or library given to the link: check the"
                + " spelling"), d.action());
        assertTrue(d.details().get(0).endsWith("hipFunc10, hipFunc11"), "diagnosis.txt lists every symbol");
    }

    @Test
    void noLibraryAdviceForALibraryNoSymbolNeeds() {
        Diagnosis d = classifier.classify(run(List.of("lld-link: error: undefined symbol: coli_chain_step",
                "lld-link: error: undefined symbol: coli_chain_init")));
        assertEquals("unresolved-symbols", d.ruleId());
        assertTrue(!d.action().contains("amdhip64") && !block(d).contains("amdhip64"), block(d));
        assertTrue(d.action().startsWith("2 symbols are defined in no source or library given to the link"), d.action());
    }

    @Test
    void aCompileErrorNoSetupRuleKnowsIsAnErrorInYourCode() throws Exception {
        FailedRun r = run(sample("error-in-your-code.log"));
        Diagnosis d = classifier.classify(r);
        assertEquals("error-in-your-code", d.ruleId());
        assertEquals(Stage.COMPILE, d.stage());
        String b = block(d);
        assertTrue(b.startsWith("error in your code at undecl.cu:4:9: use of undeclared identifier 'n_blocks'\n"), b);
        assertTrue(d.action().startsWith("fix the code at undecl.cu:4:9"), d.action());
        assertTrue(!b.contains("no rule of the rule book"), "reads as if the plugin failed: " + b);
        List<String> full = DiagnosisReport.full(d, r, Path.of("build.log"));
        assertTrue(full.stream().noneMatch(l -> l.contains("diagnosis.txt")), "diagnosis.txt must not send readers to itself: " + full);
        assertTrue(full.contains("errors:      2 error(s), as clang counts them; 1 follow-up line(s) ignored (\"N errors"
                + " generated\", \"linker command failed\", ...)"), String.join("\n", full));
    }

    @Test
    void oneClangErrorIsOneError() throws Exception {
        Diagnosis d = classifier.classify(run(sample("error-in-your-code.pound-error.log")));
        assertEquals(1, d.errorLines());
        assertEquals(1, d.cascades());
    }

    @Test
    void clangsNoteWithTheCauseIsShownWithItsError() throws Exception {
        Diagnosis d = classifier.classify(run(sample("error-in-your-code.host-from-global.log")));
        String b = block(d);
        assertTrue(b.contains("    hostfromglobal.cu:2:7: note: candidate function not viable: call to __host__ function"
                + " from __global__ function\n"), b);
    }

    @Test
    void aMessageNoRuleKnowsSaysNoRuleMatched() throws Exception {
        Diagnosis d = classifier.classify(run(sample("unclassified.log")));
        assertEquals("unclassified", d.ruleId());
        assertTrue(d.cause().startsWith("no rule of the rule book matched: lld-link-19: error: /failifmismatch"), d.cause());
        assertTrue(d.action().startsWith("none of the rule book's rules knows this message, so there is no diagnosis"), d.action());
    }

    @Test
    void aFailureWithoutAnErrorLineSaysSo() {
        Diagnosis d = classifier.classify(run(List.of("something went wrong")));
        assertEquals("unclassified", d.ruleId());
        assertTrue(d.cause().startsWith("no rule of the rule book matched: the compiler failed (exit 1) without an error line"), d.cause());
    }
}
