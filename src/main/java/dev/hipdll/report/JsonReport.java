package dev.hipdll.report;

import dev.hipdll.findings.DetailBound;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hipdll.verify.VerifyReport;
import dev.hipdll.io.AtomicFile;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes a {@link VerifyReport} as JSON ({@code verify.json}), for machines: the format is
 * described in {@code docs/verify.md}. Top level: {@code dll}, {@code passed}, {@code summary}
 * (counts per verdict), {@code facts} (size, machine, versions), {@code checks} (each with
 * {@code id}, {@code title}, {@code verdict}, {@code expected}, {@code found}, {@code details}).
 */
public final class JsonReport {
    /** File name of the report. */
    public static final String FILE_NAME = "verify.json";
    /** Version of the report format; bumped when a field changes meaning or goes away. */
    public static final int FORMAT_VERSION = 1;

    private final DetailBound bound;

    /** A report with at most {@link DetailBound#DEFAULT} detail lines per check. */
    public JsonReport() {
        this(DetailBound.standard());
    }

    /** A report with at most {@code bound} detail lines per check ({@code detailCount} has them all). */
    public JsonReport(DetailBound bound) {
        this.bound = bound;
    }

    /** The report as a JSON tree. */
    public ObjectNode toJson(VerifyReport report) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("format", "hipdll-verify");
        root.put("formatVersion", FORMAT_VERSION);
        root.put("dll", report.dll().toAbsolutePath().toString());
        CheckJson.putVerdicts(root, report);
        putFacts(root.putObject("facts"), report.facts());
        CheckJson.put(root, report.checks(), bound);
        return root;
    }

    /**
     * A release package's report as a JSON tree: {@code format} {@code "hipdll-verify-package"},
     * {@code formatVersion}, {@code package}, {@code passed}, {@code summary}, {@code facts} (kind, size, entries,
     * peFiles), {@code checks} (the package's), and {@code files}: one object per PE file with {@code file} (its path
     * in the package), {@code passed}, {@code summary}, {@code facts} and {@code checks} as in {@code verify.json}.
     */
    public ObjectNode toJson(dev.hipdll.release.PackageReport report) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("format", "hipdll-verify-package");
        root.put("formatVersion", FORMAT_VERSION);
        root.put("package", report.source().toAbsolutePath().toString());
        CheckJson.putVerdicts(root, report);
        putFacts(root.putObject("facts"), report.facts());
        CheckJson.put(root, report.packageChecks(), bound);
        com.fasterxml.jackson.databind.node.ArrayNode files = root.putArray("files");
        for (dev.hipdll.release.PackageReport.FileReport f : report.files()) {
            ObjectNode n = files.addObject();
            n.put("file", f.name());
            CheckJson.putVerdicts(n, f.report());
            putFacts(n.putObject("facts"), f.report().facts());
            CheckJson.put(n, f.report().checks(), bound);
        }
        return root;
    }

    /** Writes a release package's report to {@code file} atomically. */
    public void write(dev.hipdll.release.PackageReport report, Path file) throws IOException {
        write(toJson(report), file);
    }

    /** Writes the report to {@code file} atomically (a temporary file renamed into place). */
    public void write(VerifyReport report, Path file) throws IOException {
        write(toJson(report), file);
    }

    private void write(ObjectNode json, Path file) throws IOException {
        byte[] bytes = JsonTreeWriter.pretty(json);
        AtomicFile.write(file, new Line(bytes));
    }

    /** The facts, in their order (a loop, not a method reference: the command line's cold start links none). */
    private static void putFacts(ObjectNode into, java.util.Map<String, String> facts) {
        for (java.util.Map.Entry<String, String> e : facts.entrySet()) {
            into.put(e.getKey(), e.getValue());
        }
    }

    /** The JSON text and a line end, as an {@link AtomicFile.Writer}. */
    private static final class Line implements AtomicFile.Writer {
        private final byte[] bytes;

        Line(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public void write(java.io.OutputStream out) throws IOException {
            out.write(bytes);
            out.write('\n');
        }
    }
}
