package dev.hipdll.diagnosis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every rule of rules.json against a log excerpt shaped like the real thing (most of them real
 * clang-19 / lld-link-19 output, see each file's {@code #! source:} line). A sample is named
 * {@code <rule id>[.<variant>].log}; its {@code #!} header says what the classifier must find:
 * {@code stage}, {@code root} (a substring of the root error line, or {@code none}), {@code cause}
 * (a substring of the cause), optionally {@code command} and {@code outcome}
 * ({@code timeout}, {@code launch: <message>}, {@code exit <code>}), and {@code sdk}: the HIP SDK's directory (a
 * {@link HeaderOrigin}, the steps' working directory {@code /work/p}) for the {@code header} rules.
 */
class RuleBookSamplesTest {
    private static final String DEFAULT_COMMAND = "hipcc -O3 -std=c++17 -x hip --offload-arch=gfx1151 -shared"
            + " -DCOLI_CUDA_BUILDING_DLL backend_cuda.cu cuda_chain.cu -o coli_hip.dll.tmp";
    private final RuleBook book = RuleBook.load();
    private final FailureClassifier classifier = new FailureClassifier(book);

    static Path samples() throws URISyntaxException {
        return Path.of(RuleBookSamplesTest.class.getResource("/dev/hipdll/diagnosis/logs").toURI());
    }

    static List<Path> sampleFiles() throws IOException, URISyntaxException {
        try (Stream<Path> s = Files.list(samples())) {
            return s.filter(p -> p.toString().endsWith(".log")).sorted().toList();
        }
    }

    static String ruleOf(Path sample) {
        String n = sample.getFileName().toString();
        return n.substring(0, n.indexOf('.'));
    }

    @TestFactory
    Stream<DynamicTest> eachSampleIsClassifiedByItsRule() throws IOException, URISyntaxException {
        return sampleFiles().stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            Map<String, String> meta = new HashMap<>();
            List<String> log = new ArrayList<>();
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                if (line.startsWith("#! ")) {
                    int c = line.indexOf(':');
                    meta.put(line.substring(3, c).strip(), line.substring(c + 1).strip());
                } else {
                    log.add(line);
                }
            }
            String outcome = meta.getOrDefault("outcome", "exit 1");
            FailedRun run = new FailedRun(List.of(meta.getOrDefault("command", DEFAULT_COMMAND).split(" ")), log,
                    outcome.startsWith("exit ") ? Integer.parseInt(outcome.substring(5)) : -1,
                    outcome.equals("timeout"), outcome.startsWith("launch: ") ? outcome.substring(8) : null);
            Diagnosis d = (meta.containsKey("sdk") ? new FailureClassifier(book, new HeaderOrigins(List.of(
                    new HeaderOrigin("the HIP SDK", Path.of(meta.get("sdk")))), Path.of("/work/p"))) : classifier).classify(run);
            assertEquals(ruleOf(f), d.ruleId(), () -> "rule for " + f.getFileName() + ": " + d);
            assertEquals(Stage.of(meta.get("stage")), d.stage(), "stage");
            String root = meta.get("root");
            if ("none".equals(root)) {
                assertTrue(d.rootError().isEmpty(), () -> "no root error expected, got " + d.rootError());
            } else {
                assertTrue(d.rootError().isPresent(), "a root error");
                assertTrue(d.rootError().get().text().contains(root), () -> "root error " + d.rootError().get()
                        + " should contain " + root);
            }
            assertTrue(d.cause().contains(meta.get("cause")), () -> "cause '" + d.cause() + "' should contain '"
                    + meta.get("cause") + "'");
            assertFalse(d.cause().contains("{") || d.action().contains("{"), () -> "unfilled placeholder: " + d);
        }));
    }

    @Test
    void everyRuleHasASample() throws IOException, URISyntaxException {
        Set<String> sampled = new TreeSet<>();
        sampleFiles().forEach(f -> sampled.add(ruleOf(f)));
        Set<String> rules = new TreeSet<>();
        book.rules().forEach(r -> rules.add(r.id()));
        assertEquals(rules, sampled, "rules without a sample (or samples without a rule)");
    }

    @Test
    void ruleIdsAreUnique() {
        assertEquals(book.rules().size(), book.rules().stream().map(RuleBook.Rule::id).distinct().count());
    }
}
