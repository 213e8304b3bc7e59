package dev.hipdll.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.DetailBound;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyReport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * The reports are written without the JDK's DOM and transformer (the XML) and without jackson-databind's
 * {@code ObjectMapper} (the JSON), which cost the command line's fresh JVM hundreds of milliseconds
 * (docs/performance.md, "The command-line gate, whole process"); their bytes stay what those wrote. Each report of
 * hostile strings (markup characters, quotes, tabs and line breaks, control characters, a lone surrogate, a
 * character outside the BMP, non-ASCII) is compared with the same content written the former way.
 */
class ReportTextAsBeforeTest {
    private static final String[] HOSTILE = {"plain", "a<b>c&d\"e'f", "tab\there", "cr\rlf\nnl", "ü é 中文",
        "emoji \uD83D\uDE00 x", "ctl\u0001\u001f", "lone \uD800 hi", "]]> end", "  spaces  ", "", "\uFFFE\uFFFF",
        "a\r\nb", "%s {} $x", "back\\slash /solidus \u2028"};

    private static VerifyReport hostile() {
        List<Check> checks = new ArrayList<>();
        Verdict[] verdicts = Verdict.values();
        for (int i = 0; i < HOSTILE.length; i++) {
            List<String> details = new ArrayList<>();
            for (int j = 0; j < 60; j++) {  // past the bound of 50: the tail line too
                details.add(HOSTILE[(i + j) % HOSTILE.length] + j);
            }
            checks.add(new Check("pe.format", HOSTILE[i], verdicts[i % verdicts.length], HOSTILE[(i + 1) % HOSTILE.length],
                    HOSTILE[(i + 2) % HOSTILE.length], details));
        }
        Map<String, String> facts = new LinkedHashMap<>();
        for (int i = 0; i < HOSTILE.length; i++) {
            facts.put("fact" + i, HOSTILE[i]);
        }
        return new VerifyReport(Path.of("/tmp/x<&\".dll"), checks, facts);
    }

    @Test
    void junitXmlIsWhatTheTransformerWrote(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("TEST-hipdll-verify.xml");
        new JUnitXmlReport(DetailBound.standard()).write(hostile(), file);
        byte[] written = Files.readAllBytes(file);
        // the former way: the same document through the JDK's DOM and transformer, as the report was written before
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(written));
        Transformer t = TransformerFactory.newInstance().newTransformer();
        t.setOutputProperty(OutputKeys.INDENT, "yes");
        t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
        t.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
        doc.setXmlStandalone(false);
        stripIndentation(doc.getDocumentElement());
        ByteArrayOutputStream former = new ByteArrayOutputStream();
        t.transform(new DOMSource(doc), new StreamResult(former));
        assertEquals(former.toString(StandardCharsets.UTF_8), new String(written, StandardCharsets.UTF_8));
    }

    /** Drops the whitespace-only text nodes the indentation added, so the transformer indents afresh. */
    private static void stripIndentation(org.w3c.dom.Node n) {
        org.w3c.dom.Node c = n.getFirstChild();
        while (c != null) {
            org.w3c.dom.Node next = c.getNextSibling();
            if (c.getNodeType() == org.w3c.dom.Node.TEXT_NODE && c.getTextContent().isBlank()
                    && n.getChildNodes().getLength() > 1) {
                n.removeChild(c);
            } else {
                stripIndentation(c);
            }
            c = next;
        }
    }

    /** As the reports were written: the mapper's UTF-8 bytes (a character outside the BMP as two escapes), a line break. */
    private static String former(ObjectMapper mapper, Object tree) throws Exception {
        return new String(mapper.writeValueAsBytes(tree), StandardCharsets.UTF_8) + "\n";
    }

    @Test
    void jsonReportsAreWhatTheObjectMapperWrote(@TempDir Path dir) throws Exception {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        VerifyReport report = hostile();
        Path json = dir.resolve("verify.json");
        JsonReport jsonReport = new JsonReport(DetailBound.standard());
        jsonReport.write(report, json);
        assertEquals(former(mapper, jsonReport.toJson(report)), Files.readString(json));
        Path sarif = dir.resolve("verify.sarif");
        SarifReport sarifReport = new SarifReport(DetailBound.standard(), dir);
        sarifReport.write(report, sarif);
        assertEquals(former(mapper, sarifReport.toJson(report)), Files.readString(sarif));
    }
}
