package dev.hipdll.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;

/**
 * Writes a JSON tree ({@link JsonNode}) as indented UTF-8 text with jackson-core's generator and its default pretty
 * printer: the same bytes as jackson-databind's {@code ObjectMapper} with {@code INDENT_OUTPUT} (which writes through
 * that generator and printer), without the {@code ObjectMapper}, whose first use costs a fresh JVM (the command
 * line's) 100 to 600 ms of class loading and set-up. The reports build their trees with
 * {@link com.fasterxml.jackson.databind.node.JsonNodeFactory#instance}.
 */
final class JsonTreeWriter {
    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonTreeWriter() {
    }

    /**
     * The indented text of {@code node}, without a trailing line break.
     *
     * @throws IllegalArgumentException for a node kind the reports do not write (binary, POJO, missing)
     */
    static byte[] pretty(JsonNode node) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            write(g, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);  // a byte array does not fail
        }
        return out.toByteArray();
    }

    private static void write(JsonGenerator g, JsonNode n) throws IOException {
        if (n.isObject()) {
            g.writeStartObject();
            Iterator<Map.Entry<String, JsonNode>> fields = n.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                g.writeFieldName(f.getKey());
                write(g, f.getValue());
            }
            g.writeEndObject();
        } else if (n.isArray()) {
            g.writeStartArray();
            for (int i = 0; i < n.size(); i++) {
                write(g, n.get(i));
            }
            g.writeEndArray();
        } else if (n.isTextual()) {
            g.writeString(n.textValue());
        } else if (n.isBoolean()) {
            g.writeBoolean(n.booleanValue());
        } else if (n.isNull()) {
            g.writeNull();
        } else if (n.isInt() || n.isShort()) {
            g.writeNumber(n.intValue());
        } else if (n.isLong()) {
            g.writeNumber(n.longValue());
        } else if (n.isBigInteger()) {
            g.writeNumber(n.bigIntegerValue());
        } else if (n.isBigDecimal()) {
            g.writeNumber(n.decimalValue());
        } else if (n.isFloat()) {
            g.writeNumber(n.floatValue());
        } else if (n.isDouble()) {
            g.writeNumber(n.doubleValue());
        } else {
            throw new IllegalArgumentException("a report does not write a JSON node of type " + n.getNodeType());
        }
    }
}
