package dev.hipdll.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.process.ProcessRunner;
import dev.hipdll.testing.Toolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Names a loader requires through macros. Each case is the example loader with one edit
 * that clang-19 shows to require a name: an X-macro list, {@code RESOLVE} passed as a macro argument,
 * {@code RESOLVE_OPT} redefined as {@code RESOLVE} (four spellings). The reader alone either gets the name
 * right or fails closed with {@link LoaderSourceParser#FAIL_CLOSED}; read through clang
 * ({@link LoaderPreprocessor}) the contract has it, with the line of the outermost invocation.
 */
class LoaderSourceMacroPathsTest {
    private static final LoaderSourceParser PARSER = new LoaderSourceParser("coli_cuda_");

    @TempDir
    Path dir;

    /** The example with {@code edit} inserted before {@code return 1;} of coli_backend_resolve. */
    private Path loader(String name, String edit) throws Exception {
        String example = Files.readString(LoaderSourceShapesTest.exampleLoader(), StandardCharsets.UTF_8);
        int at = example.indexOf("    return 1;\n}\n\nint coli_backend_load");
        Path f = dir.resolve(name);
        Files.writeString(f, example.substring(0, at) + edit + example.substring(at), StandardCharsets.UTF_8);
        return f;
    }

    static LoaderPreprocessor clang() {
        return new LoaderPreprocessor(Toolchain.tool("clang-19"), new ProcessRunner(Duration.ofSeconds(60)), System.getenv());
    }

    private static final String X_MACRO = "#define COLI_MORE(X) X(extra1, coli_init_fn)\n"
            + "#define DO_RESOLVE(n, t) RESOLVE(n, t);\n"
            + "    COLI_MORE(DO_RESOLVE)\n";
    private static final String EACH = "#define EACH(M) M(extra1, coli_init_fn); M(extra2, coli_init_fn)\n"
            + "    EACH(RESOLVE);\n";
    private static final String CALL = "#define CALL(m, n, t) m(n, t)\n    CALL(RESOLVE, extra1, coli_init_fn);\n";

    @ParameterizedTest
    @ValueSource(strings = {"xmacro", "each", "call"})
    void throughAMacroArgumentTheReaderFailsClosedAndClangFindsTheName(String kind) throws Exception {
        String edit = switch (kind) {
            case "xmacro" -> X_MACRO;
            case "each" -> EACH;
            default -> CALL;
        };
        Path f = loader(kind + ".c", edit);
        int line = (int) Files.readString(f).lines().takeWhile(l -> !l.contains(kind.equals("xmacro") ? "COLI_MORE(DO"
                : kind.equals("each") ? "EACH(RESOLVE)" : "CALL(RESOLVE")).count() + 1;
        ContractException e = assertThrows(ContractException.class, () -> PARSER.parse(f));
        assertTrue(e.getMessage().startsWith(f + ":" + line + ":"), e.getMessage());
        assertTrue(e.getMessage().contains("the loader passes RESOLVE through a macro at line " + line + " ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("): cannot decide; give the SDK (-Dhip.sdkRoot) or an explicit list"
                + " (hip.exports)"), e.getMessage());

        AbiContract.NamedContract c = PARSER.parse(f, clang());
        assertTrue(c.required().contains("coli_cuda_extra1"), c.required().toString());
        assertEquals(kind.equals("each") ? 48 : 47, c.required().size());
        assertEquals(List.of("coli_cuda_device_integrated", "coli_cuda_e8_set_grid"), c.optional());
        assertEquals(f + ":" + line, c.origins().get("coli_cuda_extra1"));
        assertTrue(c.origin().startsWith(f + " (" + c.required().size() + " RESOLVE + 2 RESOLVE_OPT; names as clang -E"
                + " preprocesses it, headers not found read as empty: windows.h, stdio.h)"), c.origin());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "#define RESOLVE_OPT(n, t) RESOLVE(n, t)\n",
        "#undef RESOLVE_OPT\n#define RESOLVE_OPT(n, t) RESOLVE(n, t)\n",
        "#undef RESOLVE_OPT\n#define RESOLVE_OPT RESOLVE\n",
        "%:undef RESOLVE_OPT\n%:define RESOLVE_OPT(n, t) RESOLVE(n, t)\n",
    })
    void resolveOptRedefinedAsResolveMakesItsNamesRequired(String redefinition) throws Exception {
        String example = Files.readString(LoaderSourceShapesTest.exampleLoader(), StandardCharsets.UTF_8);
        int at = example.indexOf("typedef int (*coli_init_fn)");
        Path f = dir.resolve("redefined.c");
        Files.writeString(f, example.substring(0, at) + redefinition + example.substring(at), StandardCharsets.UTF_8);
        for (AbiContract.NamedContract c : List.of(PARSER.parse(f), PARSER.parse(f, clang()))) {
            assertEquals(48, c.required().size(), c.origin());
            assertTrue(c.required().contains("coli_cuda_device_integrated"));
            assertEquals(List.of(), c.optional());
        }
    }

    /** Before the fix the reader took wrappers as they stood at their definition: a later one was not seen. */
    @Test
    void aMacroDefinedBeforeTheWrapperItCallsFailsClosed() throws Exception {
        Path f = loader("order.c", "#define LATER(n) WRAP(n, coli_init_fn)\n#define WRAP(n, t) RESOLVE(n, t)\n"
                + "    LATER(extra1);\n");
        assertTrue(assertThrows(ContractException.class, () -> PARSER.parse(f)).getMessage()
                .contains("invokes WRAP, itself a macro that reaches RESOLVE"));
        assertTrue(PARSER.parse(f, clang()).required().contains("coli_cuda_extra1"));
    }

    @Test
    void aWrapperDefinedTwoWaysInBranchesFailsClosed() throws Exception {
        Path f = loader("branches.c", "#ifdef COLI_STRICT\n#define W(n) RESOLVE(n, coli_init_fn)\n#else\n"
                + "#define W(n) RESOLVE_OPT(n, coli_init_fn)\n#endif\n    W(extra1);\n");
        assertTrue(assertThrows(ContractException.class, () -> PARSER.parse(f)).getMessage()
                .contains("W is a macro that reaches RESOLVE and is defined 2 times"));
        // clang sees the configuration without -D: optional there
        assertTrue(PARSER.parse(f, clang()).optional().contains("coli_cuda_extra1"));
    }

    @Test
    void aNamePastedTogetherFailsClosed() throws Exception {
        Path f = loader("paste.c", "#define CAT(a, b) a##b\n    CAT(RES, OLVE)(extra1, coli_init_fn);\n");
        assertTrue(assertThrows(ContractException.class, () -> PARSER.parse(f)).getMessage()
                .contains("the identifier RES can be pasted (##) into RESOLVE"));
        assertTrue(PARSER.parse(f, clang()).required().contains("coli_cuda_extra1"));
    }

    @Test
    void throughClangAnIfdefBranchStillCounts() throws Exception {
        Path f = loader("ifdef.c", "#ifdef COLI_GRAPHS\n    RESOLVE(graph_run, coli_init_fn);\n#endif\n" + EACH);
        AbiContract.NamedContract c = PARSER.parse(f, clang());
        assertTrue(c.required().containsAll(List.of("coli_cuda_graph_run", "coli_cuda_extra1", "coli_cuda_extra2")));
    }

    @Test
    void anIncludedListBesideTheLoaderIsRead() throws Exception {
        Files.writeString(dir.resolve("more.inc"), "RESOLVE(extra1, coli_init_fn);\n");
        Path f = loader("include.c", "#include \"more.inc\"\n");
        AbiContract.NamedContract c = PARSER.parse(f, clang());
        assertEquals(dir.resolve("more.inc") + ":1", c.origins().get("coli_cuda_extra1"));
    }

    @Test
    void aResolveDefinedInAHeaderFailsClosed() throws Exception {
        Files.writeString(dir.resolve("macros.h"), "#define RESOLVE(n, t) GetProcAddress(0, \"coli_cuda_\" #n)\n");
        Files.writeString(dir.resolve("h.c"), "#include \"macros.h\"\nvoid f(void) { RESOLVE(init, t); }\n");
        String m = assertThrows(ContractException.class, () -> PARSER.parse(dir.resolve("h.c"), clang())).getMessage();
        assertEquals(dir.resolve("macros.h") + ":1: RESOLVE is defined here, but not in the loader source (in a header it"
                + " includes?), so hipdll cannot mark its uses: cannot decide; define RESOLVE in the loader, or give an"
                + " explicit list (hip.exports)", m);
    }

    @Test
    void anObjectLikeResolveThatIsNoAliasFailsClosed() throws Exception {
        Path f = dir.resolve("obj.c");
        Files.writeString(f, "#define GET(n, t) GetProcAddress(0, #n)\n#define RESOLVE GET\nvoid f(void) { RESOLVE(init, t); }\n");
        assertEquals(f + ":2: RESOLVE is defined as an object-like macro ('GET'), not as RESOLVE(name, type): cannot"
                + " decide what its invocations resolve; give an explicit list (hip.exports)",
                assertThrows(ContractException.class, () -> PARSER.parse(f, clang())).getMessage());
    }

    @Test
    void clangErrorsNameTheLoaderAndLine() throws Exception {
        Path f = dir.resolve("err.c");
        Files.writeString(f, "#define RESOLVE(n, t) x\nvoid f(void) {\n#error stop here\n RESOLVE(a, t); }\n");
        String m = assertThrows(ContractException.class, () -> PARSER.parse(f, clang())).getMessage();
        assertTrue(m.startsWith(f + ": clang -E failed (exit 1, "), m);
        assertTrue(m.contains(f + ":3:2: error: stop here"), m);
    }

    @Test
    void aMarkerArgumentThatIsNoNameIsAnError() throws Exception {
        Path f = dir.resolve("arg.c");
        Files.writeString(f, "#define RESOLVE(n, t) x\n#define TWO(a, b) RESOLVE(a b, t)\nvoid f(void) {\n TWO(p, q); }\n");
        assertEquals(f + ":4: RESOLVE( expects an entry point name (a C identifier) as its first argument, e.g."
                + " RESOLVE(init, init_fn); found 'p q' (as the preprocessor passes it)",
                assertThrows(ContractException.class, () -> PARSER.parse(f, clang())).getMessage());
    }

    /** A name that is also an object-like macro: a RESOLVE that passes it on looks up the macro's replacement. */
    @Test
    void aNameThatIsAnObjectLikeMacroFailsClosedBothWays() throws Exception {
        Path f = dir.resolve("name-macro.c");
        Files.writeString(f, "#define IMPL(n, t) GetProcAddress(m, \"coli_cuda_\" #n)\n#define RESOLVE(n, t) IMPL(n, t)\n"
                + "#define ALIASNAME init\nvoid f(void) {\n  RESOLVE(ALIASNAME, t);\n}\n");
        assertTrue(assertThrows(ContractException.class, () -> PARSER.parse(f)).getMessage().startsWith(f + ":5:11: the"
                + " loader passes RESOLVE through a macro at line 5 (the name ALIASNAME given to RESOLVE is also an"
                + " object-like macro of the file"));
        assertEquals(f + ":5: the name ALIASNAME given to RESOLVE is also an object-like macro here, and the loader's"
                + " macros may replace it before they spell the name: cannot decide; give an explicit list (hip.exports)",
                assertThrows(ContractException.class, () -> PARSER.parse(f, clang())).getMessage());
    }

    @Test
    void theMarkedCopyKeepsEveryLine() throws Exception {
        String text = "#define RESOLVE(name, \\\n type) do { x(#name); } while (0)\n%:define RESOLVE_OPT(...) y\nint a;\n";
        SourceText src = new SourceText(text);
        List<LoaderScan.DefinitionSite> sites = LoaderScan.scan(src, "t.c").sites();
        String marked = LoaderPreprocessor.rewrite(text, sites, new PreprocessedOutput.Markers("REQ", "OPT"));
        assertEquals("#define RESOLVE(name, \\\n type) REQ(#name)  do { x(#name); } while (0)\n"
                + "%:define RESOLVE_OPT(...) OPT(#__VA_ARGS__)  y\nint a;\n", marked);
    }
}
