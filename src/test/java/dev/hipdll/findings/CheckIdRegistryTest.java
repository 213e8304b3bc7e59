package dev.hipdll.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every check id is a constant of {@link CheckIds}, once. The main sources are read as text: no
 * {@code Check.of("…"} or {@code new Check("…"} with a literal id, and no string literal equal to a registered
 * dotted or hyphenated id (e.g. {@code String id = "device-code.registered"}) outside the registry.
 */
class CheckIdRegistryTest {
    private static final Path MAIN = Path.of("src/main/java");
    private static final Pattern LITERAL_ID = Pattern.compile("(?:Check\\.of|new Check)\\(\\s*\"([^\"]*)\"");
    private static final Pattern STRING = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

    private static List<Path> sources() throws IOException {
        try (Stream<Path> files = Files.walk(MAIN)) {
            return files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> !f.endsWith(Path.of("dev/hipdll/findings/CheckIds.java"))).sorted().toList();
        }
    }

    @Test
    void idsAreUniqueAndWellFormed() {
        List<String> every = CheckIds.every();
        Set<String> seen = new HashSet<>();
        for (String id : every) {
            assertTrue(seen.add(id), "twice in the registry: " + id);
            assertTrue(id.matches("[a-z][a-z0-9-]*(\\.[a-z0-9-]+)*"), "not an id: " + id);
        }
        assertTrue(every.containsAll(List.of("artifact.attestation", "runtime.present", "msvc.toolsets", "sdk.version",
                "env.whitespace", "device-code.registered", "package.contents")), every.toString());
    }

    @Test
    void noCheckIdIsALiteralOutsideTheRegistry() throws IOException {
        Set<String> registered = new HashSet<>();
        for (String id : CheckIds.every()) {
            if (id.contains(".") || id.contains("-")) {  // "load" and "sdk" are words too (JSON fields, labels)
                registered.add(id);
            }
        }
        List<String> found = new ArrayList<>();
        for (Path f : sources()) {
            String text = Files.readString(f);
            Matcher m = LITERAL_ID.matcher(text);
            while (m.find()) {
                found.add(f + ": a check made with the literal id \"" + m.group(1) + "\"");
            }
            for (String line : text.split("\n")) {
                if (line.strip().startsWith("*") || line.strip().startsWith("//")) {
                    continue;  // docs name ids in {@code ...}
                }
                Matcher s = STRING.matcher(line);
                while (s.find()) {
                    if (registered.contains(s.group(1))) {
                        found.add(f + ": the literal \"" + s.group(1) + "\" (CheckIds has it): " + line.strip());
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }
}
