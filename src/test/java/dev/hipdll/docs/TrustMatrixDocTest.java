package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The trust matrix of docs/verify.md, as docs/verify-reference.md repeats it in "Which test proves what":
 * three rows of three cells, each naming the test that asserts it, and every test named there exists (a class under src/test/java, and the method when one is named).
 */
class TrustMatrixDocTest {
    private static final Pattern NAMED = Pattern.compile("`([A-Z][A-Za-z0-9]*Test)(?:\\.([a-z][A-Za-z0-9]*))?`");

    @Test
    void everyCellNamesATestThatExists() throws IOException {
        String doc = Files.readString(Path.of("docs/verify-reference.md"));
        int start = doc.indexOf("<a id=\"the-matrix-what-a-pass-proves-per-trust-configuration-and-input-path\"></a>");
        int end = doc.indexOf("**The build side's input paths**", start);
        assertTrue(start > 0 && end > start, "docs/verify-reference.md has no trust matrix");
        assertEquals(List.of(), missing(doc.substring(start, end), 3, 4));
    }

    /** The build side's matrix (docs/trust.md): four trust configurations by three input paths, each cell tested. */
    @Test
    void everyCellOfTheBuildSidesMatrixNamesATestThatExists() throws IOException {
        String doc = Files.readString(Path.of("docs/trust.md"));
        int start = doc.indexOf("<a id=\"the-matrix\"></a>");
        int end = doc.indexOf("### The adversary's tests", start);
        assertTrue(start > 0 && end > start, "docs/trust.md has no matrix");
        assertEquals(List.of(), missing(doc.substring(start, end), 4, 4));
    }

    /** The tests the matrix's cells name that do not exist; every cell must name one. */
    private static List<String> missing(String matrix, int rowCount, int cellCount) throws IOException {
        List<String> rows = matrix.lines().filter(l -> l.startsWith("| **")).toList();
        assertEquals(rowCount, rows.size(), rows.toString());
        List<String> missing = new ArrayList<>();
        for (String row : rows) {
            String[] cells = row.split(" \\| ");
            assertEquals(cellCount, cells.length, row);
            for (int i = 1; i < cells.length; i++) {
                Matcher m = NAMED.matcher(cells[i]);
                assertTrue(m.find(), "a cell without a test: " + cells[i]);
                do {
                    Path file = find(m.group(1));
                    if (file == null) {
                        missing.add(m.group(1));
                    } else if (m.group(2) != null && !Files.readString(file).contains("void " + m.group(2) + "(")) {
                        missing.add(m.group(1) + "." + m.group(2));
                    }
                } while (m.find());
            }
        }
        return missing;
    }

    private static Path find(String className) throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("src/test/java"))) {
            return files.filter(f -> f.getFileName().toString().equals(className + ".java")).findFirst().orElse(null);
        }
    }
}
