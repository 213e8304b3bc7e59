package dev.hipdll.doctor;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hipdll.dllsearch.SearchLocation;
import dev.hipdll.io.AtomicFile;
import dev.hipdll.report.CheckJson;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes a {@link DoctorReport} as JSON (Jackson), atomically ({@link AtomicFile}). Shape: {@code {"tool", "windows", "passed", "checks": [{id, title, verdict,
 * expected, found, details}], "runtimeDlls": [{location, directory, name, fileVersion,
 * productVersion, sha256, size, problem}], "runtimeName", "searchOrder": [{kind, directory, index}],
 * "firstLoaded"}}.
 */
public final class DoctorJson {
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The report as a JSON tree. */
    public ObjectNode tree(DoctorReport report) {
        ObjectNode root = mapper.createObjectNode();
        root.put("tool", "hipdll:doctor");
        root.put("windows", report.windows());
        root.put("passed", report.passed());
        CheckJson.put(root, report.checks());
        ArrayNode dlls = root.putArray("runtimeDlls");
        for (RuntimeDll r : report.runtimeDlls()) {
            ObjectNode n = dlls.addObject();
            n.put("location", r.location());
            n.put("directory", r.directory());
            n.put("name", r.name());
            n.put("fileVersion", r.version().map(FileVersion::fileVersion).orElse(null));
            n.put("productVersion", r.version().map(FileVersion::productVersion).orElse(null));
            n.put("sha256", r.sha256());
            n.put("size", r.size());
            n.put("problem", r.problem());
        }
        root.put("runtimeName", report.runtimeName());
        ArrayNode order = root.putArray("searchOrder");
        for (SearchLocation l : report.searchOrder()) {
            ObjectNode n = order.addObject();
            n.put("kind", l.kind().name());
            n.put("directory", l.directory());
            n.put("index", l.index());
        }
        root.put("firstLoaded", report.firstLoaded().orElse(null));
        return root;
    }

    /** Writes the report to {@code file} (directories created), atomically. */
    public void write(DoctorReport report, Path file) throws IOException {
        ObjectNode json = tree(report);
        AtomicFile.write(file, out -> mapper.writeValue(out, json));
    }
}
