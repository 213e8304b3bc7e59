package dev.hipdll.report;

import dev.hipdll.findings.DetailBound;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckResults;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyReport;
import dev.hipdll.io.AtomicFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes a goal's checks as a JUnit-style XML report ({@code TEST-hipdll-<goal>.xml}, the shape
 * Surefire writes and CI systems display; {@code TEST-hipdll-verify.xml} for verify,
 * {@code TEST-hipdll-load-check.xml} for load-check): one {@code <testsuite name="hipdll-<goal>">},
 * one {@code <testcase classname="hipdll.<goal>" name="<check id>">} per check, a
 * {@code <failure>} for FAIL, {@code <skipped>} for SKIP, and the expected/found/details text in
 * {@code <system-out>} (WARN is a passing test case whose output starts with {@code WARN}).
 * Every character is escaped ({@link #clean(String)} for those XML 1.0 cannot carry).
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

    /** Verify's report as XML text (what {@link #write(VerifyReport, Path)} writes). */
    public String toXml(VerifyReport report) {
        return toXml("verify", report.dll(), report.facts(), report);
    }

    /**
     * A goal's checks as XML text.
     *
     * @param goal    the goal's name ({@code verify}, {@code load-check}): suite {@code hipdll-<goal>},
     *                class name {@code hipdll.<goal>}
     * @param subject the file the checks are about (the DLL), recorded as the property {@code dll}
     * @param facts   more properties, in order
     * @param results the checks
     */
    public String toXml(String goal, Path subject, Map<String, String> facts, CheckResults results) {
        Xml x = new Xml();
        x.declaration();
        suite(x, "", "hipdll-" + goal, "hipdll." + goal, subject.toAbsolutePath().toString(), facts, results);
        return x.toString();
    }

    /** One {@code <testsuite>} at {@code indent}. */
    private void suite(Xml x, String indent, String name, String classname, String dll, Map<String, String> facts,
                       CheckResults results) {
        x.open(indent, "testsuite", "errors", "0", "failures", Long.toString(results.count(Verdict.FAIL)), "name", name,
                "skipped", Long.toString(results.count(Verdict.SKIP)), "tests", Integer.toString(results.checks().size()),
                "time", "0");
        String in = indent + "  ";
        x.open(in, "properties");
        x.empty(in + "  ", "property", "name", "dll", "value", clean(dll));
        for (Map.Entry<String, String> f : facts.entrySet()) {
            x.empty(in + "  ", "property", "name", f.getKey(), "value", clean(f.getValue()));
        }
        x.close(in, "properties");
        for (Check c : results.checks()) {
            x.open(in, "testcase", "classname", classname, "name", c.id(), "time", "0");
            StringBuilder text = new StringBuilder();
            text.append(c.verdict()).append(": ").append(c.title()).append('\n');
            text.append("expected: ").append(c.expected()).append('\n');
            text.append("found: ").append(c.found()).append('\n');
            for (String d : bound.shown(c)) {
                text.append("- ").append(d).append('\n');
            }
            if (bound.tail(c).isPresent()) {
                text.append("- ").append(bound.tail(c).get()).append('\n');
            }
            String body = clean(text.toString());
            if (c.verdict() == Verdict.FAIL) {
                x.text(in + "  ", "failure", body, "message", clean(c.found()), "type", classname + "." + c.id());
            } else if (c.verdict() == Verdict.SKIP) {
                x.empty(in + "  ", "skipped", "message", clean(c.found()));
            }
            x.text(in + "  ", "system-out", body);
            x.close(in, "testcase");
        }
        x.close(indent, "testsuite");
    }

    /**
     * A release package's report: {@code <testsuites name="hipdll-verify">} holding one
     * {@code <testsuite name="hipdll-verify.package">} for the package's checks and one
     * {@code <testsuite name="hipdll-verify:<path in the package>">} per PE file, its test cases of class
     * {@code hipdll.verify.<path in the package>}.
     */
    public String toXml(dev.hipdll.release.PackageReport report) {
        Xml x = new Xml();
        x.declaration();
        x.open("", "testsuites", "errors", "0", "failures", Long.toString(report.count(Verdict.FAIL)), "name",
                "hipdll-verify", "skipped", Long.toString(report.count(Verdict.SKIP)), "tests",
                Integer.toString(report.checks().size()));
        suite(x, "  ", "hipdll-verify.package", "hipdll.verify", report.source().toAbsolutePath().toString(),
                report.facts(), new Group(report.packageChecks()));
        for (dev.hipdll.release.PackageReport.FileReport f : report.files()) {
            suite(x, "  ", "hipdll-verify:" + f.name(), "hipdll.verify." + f.name(), f.name(), f.report().facts(),
                    f.report());
        }
        x.close("", "testsuites");
        return x.toString();
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

    /** Writes verify's report to {@code file} atomically. */
    public void write(VerifyReport report, Path file) throws IOException {
        write(toXml(report), file);
    }

    /** Writes a goal's report (see {@link #toXml(String, Path, Map, CheckResults)}) to {@code file} atomically. */
    public void write(String goal, Path subject, Map<String, String> facts, CheckResults results, Path file)
            throws IOException {
        write(toXml(goal, subject, facts, results), file);
    }

    private static void write(String xml, Path file) throws IOException {
        AtomicFile.write(file, out -> out.write(xml.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * XML 1.0 text as the JDK's transformer writes a DOM with {@code indent="yes"} and an indent of 2 (what this
     * report was written with before, kept byte for byte): attributes in name order, {@code &<>} escaped in text,
     * also {@code "} and tab, line feed and carriage return as character references in attribute values, a
     * carriage return in text as {@code &#13;}. Without the DOM and the transformer, whose classes cost a fresh JVM
     * (the command line's) 100 to 300 ms.
     */
    private static final class Xml {
        private final StringBuilder b = new StringBuilder(8192);

        void declaration() {
            b.append("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>");
        }

        private void start(String indent, String name, String[] attributes) {
            b.append('\n').append(indent).append('<').append(name);
            for (int i = 0; i + 1 < attributes.length; i += 2) {  // given in name order
                b.append(' ').append(attributes[i]).append("=\"");
                escape(attributes[i + 1], true);
                b.append('"');
            }
        }

        void open(String indent, String name, String... attributes) {
            start(indent, name, attributes);
            b.append('>');
        }

        void empty(String indent, String name, String... attributes) {
            start(indent, name, attributes);
            b.append("/>");
        }

        void text(String indent, String name, String text, String... attributes) {
            start(indent, name, attributes);
            b.append('>');
            escape(text, false);
            b.append("</").append(name).append('>');
        }

        void close(String indent, String name) {
            b.append('\n').append(indent).append("</").append(name).append('>');
        }

        private void escape(String s, boolean attribute) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '&' -> b.append("&amp;");
                    case '<' -> b.append("&lt;");
                    case '>' -> b.append("&gt;");
                    case '\r' -> b.append("&#13;");
                    case '"' -> b.append(attribute ? "&quot;" : "\"");
                    case '\n' -> b.append(attribute ? "&#10;" : "\n");
                    case '\t' -> b.append(attribute ? "&#9;" : "\t");
                    default -> {
                        if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                            b.append("&#").append(Character.toCodePoint(c, s.charAt(++i))).append(';');
                        } else {
                            b.append(c);
                        }
                    }
                }
            }
        }

        @Override
        public String toString() {
            return b + "\n";
        }
    }
}
