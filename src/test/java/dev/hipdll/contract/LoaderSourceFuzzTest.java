package dev.hipdll.contract;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A seeded mutation loop over the loader variants ({@value #MUTANTS} mutants, the same on every machine), in the
 * normal test command, with a time limit that only guards against a hang:
 * whatever the text, the parser returns a contract or throws {@link ContractException}; never
 * another exception, never a hang. Mutations splice in C fragments that stress the reader
 * (quotes, comment openers, backslash-newlines, lone CRs, directives, parentheses, commas).
 */
@Tag("fuzz")
class LoaderSourceFuzzTest {
    /** How many mutants run: fixed, so the verdict never depends on the machine's speed. */
    static final int MUTANTS = 600;
    private static final String[] FRAGMENTS = {
        "(", ")", ",", "\"", "'", "/*", "*/", "//", "\\\n", "\\\r", "\\\r\n", "\r", "\n", "\n#if 0\n", "\n#else\n",
        "\n#endif\n", "\n#elif 1\n", "\n#ifdef X\n", "#", "##", "%:", "RESOLVE", "RESOLVE(", "RESOLVE_OPT(", "coli_cuda_",
        "\n#define RESOLVE(n, t) \"coli_cuda_\" #n\n", "\n#define W(x) RESOLVE(x, t)\n", "0x0", "L\"", "u8'", "\uFFFD",
        "\t", "\\", "??/", "1'000", ".5e+3",
    };

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)  // a hang guard, not a speed requirement
    void mutantsGiveAContractOrAContractException() throws Exception {
        List<String> seeds = new ArrayList<>();
        seeds.add(Files.readString(LoaderSourceShapesTest.exampleLoader()));
        for (String v : List.of("multiline-full-names.c", "splices.c", "conditionals.c", "decoys.c", "impl-macro.c",
                "wrapper-macros.c")) {
            seeds.add(Files.readString(LoaderSourceShapesTest.LOADERS.resolve(v)));
        }
        Random r = new Random(5_1_1_2L);
        LoaderSourceParser parser = new LoaderSourceParser("coli_cuda_");
        // a fixed number of seeded mutants: the verdict never depends on the machine's speed;
        // the time limit below only guards against a hang
        int runs = 0;
        int contracts = 0;
        while (runs < MUTANTS) {
            StringBuilder s = new StringBuilder(seeds.get(r.nextInt(seeds.size())));
            int edits = 1 + r.nextInt(8);
            for (int e = 0; e < edits; e++) {
                int at = r.nextInt(s.length() + 1);
                switch (r.nextInt(4)) {
                    case 0 -> s.insert(at, FRAGMENTS[r.nextInt(FRAGMENTS.length)]);
                    case 1 -> s.delete(at, Math.min(s.length(), at + r.nextInt(200)));
                    case 2 -> {
                        int end = Math.min(s.length(), at + r.nextInt(400));
                        s.insert(r.nextInt(s.length() + 1), s.substring(at, end));
                    }
                    default -> s.insert(at, (char) (r.nextInt(0x7F - 0x20) + 0x20));
                }
            }
            try {
                parser.parse("mutant" + runs + ".c", s.toString());
                contracts++;
            } catch (ContractException expected) {
                assertTrue(expected.getMessage().startsWith("mutant" + runs + ".c"), expected.getMessage());
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError("mutant " + runs + " threw " + e + "; text:\n" + s, e);
            }
            runs++;
        }
        assertTrue(contracts > 0 && contracts < runs, contracts + " of " + runs + " mutants gave a contract");
    }
}
