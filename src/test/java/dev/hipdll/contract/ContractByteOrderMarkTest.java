package dev.hipdll.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contract files saved by a Windows editor start with a UTF-8 byte order mark and use CRLF. Before,
 * the mark hid the first line's {@code #define RESOLVE(n, t)} from the directive check, so the
 * macro's parameter {@code n} became a required export; and an export list's first name failed as
 * "not an export name".
 */
class ContractByteOrderMarkTest {
    @TempDir
    Path dir;

    @Test
    void loaderSourceWithByteOrderMarkAndCrlf() throws Exception {
        Path f = dir.resolve("backend_loader.c");
        Files.writeString(f, "\uFEFF#define RESOLVE(n, t) p_##n = (t)sym(#n)\r\n#define RESOLVE_OPT(n, t) RESOLVE(n, t)\r\n"
                + "void load(void) {\r\n  RESOLVE(init, init_fn);\r\n  RESOLVE_OPT(trace, trace_fn);\r\n}\r\n",
                StandardCharsets.UTF_8);
        AbiContract.NamedContract c = new LoaderSourceParser("coli_cuda_").parse(f);
        // RESOLVE_OPT is defined as RESOLVE here: the compiler makes trace required
        assertEquals(List.of("coli_cuda_init", "coli_cuda_trace"), c.required());
        assertEquals(List.of(), c.optional());
    }

    @Test
    void ifZeroOnTheFirstLineAfterAByteOrderMark() throws Exception {
        AbiContract.NamedContract c = new LoaderSourceParser("p_").parse("l.c",
                "\uFEFF#if 0\nRESOLVE(old, f);\n#endif\nRESOLVE(init, f);\n");
        assertEquals(List.of("p_init"), c.required());
    }

    @Test
    void exportListWithByteOrderMark() throws Exception {
        Path f = dir.resolve("exports.txt");
        Files.writeString(f, "\uFEFFcoli_cuda_init\r\ncoli_cuda_trace?\r\n", StandardCharsets.UTF_8);
        AbiContract.NamedContract c = new ExportListParser("coli_cuda_").parse(f);
        assertEquals(List.of("coli_cuda_init"), c.required());
        assertEquals(List.of("coli_cuda_trace"), c.optional());
    }
}
