package dev.hipdll.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contracts from loader sources in the shape of the three ABI generations (48 = 46 + 2,
 * 56 = 47 + 9, 63 = 47 + 16) with commented-out, string and {@code #if 0} decoys; from explicit
 * lists and list files; and the rule that only one source may be given.
 */
class ContractSourcesTest {
    @TempDir
    Path dir;

    /** A loader source with {@code required} RESOLVE and {@code optional} RESOLVE_OPT lines, plus decoys. */
    static String loader(int required, int optional) {
        StringBuilder s = new StringBuilder("""
                #include <windows.h>
                #define RESOLVE(name, type) b->name = (type)GetProcAddress(m, "coli_cuda_" #name)
                #define RESOLVE_OPT(name, type) \\
                    b->name = (type)GetProcAddress(m, "coli_cuda_" #name)
                int load(coli_backend *b, HMODULE m) {
                """);
        for (int i = 0; i < required; i++) {
            s.append("    RESOLVE(fn_").append(i).append(", fn_t);\n");
            if (i == 3) {
                s.append("    // RESOLVE(commented_out, fn_t);\n");
                s.append("    /* RESOLVE_OPT(block_commented, fn_t);\n       RESOLVE(still_comment, fn_t); */\n");
            }
            if (i == 7) {
                s.append("#if 0\n    RESOLVE(disabled, fn_t);\n#if defined(X)\n    RESOLVE(disabled_nested, fn_t);\n#endif\n#endif\n");
                s.append("    puts(\"RESOLVE(in_string, fn_t)\");\n");
            }
        }
        for (int i = 0; i < optional; i++) {
            s.append("    RESOLVE_OPT(opt_").append(i).append(", fn_t);\n");
        }
        return s.append("    return 0;\n}\n").toString();
    }

    @Test
    void threeAbiGenerations() throws Exception {
        int[][] generations = {{46, 2}, {47, 9}, {47, 16}};
        for (int[] g : generations) {
            Path f = Files.writeString(dir.resolve("loader_" + g[0] + "_" + g[1] + ".c"), loader(g[0], g[1]));
            AbiContract c = new ContractSource(f, List.of(), null, 48, "coli_cuda_").load();
            AbiContract.NamedContract n = assertInstanceOf(AbiContract.NamedContract.class, c);
            assertEquals(g[0], n.required().size());
            assertEquals(g[1], n.optional().size());
            assertEquals(g[0] + g[1], n.expectedCount());
            assertTrue(n.all().stream().allMatch(x -> x.matches("coli_cuda_(fn|opt)_\\d+")), n.all().toString());
            assertTrue(n.origin().contains(g[0] + " RESOLVE + " + g[1] + " RESOLVE_OPT"), n.origin());
        }
    }

    @Test
    void configurablePrefix() throws Exception {
        Path f = Files.writeString(dir.resolve("l.c"), loader(2, 1));
        // the loader spells "coli_cuda_": that is what the host asks for, a default prefix gives way
        AbiContract.NamedContract n = (AbiContract.NamedContract) new ContractSource(f, List.of(), null, 48, "coli_hip_").load();
        assertEquals(List.of("coli_cuda_fn_0", "coli_cuda_fn_1"), n.required());
        assertEquals("coli_cuda_", n.prefix());
        // an explicit prefix that disagrees is recorded, for exports.prefix to fail naming both
        AbiContract.NamedContract x = (AbiContract.NamedContract) new ContractSource(f, List.of(), null, 48, "coli_hip_", true)
                .load();
        assertEquals(java.util.Optional.of("coli_hip_"), x.loaderPrefix().orElseThrow().configured());
        // without a prefix in the macro, the configured one is prepended
        Path bare = Files.writeString(dir.resolve("bare.c"), "RESOLVE(fn_0, f);\n");
        assertEquals(List.of("coli_hip_fn_0"), ((AbiContract.NamedContract) new ContractSource(bare, List.of(), null, 48,
                "coli_hip_").load()).required());
    }

    @Test
    void explicitListWithOptionalNames() throws Exception {
        AbiContract.NamedContract n = (AbiContract.NamedContract) new ContractSource(null,
                List.of("coli_cuda_init", " coli_cuda_shutdown ", "coli_cuda_device_integrated?", ""), null, 48,
                "coli_cuda_").load();
        assertEquals(List.of("coli_cuda_init", "coli_cuda_shutdown"), n.required());
        assertEquals(List.of("coli_cuda_device_integrated"), n.optional());
        assertEquals("hip.exports (2 required + 1 optional)", n.origin());
    }

    @Test
    void listFileWithCommentsAndBadLines() throws Exception {
        Path f = Files.writeString(dir.resolve("exports.txt"), """
                # the ABI of colibri 0.9
                coli_cuda_init
                coli_cuda_shutdown   # since 0.1

                coli_cuda_device_integrated?
                """);
        AbiContract.NamedContract n = (AbiContract.NamedContract) new ContractSource(null, null, f, 48, "coli_cuda_").load();
        assertEquals(2, n.required().size());
        assertEquals(1, n.optional().size());
        Path bad = Files.writeString(dir.resolve("bad.txt"), "coli_cuda_init\ncoli cuda x\n");
        ContractException e = assertThrows(ContractException.class, () -> new ContractSource(null, null, bad, 48, "p").load());
        assertTrue(e.getMessage().startsWith(bad + ":2: 'coli cuda x' is not an export name"), e.getMessage());
        Path dup = Files.writeString(dir.resolve("dup.txt"), "a\nb\na?\n");
        ContractException d = assertThrows(ContractException.class, () -> new ContractSource(null, null, dup, 48, "p").load());
        assertTrue(d.getMessage().startsWith(dup + ":3: a is listed twice"), d.getMessage());
        Path empty = Files.writeString(dir.resolve("empty.txt"), "# nothing\n\n");
        assertTrue(assertThrows(ContractException.class, () -> new ContractSource(null, null, empty, 48, "p").load())
                .getMessage().contains("the export list is empty"));
    }

    @Test
    void countContractIsTheDefault() throws Exception {
        AbiContract c = new ContractSource(null, List.of(), null, 56, "coli_cuda_").load();
        assertEquals(new AbiContract.CountContract("coli_cuda_", 56, "hip.expectedExports=56"), c);
    }

    @Test
    void onlyOneSource() throws Exception {
        Path f = Files.writeString(dir.resolve("l.c"), loader(1, 0));
        List<String> names = new ArrayList<>(List.of("coli_cuda_init"));
        ContractException e = assertThrows(ContractException.class,
                () -> new ContractSource(f, names, f, 48, "coli_cuda_").load());
        assertEquals("give one contract source, not hip.contract and hip.exports and hip.exportsFile", e.getMessage());
    }
}
