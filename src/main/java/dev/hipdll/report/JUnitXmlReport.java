package dev.hipdll.report;

import dev.hipdll.findings.DetailBound;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckResults;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyReport;
import dev.hipdll.io.AtomicFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Writes a goal's checks as a JUnit-style XML report ({@code TEST-hipdll-<goal>.xml}, the shape
 * Surefire writes and CI systems display; {@code TEST-hipdll-verify.xml} for verify,
 * {@code TEST-hipdll-load-check.xml} for load-check): one {@code <testsuite name="hipdll-<goal>">},
 * one {@code <testcase classname="hipdll.<goal>" name="<check id>">} per check, a
 * {@code <failure>} for FAIL, {@code <skipped>} for SKIP, and the expected/found/details text in
 * {@code <system-out>} (WARN is a passing test case whose output starts with {@code WARN}).
 * Built with the JDK's DOM and transformer, so every character is escaped correctly.
 */
public final class JUnitXmlReport {
    private final DetailBound bound;

    /** A report showing at most {@link DetailBound#DEFAULT} detail lines per check. */
    public JUnitXmlReport() {
        this(DetailBound.standard());
    }

    /** A report showing at most {@code bound} detail lines per check, then how many more there are. */
    public JUnitXmlReport(DetailBound bound) {
        this.bound = bound;
    }

    /** File name of verify's report. */
    public static final String FILE_NAME = fileName("verify");

    /** The report file name for {@code goal}, e.g. {@code TEST-hipdll-load-check.xml}. */
    public static String fileName(String goal) {
        return "TEST-hipdll-" + goal + ".xml";
    }

    /** Verify's report as a DOM document. */
    public Document toXml(VerifyReport report) {
        return toXml("verify", report.dll(), report.facts(), report);
    }

    /**
     * A goal's checks as a DOM document.
     *
     * @param goal    the goal's name ({@code verify}, {@code load-check}): suite {@code hipdll-<goal>},
     *                class name {@code hipdll.<goal>}
     * @param subject the file the checks are about (the DLL), recorded as the property {@code dll}
     * @param facts   more properties, in order
     * @param results the checks
     */
    public Document toXml(String goal, Path subject, Map<String, String> facts, CheckResults results) {
        Document doc;
        try {
            doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML support is not configured: " + e.getMessage(), e);
        }
        Element suite = doc.createElement("testsuite");
        doc.appendChild(suite);
        suite.setAttribute("name", "hipdll-" + goal);
        suite.setAttribute("tests", Integer.toString(results.checks().size()));
        suite.setAttribute("failures", Long.toString(results.count(Verdict.FAIL)));
        suite.setAttribute("errors", "0");
        suite.setAttribute("skipped", Long.toString(results.count(Verdict.SKIP)));
        suite.setAttribute("time", "0");
        Element props = doc.createElement("properties");
        suite.appendChild(props);
        addProperty(doc, props, "dll", subject.toAbsolutePath().toString());
        facts.forEach((k, v) -> addProperty(doc, props, k, v));
        for (Check c : results.checks()) {
            Element tc = doc.createElement("testcase");
            tc.setAttribute("classname", "hipdll." + goal);
            tc.setAttribute("name", c.id());
            tc.setAttribute("time", "0");
            StringBuilder text = new StringBuilder();
            text.append(c.verdict()).append(": ").append(c.title()).append('\n');
            text.append("expected: ").append(c.expected()).append('\n');
            text.append("found: ").append(c.found()).append('\n');
            bound.shown(c).forEach(d -> text.append("- ").append(d).append('\n'));
            bound.tail(c).ifPresent(t -> text.append("- ").append(t).append('\n'));
            if (c.verdict() == Verdict.FAIL) {
                Element f = doc.createElement("failure");
                f.setAttribute("type", "hipdll." + goal + "." + c.id());
                f.setAttribute("message", clean(c.found()));
                f.setTextContent(clean(text.toString()));
                tc.appendChild(f);
            } else if (c.verdict() == Verdict.SKIP) {
                Element s = doc.createElement("skipped");
                s.setAttribute("message", clean(c.found()));
                tc.appendChild(s);
            }
            Element out = doc.createElement("system-out");
            out.setTextContent(clean(text.toString()));
            tc.appendChild(out);
            suite.appendChild(tc);
        }
        return doc;
    }

