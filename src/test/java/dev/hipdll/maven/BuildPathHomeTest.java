package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.verify.PathLeakScanner;
import dev.hipdll.bytes.ByteSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hole 7: {@code paths.build} must not depend on who runs verify. A real DLL (clang-19 and lld-link-19)
 * whose data holds the markup end tags {@code </root>}, {@code </home>} and {@code </Users>} (ASCII and UTF-16LE, as
 * in a manifest) gets the same verdict and the same findings whether the home of the account running hipdll:verify
 * ({@code user.home}) is {@code /root}, {@code /home/builder} or {@code C:\Users\builder}; the same DLL with a real
 * {@code /home/u/...} and {@code C:\Users\x\...} path still fails, naming both, whatever the home.
 */
class BuildPathHomeTest {
    @TempDir
    Path dir;

    static final String TAGS = "static const char xml[] = \"<assembly><root><home>x</home></root><Users/></Users></assembly>\";\n"
            + "static const unsigned short wide[] = u\"<r></root><h></home>\";\n"
            + "__declspec(dllexport) const char *coli_cuda_xml(void) { return xml; }\n"
            + "__declspec(dllexport) const unsigned short *coli_cuda_wide(void) { return wide; }\n";
    static final String PATHS = "static const char src[] = \"/home/u/proj/src/kernel.c\";\n"
            + "static const char win[] = \"C:\\\\Users\\\\x\\\\proj\\\\kernel.obj\";\n"
            + "__declspec(dllexport) const char *coli_cuda_src(void) { return src; }\n"
            + "__declspec(dllexport) const char *coli_cuda_win(void) { return win; }\n";

    private JsonNode pathsBuild(Path dll, String home, String name) throws Exception {
        VerifyMojo m = new VerifyMojo() {
            @Override
            Host host() {
                return Host.of(OsFamily.UNIX, Map.of());
            }
        };
        m.dll = dll.toFile();
        m.staticRuntime = true;
        m.expectedExports = 2;
        m.maxBundleMiB = 512;
        m.skipChecks = List.of();
        m.reportDirectory = dir.resolve("reports-" + name).toFile();
        String before = System.getProperty("user.home");
        System.setProperty("user.home", home);  // the JVM's home, as the account running Maven has it
        try {
            m.execute();
        } catch (MojoFailureException expected) {
            // the plain DLL has no device code: other checks fail; paths.build is what is compared
        } finally {
            System.setProperty("user.home", before);
        }
        JsonNode json = new ObjectMapper().readTree(dir.resolve("reports-" + name + "/verify.json").toFile());
        for (JsonNode c : json.get("checks")) {
            if (c.get("id").asText().equals("paths.build")) {
                return c;
            }
        }
        throw new AssertionError("no paths.build in " + json);
    }

    @Test
    void theVerdictOnMarkupTagsIsTheSameWhoeverRunsVerify() throws Exception {
        Path tags = Fixtures.cDll(dir.resolve("tags"), "tags.dll", "x86_64-pc-windows-msvc", TAGS, List.of());
        Path leak = Fixtures.cDll(dir.resolve("leak"), "leak.dll", "x86_64-pc-windows-msvc", TAGS + PATHS, List.of());
        List<String> tagVerdicts = new ArrayList<>();
        List<String> leakVerdicts = new ArrayList<>();
        int n = 0;
        for (String home : List.of("/root", "/home/builder", "C:\\Users\\builder", "/home")) {
            JsonNode t = pathsBuild(tags, home, "t" + n);
            JsonNode l = pathsBuild(leak, home, "l" + n);
            n++;
            tagVerdicts.add(t.get("verdict").asText() + " " + t.get("details"));
            leakVerdicts.add(l.get("verdict").asText() + " " + l.get("details"));
            assertEquals("PASS", t.get("verdict").asText(), "home " + home + ": " + t);
            assertEquals("FAIL", l.get("verdict").asText(), "home " + home + ": " + l);
            String details = l.get("details").toString();
            assertTrue(details.contains("/home/u/proj/src/kernel.c") && details.contains("C:\\\\Users\\\\x\\\\proj"),
                    "home " + home + ": " + details);
            assertFalse(details.contains("</"), "home " + home + ": a tag reported: " + details);
        }
        assertEquals(1, tagVerdicts.stream().distinct().count(), tagVerdicts.toString());
        assertEquals(1, leakVerdicts.stream().distinct().count(), leakVerdicts.toString());
    }

    /** The scanner itself: a path given to it is not found in an end tag, and is still found as a path. */
    @Test
    void aGivenPathIsNotFoundInAnEndTagButIsFoundAsAPath() throws Exception {
        for (String text : List.of("<x></root>", "a</root>b")) {
            byte[] b = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            try (ByteSource s = ByteSource.of("t", b)) {
                assertEquals(List.of(), new PathLeakScanner(List.of("/root"), false).scan(s), text);
            }
        }
        for (String text : List.of("cd /root/src\u0000", "</root/x>", "</root\u0000", "\"/root\"")) {
            byte[] b = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            try (ByteSource s = ByteSource.of("t", b)) {
                assertEquals(1, new PathLeakScanner(List.of("/root"), false).scan(s).size(), text);
            }
        }
        byte[] wide = "<r></root>".getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
        try (ByteSource s = ByteSource.of("w", wide)) {
            assertEquals(List.of(), new PathLeakScanner(List.of("/root"), false).scan(s), "UTF-16LE end tag");
        }
    }
}
