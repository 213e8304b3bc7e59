package dev.hipdll.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hipdll.io.AtomicFile;
import dev.hipdll.loadcheck.LoadCheckReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Writes a {@link LoadCheckReport} as JSON ({@code load-check.json}), for machines. Top level:
 * {@code format} ({@code "hipdll-load-check"}), {@code formatVersion}, {@code dll},
 * {@code runtimeDir}, {@code passed}, {@code summary} (counts per verdict), {@code boundRuntime}
 * (the file {@code GetModuleFileNameW} reported, or {@code null}), {@code registeredTargets} (gfx
 * target IDs), {@code resolved} and {@code requested} (symbol counts), and {@code checks} as in
 * {@code verify.json}. Described in {@code docs/load-check-and-doctor.md}.
 */
public final class LoadCheckJson {
    /** File name of the report. */
    public static final String FILE_NAME = "load-check.json";
    /** Version of the report format; bumped when a field changes meaning or goes away. */
    public static final int FORMAT_VERSION = 1;

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The report as a JSON tree. */
    public ObjectNode toJson(LoadCheckReport report) {
        ObjectNode root = mapper.createObjectNode();
        root.put("format", "hipdll-load-check");
        root.put("formatVersion", FORMAT_VERSION);
        root.put("dll", report.dll().toAbsolutePath().toString());
        root.put("runtimeDir", report.runtimeDir().toAbsolutePath().toString());
        CheckJson.putVerdicts(root, report);
        root.put("boundRuntime", report.boundRuntime().orElse(null));
        ArrayNode targets = root.putArray("registeredTargets");
        report.registeredTargets().forEach(targets::add);
        root.put("resolved", report.resolved());
        root.put("requested", report.requested());
        CheckJson.put(root, report.checks());
        return root;
    }

    /** Writes the report to {@code file} atomically (a temporary file renamed into place), with a final newline. */
    public void write(LoadCheckReport report, Path file) throws IOException {
        String text = mapper.writeValueAsString(toJson(report)) + "\n";
        AtomicFile.write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }
}
