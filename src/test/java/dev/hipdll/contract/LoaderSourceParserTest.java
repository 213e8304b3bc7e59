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
        assertEquals(List.of("coli_cuda_graph_capture_begin", "coli_cuda_graph_capture_end"), c.optional());
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
}
