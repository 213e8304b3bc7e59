package dev.hipdll.testing;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The official SARIF 2.1.0 JSON schema (JSON Schema draft 4; oasis-tcs/sarif-spec, file
 * {@code sarif-2.1/schema/sarif-schema-2.1.0.json} at commit a560296ca8c9, id
 * {@code https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json}), kept in
 * src/test/resources/dev/hipdll/report, applied with networknt's json-schema-validator: no network at test time.
 */
public final class SarifSchema {
    private static final Schema SCHEMA = load();

    private SarifSchema() {
    }

    private static Schema load() {
        try (InputStream in = SarifSchema.class.getResourceAsStream("/dev/hipdll/report/sarif-schema-2.1.0.json")) {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4)
                    .getSchema(new String(in.readAllBytes(), StandardCharsets.UTF_8), InputFormat.JSON);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the schema finds wrong in the JSON text {@code json}, each as {@code <instance path>: <message>}; none when valid. */
    public static List<String> errors(String json) {
        List<String> out = new ArrayList<>();
        for (Error e : SCHEMA.validate(json, InputFormat.JSON)) {
            out.add(e.getInstanceLocation() + ": " + e.getMessage());
        }
        return out;
    }

    /** {@link #errors(String)} of the file {@code file}. */
    public static List<String> errors(Path file) throws IOException {
        return errors(Files.readString(file));
    }
}
