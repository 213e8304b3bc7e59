package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.pipeline.TranslationUnits;
import dev.hipdll.io.ControlCharacters;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Source names that would write into the log or share a step are refused before anything runs
 *: a line feed in a name put GitHub workflow commands ({@code ::error ...}) at the start of log
 * lines; {@code back\slash.cu} beside {@code back/slash.cu} crashed the build ("two steps have the id").
 */
class SourceNamesTest {
    private static final Path HIP = Path.of("/p/src/main/hip");

    private static String refused(List<Path> sources, List<Path> includes) {
        return assertThrows(IllegalArgumentException.class,
                () -> new TranslationUnits(HIP, sources, includes, List.of(), List.of())).getMessage();
    }

    @Test
    void aControlCharacterInASourceNameIsRefusedNamingItEscaped() {
        String m = refused(List.of(HIP.resolve("ok.cu"), HIP.resolve("a\n::error title=pwned::owned\nb.cu")), List.of());
        assertEquals(-1, ControlCharacters.first(m), m);  // nothing of it starts a line of its own
        assertTrue(m.startsWith("the source /p/src/main/hip/a\\n::error title=pwned::owned\\nb.cu has a control character"
                + " in its name (shown escaped: \\n)"), m);
        for (String name : List.of("a\rb.cu", "a\tb.cu", "a\u001bb.cu", "a\u007fb.cu", "a\u0085b.cu", "a\u2028b.cu")) {
            String n = refused(List.of(HIP.resolve(name)), List.of());
            assertEquals(-1, ControlCharacters.first(n), n);
            assertTrue(n.contains("has a control character in its name"), n);
        }
        assertTrue(refused(List.of(HIP.resolve("a\u001bb.cu")), List.of()).contains("a\\x1bb.cu"));
        assertTrue(refused(List.of(HIP.resolve("a\u2028b.cu")), List.of()).contains("a\\u2028b.cu"));
        // any component of the path, and the include directories
        assertTrue(refused(List.of(HIP.resolve("dir\nx/k.cu")), List.of()).contains("/p/src/main/hip/dir\\nx/k.cu"));
        assertTrue(refused(List.of(HIP.resolve("k.cu")), List.of(Path.of("/p/inc\nlude")))
                .startsWith("the include directory /p/inc\\nlude has a control character"));
    }

    @Test
    void twoSourcesThatWouldBeOneUnitAreRefusedNamingBoth() {
        String m = refused(List.of(HIP.resolve("back/slash.cu"), HIP.resolve("back\\slash.cu")), List.of());
        assertTrue(m.startsWith("the sources /p/src/main/hip/back/slash.cu and /p/src/main/hip/back\\slash.cu would both"
                + " be the translation unit 'back/slash.cu'"), m);
        // outside the source directory a unit is named by its file name
        String outside = refused(List.of(Path.of("/p/a/k.cu"), Path.of("/p/b/k.cu")), List.of());
        assertTrue(outside.startsWith("the sources /p/a/k.cu and /p/b/k.cu would both be the translation unit 'k.cu'"),
                outside);
        assertEquals("the source /p/src/main/hip/k.cu is given twice",
                refused(List.of(HIP.resolve("k.cu"), HIP.resolve("k.cu")), List.of()));
    }

    @Test
    void ordinaryAndOddButHarmlessNamesPass() {
        new TranslationUnits(HIP, List.of(HIP.resolve("back\\slash.cu"), HIP.resolve("50%.cu"), HIP.resolve("sp ace.cu"),
                HIP.resolve("ünï.cu"), HIP.resolve("ops/gemm.cu")), List.of(HIP.resolve("include")), List.of(), List.of());
    }

    @Test
    @org.junit.jupiter.api.condition.DisabledOnOs(value = org.junit.jupiter.api.condition.OS.WINDOWS,
            disabledReason = "a backslash cannot be part of a file name on Windows")
    void aScannedTreeWithBackslashBesideSlashIsRefusedNotCrashed(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path hip = java.nio.file.Files.createDirectories(dir.resolve("src/main/hip/back"));
        java.nio.file.Files.writeString(hip.resolve("slash.cu"), "//\n");
        java.nio.file.Files.writeString(hip.resolveSibling("back\\slash.cu"), "//\n");
        List<Path> found = new dev.hipdll.sources.SourceScanner(List.of("**/*.cu")).scan(hip.getParent()).files();
        assertEquals(2, found.size(), found.toString());
        String m = assertThrows(IllegalArgumentException.class, () -> new TranslationUnits(hip.getParent(), found,
                List.of(), List.of(), List.of())).getMessage();
        assertTrue(m.contains(hip.resolve("slash.cu").toString()) && m.contains(hip.resolveSibling("back\\slash.cu")
                .toString()) && m.contains("would both be the translation unit 'back/slash.cu'"), m);
    }
}
