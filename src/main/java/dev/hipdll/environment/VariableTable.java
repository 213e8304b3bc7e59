package dev.hipdll.environment;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a table of variables shipped with the plugin ({@code compiler-variables.json},
 * {@code code-running-variables.json}): a JSON object whose {@code "variables"} member is an array of objects with
 * string members; other top-level members ({@code "about"}) are skipped. Read with jackson-core's streaming parser,
 * not databind: these tables are read by every build, also one that is up to date, and a first {@code ObjectMapper}
 * costs about 300 ms in a fresh JVM.
 */
final class VariableTable {
    private VariableTable() {
    }

    /**
     * The rows of a resource.
     *
     * @param resource the class-path resource, e.g. {@code /dev/hipdll/environment/compiler-variables.json}
     * @return one map per entry (member name to string value), in file order
     * @throws IllegalStateException when the resource is missing or not of that shape (names the resource)
     */
    static List<Map<String, String>> rows(String resource) {
        try (InputStream in = VariableTable.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            List<Map<String, String>> rows = new ArrayList<>();
            try (JsonParser p = new JsonFactory().createParser(in)) {
                expect(p.nextToken() == JsonToken.START_OBJECT, resource, "an object");
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.getCurrentName();
                    JsonToken value = p.nextToken();
                    if (!field.equals("variables")) {
                        p.skipChildren();
                        continue;
                    }
                    expect(value == JsonToken.START_ARRAY, resource, "\"variables\": an array");
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        Map<String, String> row = new LinkedHashMap<>();
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String name = p.getCurrentName();
                            expect(p.nextToken() == JsonToken.VALUE_STRING, resource, "\"" + name + "\": a string");
                            row.put(name, p.getText());
                        }
                        rows.add(row);
                    }
                }
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    private static void expect(boolean ok, String resource, String what) {
        if (!ok) {
            throw new IllegalStateException(resource + ": expected " + what);
        }
    }
}
