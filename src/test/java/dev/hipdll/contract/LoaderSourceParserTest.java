package dev.hipdll.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Toolchain;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoaderSourceParserTest {
    private final LoaderSourceParser parser = new LoaderSourceParser("coli_cuda_");

    @Test
    void exampleLoaderHas46RequiredAnd2Optional() throws Exception {
        AbiContract.NamedContract c = parser.parse(Toolchain.exampleDir().resolve("host/backend_loader.c"));
        assertEquals(46, c.required().size());
        assertEquals(2, c.optional().size());
        assertEquals(List.of("coli_cuda_device_integrated", "coli_cuda_e8_set_grid"), c.optional());
        assertTrue(c.required().contains("coli_cuda_init"));
    }

    @Test
    void ignoresCommentsStringsDefinesAndIfZero() throws Exception {
        String src = """
                #define RESOLVE(name, type) \\
                    RESOLVE_OPT(hidden_in_macro, x)
                // RESOLVE(in_line_comment, f)
                /* RESOLVE(in_block_comment, f)
                   RESOLVE(still_in_block, f) */
                const char *s = "RESOLVE(in_string, f)";
                #if 0
                RESOLVE(dead, f);
                #if 1
                RESOLVE(dead_nested, f);
                #endif
                #else
                RESOLVE(live_else, f);
                #endif
                RESOLVE(init, init_fn);  RESOLVE_OPT(graph, graph_fn);
                RESOLVE ( spaced , f );
                """;
        AbiContract.NamedContract c = parser.parse("loader.c", src);
        assertEquals(List.of("coli_cuda_live_else", "coli_cuda_init", "coli_cuda_spaced"), c.required());
        assertEquals(List.of("coli_cuda_graph"), c.optional());
    }

    @Test
    void duplicateNameNamesTheLine() {
        ContractException e = assertThrows(ContractException.class,
                () -> parser.parse("l.c", "RESOLVE(a, f);\nRESOLVE_OPT(a, f);\n"));
        assertTrue(e.getMessage().startsWith("l.c:2:"), e.getMessage());
    }

    @Test
    void fileWithoutResolveIsRejected() {
        ContractException e = assertThrows(ContractException.class, () -> parser.parse("x.c", "int main(void) { return 0; }"));
        assertTrue(e.getMessage().contains("no RESOLVE"), e.getMessage());
    }

    @Test
    void resolveWithoutIdentifierIsRejected() {
        ContractException e = assertThrows(ContractException.class, () -> parser.parse("x.c", "\nRESOLVE(\"init\", f);"));
        assertTrue(e.getMessage().startsWith("x.c:2:"), e.getMessage());
    }

    private AbiContract.NamedContract parse(String src) throws ContractException {
        return parser.parse("l.c", src);
    }

    private static List<String> names(String... n) {
        return java.util.Arrays.stream(n).map(x -> "coli_cuda_" + x).toList();
    }

    @Test
    void invocationSpreadOverLines() throws Exception {
        AbiContract.NamedContract c = parse("RESOLVE(\n    init,\n    init_fn);\nRESOLVE\n(shutdown, f);\n"
                + "RESOLVE_OPT( /* the name: */ graph // optional\n , graph_fn\n );\n");
        assertEquals(names("init", "shutdown"), c.required());
        assertEquals(names("graph"), c.optional());
        AbiContract.NamedContract full = parse("RESOLVE(\n    coli_cuda_init,\n    init_fn);\nRESOLVE_OPT(coli_cuda_graph, g);\n");
        assertEquals(names("init"), full.required());
        assertEquals(names("graph"), full.optional());
    }

    @Test
    void lineSplicesC11Phase2() throws Exception {
        AbiContract.NamedContract c = parse("#define RESOLVE(name, \\\n type) x\n"
                + "RESOLVE(mem\\\ncpy_h2d, f);\n"           // inside the name
                + "RES\\\r\nOLVE(free, f);\n"              // inside the macro name, CR LF
                + "RESOLVE(add, \\  \t\n f);\n"            // blanks between backslash and line end (clang warns, splices)
                + "// RESOLVE(in_comment, f); \\\nRESOLVE(continued_comment, f);\n"
                + "RESOLVE_OPT(\\\ngraph, f);\n");
        assertEquals(names("memcpy_h2d", "free", "add"), c.required());
        assertEquals(names("graph"), c.optional());
    }

    @Test
    void conditionalInclusion() throws Exception {
        AbiContract.NamedContract c = parse("""
                #if 0
                RESOLVE(dead, f);
                #  if 0
                RESOLVE(dead_nested, f);
                #  else
                RESOLVE(dead_nested_else, f);
                #  endif
                RESOLVE(still_dead, f);
                #else
                RESOLVE(live_else, f);
                #endif
                #ifdef COLI_FEATURE
                #if 0
                RESOLVE(dead_in_ifdef, f);
                #endif
                RESOLVE(live_in_ifdef, f);
                #endif
                #if 1
                RESOLVE(live_if1, f);
                #elif X
                RESOLVE(dead_after_true, f);
                #else
                RESOLVE(dead_else_of_if1, f);
                #endif
                #if 0 && defined(X)
                RESOLVE(dead_and, f);
                #elif 0L
                RESOLVE(dead_elif, f);
                #elif !0
                RESOLVE(live_elif, f);
                #endif
                #if (0) || 0x0
                RESOLVE(dead_or, f);
                #endif
                #if COLI_VERSION >= 3
                RESOLVE(unknown_expr, f);
                #endif
                %:if 0
                RESOLVE(dead_digraph, f);
                %:endif
                """);
        assertEquals(names("live_else", "live_in_ifdef", "live_if1", "live_elif", "unknown_expr"), c.required());
    }

    @Test
    void alternativeBranchesMayRepeatANameAndRequiredWins() throws Exception {
        AbiContract.NamedContract c = parse("""
                #ifdef _WIN32
                RESOLVE(init, f);
                RESOLVE_OPT(graph, g);
                #elif defined(__linux__)
                RESOLVE(init, f);
                RESOLVE(graph, g);
                #else
                #  ifdef X
                RESOLVE(init, f);
                #  endif
                #endif
                """);
        assertEquals(names("init", "graph"), c.required());
        assertEquals(List.of(), c.optional());
        String many = "#if A\n" + "RESOLVE(a, f);\n#elif B\n".repeat(LoaderSourceParser.MAX_ALTERNATIVES) + "RESOLVE(a, f);\n#endif\n";
        assertTrue(assertThrows(ContractException.class, () -> parse(many)).getMessage()
                .contains("coli_cuda_a is resolved in more than 16 alternative branches"));
    }

    @Test
    void identifierBoundariesAndNonInvocations() throws Exception {
        AbiContract.NamedContract c = parse("""
                MY_RESOLVE(a, f); RESOLVEX(b, f); RESOLVE_OPTIONAL(c, f); _RESOLVE(d, f); RESOLVE_OPT2(e, f);
                int RESOLVE_count = 0;
                RESOLVE(init, f);RESOLVE_OPT(graph,g);
                """);
        assertEquals(names("init"), c.required());
        assertEquals(names("graph"), c.optional());
        // the name alone is no invocation, but a macro it is passed to can invoke it: the reader does not guess
        for (String alone : List.of("void *p = (RESOLVE);\nRESOLVE(init, f);\n", "(RESOLVE)(not_expanded, f);\n")) {
            assertTrue(assertThrows(ContractException.class, () -> parse(alone)).getMessage()
                    .contains("the loader passes RESOLVE through a macro at line 1 (RESOLVE is not followed by its arguments"));
        }
    }

    @Test
    void literalsAndCommentsAreNeverCode() throws Exception {
        AbiContract.NamedContract c = parse("""
                #define RESOLVE(name, type) do { RESOLVE_OPT(in_own_definition, x); \\
                    b->name = (type)GetProcAddress(m, "coli_cuda_" #name); } while (0)
                #define RESOLVE_OPT(name, type) b->name = (type)GetProcAddress(m, "coli_cuda_" #name)
                #pragma message("RESOLVE(in_pragma, f)")
                char open = '(', close = ')', quote = '"', apostrophe = '\\'';
                const char *s = "RESOLVE(in_string, f) \\" RESOLVE(still_string, f)";
                const wchar_t *w = L"RESOLVE(wide, f)"; const char *u = u8"RESOLVE(utf8, f)";
                RESOLVE(init, T(')', "(", ','));
                /* RESOLVE(block, f); */ RESOLVE(after_block, f); // RESOLVE(line, f);
                """);
        assertEquals(names("init", "after_block"), c.required());
    }

    @Test
    void proseInSkippedGroupAndNonUtf8Comment() throws Exception {
        AbiContract.NamedContract c = parse("#if 0\nThe loader doesn't resolve \"probe any more.\n#endif\n"
                + "/* caf\uFFFD (a Windows-1252 byte read as U+FFFD) */\nRESOLVE(init, f);\n");
        assertEquals(names("init"), c.required());
    }

    @Test
    void macroThatPrependsThePrefixIsTrusted() throws Exception {
        // the host looks up "coli_cuda_" "coli_cuda_init": the contract says so, and the DLL check will show it
        AbiContract.NamedContract c = parse("#define RESOLVE(name, type) GetProcAddress(m, \"coli_cuda_\" #name)\n"
                + "RESOLVE(coli_cuda_init, f);\nRESOLVE(shutdown, f);\n");
        assertEquals(List.of("coli_cuda_coli_cuda_init", "coli_cuda_shutdown"), c.required());
        // the prefix the macro spells is the host's, whatever the default (it used to be replaced)
        AbiContract.NamedContract hip = new LoaderSourceParser("coli_hip_").parse("l.c",
                "#define RESOLVE(name, type) GetProcAddress(m, \"coli_cuda_\" #name)\nRESOLVE(init, f);\n");
        assertEquals(List.of("coli_cuda_init"), hip.required());
        assertTrue(hip.loaderPrefix().orElseThrow().configured().isEmpty(), "a default prefix does not disagree");
        // without a visible prefix in the macro, names with and without it cannot be told apart
        assertTrue(assertThrows(ContractException.class, () -> parse("RESOLVE(coli_cuda_init, f);\nRESOLVE(shutdown, f);\n"))
                .getMessage().startsWith("l.c:2:9: RESOLVE(shutdown, ...) lacks the export prefix"));
    }

    @Test
    void emptyPrefix() throws Exception {
        AbiContract.NamedContract c = new LoaderSourceParser("").parse("l.c", "RESOLVE(coli_cuda_init, f);\nRESOLVE_OPT(other, f);\n");
        assertEquals(List.of("coli_cuda_init"), c.required());
        assertEquals(List.of("other"), c.optional());
    }

    @Test
    void clangExtensionsAndC23() throws Exception {
        AbiContract.NamedContract c = parse("""
                #if 1'000
                RESOLVE(init$v2, f);
                #else
                RESOLVE(dead_c23_separator, f);
                #endif
                #ifdef A
                #elifdef B
                RESOLVE(caf\u00e9, f);
                #elifndef C
                #endif
                """);
        assertEquals(names("init$v2", "caf\u00e9"), c.required());
    }

    @Test
    void windows1252CommentInAFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        byte[] text = "/* caf\u00e9 */\r\nRESOLVE(init, f);\r\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        java.nio.file.Path f = java.nio.file.Files.write(dir.resolve("cp1252.c"), text);
        assertEquals(names("init"), parser.parse(f).required());
    }

    @Test
    void wrapperMacrosStandForTheirUses() throws Exception {
        AbiContract.NamedContract c = parse("""
                #define REQ(n) RESOLVE(n, coli_##n##_fn)
                #define OPT(n, ...) RESOLVE_OPT(n, __VA_ARGS__)
                #define REQUIRED RESOLVE
                #define MUST REQUIRED
                #define RESOLVE_CHAIN() RESOLVE(chain_run, f); RESOLVE(chain_reset, g)
                #define UNUSED_GROUP RESOLVE(never_invoked, f)
                REQ(init);
                REQ
                  (shutdown);
                OPT(graph, graph_fn);
                REQUIRED(memset, f);
                MUST(memcpy, f);
                RESOLVE_CHAIN();
                #if 0
                REQ(dead);
                #endif
                """);
        assertEquals(names("init", "shutdown", "memset", "memcpy", "chain_run", "chain_reset"), c.required());
        assertEquals(names("graph"), c.optional());
        // a wrapper's name alone, or used after an #undef (which an #ifdef may skip), is not guessed at
        assertTrue(assertThrows(ContractException.class, () -> parse("#define REQ(n) RESOLVE(n, f)\nREQ(a);\n"
                + "void *p = (REQ);\n")).getMessage().contains("at line 3 (REQ is not followed by its arguments"));
        assertTrue(assertThrows(ContractException.class, () -> parse("#define REQ(n) RESOLVE(n, f)\nREQ(a);\n#undef REQ\n"
                + "REQ(after_undef);\n")).getMessage().contains("at line 4 (REQ is a macro that reaches RESOLVE"));
        assertEquals("l.c:3:1: coli_cuda_a is resolved twice, first at 2:1; expected each entry point once",
                assertThrows(ContractException.class, () -> parse("#define R(n) RESOLVE(n, f)\nR(a);\nR(a);\n"))
                        .getMessage());
    }
}
