package dev.hipdll.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hipdll.testing.Toolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real-world shapes of {@code backend_loader.c}: the example project's loader and variants of it
 * in {@code src/test/resources/dev/hipdll/contract/loaders/} (each compiles with clang-19, see
 * {@link LoaderSourceClangOracleTest}) must all give the example's contract, 46 required + 2
 * optional names in the same order; so must the example with its line ends rewritten as CR LF,
 * lone CR (classic Mac OS) or a mix, with or without a byte order mark.
 */
class LoaderSourceShapesTest {
    static final Path LOADERS = Path.of("src/test/resources/dev/hipdll/contract/loaders");
    private static final LoaderSourceParser PARSER = new LoaderSourceParser("coli_cuda_");
    private static AbiContract.NamedContract example;

    @TempDir
    Path dir;

    static Path exampleLoader() {
        return Toolchain.exampleDir().resolve("host/backend_loader.c");
    }

    @BeforeAll
    static void readExample() throws Exception {
        example = PARSER.parse(exampleLoader());
        assertEquals(46, example.required().size());
        assertEquals(2, example.optional().size());
        assertEquals(List.of("coli_cuda_device_integrated", "coli_cuda_e8_set_grid"), example.optional());
        assertEquals("coli_cuda_init", example.required().get(0));
        assertEquals("coli_cuda_pipe_upload", example.required().get(45));
    }

    @ParameterizedTest
    @ValueSource(strings = {"multiline-full-names.c", "splices.c", "conditionals.c", "decoys.c", "impl-macro.c",
        "wrapper-macros.c"})
    void variantGivesTheExampleContract(String variant) throws Exception {
        AbiContract.NamedContract c = PARSER.parse(LOADERS.resolve(variant));
        assertEquals(example.required(), c.required(), variant);
        assertEquals(example.optional(), c.optional(), variant);
        assertEquals(LOADERS.resolve(variant) + " (46 RESOLVE + 2 RESOLVE_OPT)", c.origin());
    }

    @ParameterizedTest
    @ValueSource(strings = {"\r\n", "\r", "mixed", "bom+\r\n", "bom+\r"})
    void lineEnds(String ends) throws Exception {
        String text = Files.readString(exampleLoader(), StandardCharsets.UTF_8);
        String converted;
        if (ends.equals("mixed")) {
            StringBuilder s = new StringBuilder();
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                s.append(lines[i]).append(i == lines.length - 1 ? "" : List.of("\r\n", "\r", "\n").get(i % 3));
            }
            converted = s.toString();
        } else {
            boolean bom = ends.startsWith("bom+");
            converted = (bom ? "\uFEFF" : "") + text.replace("\n", bom ? ends.substring(4) : ends);
        }
        Path f = dir.resolve("backend_loader.c");
        Files.writeString(f, converted, StandardCharsets.UTF_8);
        AbiContract.NamedContract c = PARSER.parse(f);
        assertEquals(example.required(), c.required());
        assertEquals(example.optional(), c.optional());
    }

    /** Every variant spelled with lone CRs: splices and directives work with classic Mac OS line ends too. */
    @ParameterizedTest
    @ValueSource(strings = {"multiline-full-names.c", "splices.c", "conditionals.c", "decoys.c", "impl-macro.c",
        "wrapper-macros.c"})
    void variantWithLoneCarriageReturns(String variant) throws Exception {
        Path f = dir.resolve(variant);
        Files.writeString(f, Files.readString(LOADERS.resolve(variant)).replace("\n", "\r"));
        AbiContract.NamedContract c = PARSER.parse(f);
        assertEquals(example.required(), c.required(), variant);
        assertEquals(example.optional(), c.optional(), variant);
    }

    @Test
    void errorPositionsCountLoneCarriageReturnsAsLineEnds() {
        ContractException e = org.junit.jupiter.api.Assertions.assertThrows(ContractException.class,
                () -> PARSER.parse("mac.c", "/* a */\r\r  RESOLVE(init, f);\r  RESOLVE(\"x\", f);\r"));
        assertEquals("mac.c:4:11: RESOLVE( expects an entry point name (a C identifier) as its first argument,"
                + " e.g. RESOLVE(init, init_fn); found '\"x\"'", e.getMessage());
    }
}
