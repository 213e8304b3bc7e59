package dev.hipdll.redteam;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.verify.PathLeak;
import dev.hipdll.verify.PathLeakScanner;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Red team (build paths): the scanner's end-tag exception ({@code </root>} is markup, not the path
 * {@code /root}) against a real path written between angle brackets, and the XML fragments it must let pass.
 */
class PathLeakAttackTest {
    private static List<PathLeak> scan(List<String> paths, boolean generic, String text, boolean wide) throws Exception {
        byte[] b = text.getBytes(wide ? StandardCharsets.UTF_16LE : StandardCharsets.US_ASCII);
        return new PathLeakScanner(paths, generic).scan(new ByteArrayInputStream(b), b.length);
    }

    @Test
    void markupEndTagsAreNotPaths() throws Exception {
        for (boolean wide : new boolean[] {false, true}) {
            String xml = "<assembly><trustInfo><security></security></trustInfo><home>x</home><root/></root></assembly>";
            assertTrue(scan(List.of("/home", "/root"), false, xml, wide).isEmpty(), "wide " + wide);
        }
    }

    @Test
    void aPathAmongOtherTextIsFound() throws Exception {
        for (boolean wide : new boolean[] {false, true}) {
            assertFalse(scan(List.of("/home/alice"), false, "src: /home/alice;", wide).isEmpty(), "wide " + wide);
            assertFalse(scan(List.of("C:\\Users\\alice"), false, "<C:\\Users\\alice>", wide).isEmpty(), "wide " + wide);
            assertFalse(scan(List.of(), true, "file </home/alice/work/src/k.hip> x", wide).isEmpty(), "generic, wide " + wide);
        }
    }

    /**
     * FINDING: the build machine's home {@code /home/alice} (hip.buildPaths, or the verifier's own home) written as
     * {@code </home/alice>} (a path between angle brackets: "include dir </home/alice>", a diagnostic's
     * "<%s>") is taken for an XML end tag and not reported, in ASCII and UTF-16LE: any exact build root hides so.
     */
    @Test
    void anExactBuildRootBetweenAngleBracketsIsFound() throws Exception {
        for (boolean wide : new boolean[] {false, true}) {
            assertFalse(scan(List.of("/home/alice"), false, "include dir </home/alice>", wide).isEmpty(), "wide " + wide);
            assertFalse(scan(List.of("/opt/rocm-6.2.0"), false, "sdk </opt/rocm-6.2.0>", wide).isEmpty(), "wide " + wide);
        }
    }
}