    /**
     * A release package's report: {@code <testsuites name="hipdll-verify">} holding one
     * {@code <testsuite name="hipdll-verify.package">} for the package's checks and one
     * {@code <testsuite name="hipdll-verify:<path in the package>">} per PE file, its test cases of class
     * {@code hipdll.verify.<path in the package>}.
     */
    public Document toXml(dev.hipdll.release.PackageReport report) {
        Document doc = toXml("verify", report.source(), report.facts(), new Group(report.packageChecks()));
        Element first = doc.getDocumentElement();
        first.setAttribute("name", "hipdll-verify.package");
        Element suites = doc.createElement("testsuites");
        suites.setAttribute("name", "hipdll-verify");
        suites.setAttribute("tests", Integer.toString(report.checks().size()));
        suites.setAttribute("failures", Long.toString(report.count(Verdict.FAIL)));
        suites.setAttribute("errors", "0");
        suites.setAttribute("skipped", Long.toString(report.count(Verdict.SKIP)));
        doc.removeChild(first);
        doc.appendChild(suites);
        suites.appendChild(first);
        for (dev.hipdll.release.PackageReport.FileReport f : report.files()) {
            Document one = toXml("verify", report.source(), f.report().facts(), f.report());
            Element suite = (Element) doc.importNode(one.getDocumentElement(), true);
            suite.setAttribute("name", "hipdll-verify:" + f.name());
            org.w3c.dom.NodeList cases = suite.getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                ((Element) cases.item(i)).setAttribute("classname", "hipdll.verify." + f.name());
            }
            org.w3c.dom.NodeList props = suite.getElementsByTagName("property");
            for (int i = 0; i < props.getLength(); i++) {
                Element p = (Element) props.item(i);
                if (p.getAttribute("name").equals("dll")) {
                    p.setAttribute("value", clean(f.name()));
                }
            }
            suites.appendChild(suite);
        }
        return doc;
    }

    /** Writes a release package's report to {@code file} atomically. */
    public void write(dev.hipdll.release.PackageReport report, Path file) throws IOException {
        write(toXml(report), file);
    }

    /** A list of checks as {@link CheckResults}. */
    private record Group(java.util.List<Check> checks) implements CheckResults {
    }

    /** XML 1.0 cannot carry most control characters (a hostile DLL's names may hold them): shown as \xNN. */
    static String clean(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0xfffe || c == 0xffff
                    || Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1)) || Character.isLowSurrogate(c) && i > 0
                    && Character.isHighSurrogate(s.charAt(i - 1)))) {
                b.append(String.format("\\x%02X", (int) c & 0xff));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static void addProperty(Document doc, Element props, String name, String value) {
        Element p = doc.createElement("property");
        p.setAttribute("name", name);
        p.setAttribute("value", clean(value));
        props.appendChild(p);
    }

    /** Writes verify's report to {@code file} atomically. */
    public void write(VerifyReport report, Path file) throws IOException {
        write(toXml(report), file);
    }

    /** Writes a goal's report (see {@link #toXml(String, Path, Map, CheckResults)}) to {@code file} atomically. */
    public void write(String goal, Path subject, Map<String, String> facts, CheckResults results, Path file)
            throws IOException {
        write(toXml(goal, subject, facts, results), file);
    }

    private static void write(Document doc, Path file) throws IOException {
        AtomicFile.write(file, out -> {
            try {
                Transformer t = TransformerFactory.newInstance().newTransformer();
                t.setOutputProperty(OutputKeys.INDENT, "yes");
                t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
                t.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
                t.transform(new DOMSource(doc), new StreamResult(out));
            } catch (TransformerException e) {
                throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
            }
        });
    }
}
