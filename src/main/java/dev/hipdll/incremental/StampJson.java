package dev.hipdll.incremental;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The JSON form of a {@link BuildStamp}, with Jackson's streaming API (jackson-core). The stamp is
 * read on every build, so it avoids databind's start-up cost (hundreds of milliseconds in a fresh
 * JVM; see docs/performance.md). Layout: one object whose members are the record's components by
 * name; files are {@code {"path","size","mtime","sha256"}}; SDK items
 * {@code {"name","origin","path","file","hashed"}}; maps are objects sorted by key. Unknown members
 * are skipped; a missing or mistyped member makes the stamp unreadable ({@link IOException}).
 */
final class StampJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private StampJson() {
    }

    static void write(BuildStamp s, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeNumberField("formatVersion", s.formatVersion());
            g.writeStringField("pluginVersion", s.pluginVersion());
            map(g, "parameters", s.parameters());
            g.writeArrayFieldStart("targets");
            for (String t : s.targets()) {
                g.writeString(t);
            }
            g.writeEndArray();
            files(g, "sources", s.sources());
            files(g, "headers", s.headers());
            g.writeStringField("sdkVersion", s.sdkVersion());
            g.writeArrayFieldStart("sdk");
            for (SdkFingerprint f : s.sdk()) {
                g.writeStartObject();
                g.writeStringField("name", f.name());
                g.writeStringField("origin", f.origin());
                g.writeStringField("path", f.path());
                if (f.file() != null) {
                    g.writeFieldName("file");
                    file(g, f.file());
                }
                g.writeBooleanField("hashed", f.hashed());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeStringField("toolsetVersion", s.toolsetVersion());
            g.writeStringField("windowsSdkVersion", s.windowsSdkVersion());
            map(g, "environment", s.environment());
            g.writeFieldName("output");
            file(g, s.output());
            g.writeStringField("unsignedSha256", s.unsignedSha256());
            g.writeEndObject();
        }
    }

    private static void map(JsonGenerator g, String name, Map<String, String> m) throws IOException {
        g.writeObjectFieldStart(name);
        for (Map.Entry<String, String> e : new TreeMap<>(m).entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }

    private static void files(JsonGenerator g, String name, List<FileFingerprint> files) throws IOException {
        g.writeArrayFieldStart(name);
        for (FileFingerprint f : files) {
            file(g, f);
        }
        g.writeEndArray();
    }

    private static void file(JsonGenerator g, FileFingerprint f) throws IOException {
        g.writeStartObject();
        g.writeStringField("path", f.path());
        g.writeNumberField("size", f.size());
        g.writeNumberField("mtime", f.mtime());
        g.writeStringField("sha256", f.sha256());
        g.writeEndObject();
    }

    static BuildStamp read(InputStream in) throws IOException {
        try (JsonParser p = FACTORY.createParser(in)) {
            expect(p, p.nextToken(), JsonToken.START_OBJECT);
            Integer format = null;
            String plugin = null;
            String sdkVersion = null;
            String toolset = null;
            String winsdk = null;
            SortedMap<String, String> params = null;
            SortedMap<String, String> env = null;
            List<String> targets = null;
            List<FileFingerprint> sources = null;
            List<FileFingerprint> headers = null;
            List<SdkFingerprint> sdk = null;
            FileFingerprint output = null;
            String unsigned = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                switch (name) {
                    case "formatVersion" -> format = p.getIntValue();
                    case "pluginVersion" -> plugin = text(p);
                    case "sdkVersion" -> sdkVersion = text(p);
                    case "toolsetVersion" -> toolset = text(p);
                    case "windowsSdkVersion" -> winsdk = text(p);
                    case "parameters" -> params = map(p);
                    case "environment" -> env = map(p);
                    case "targets" -> {
                        expect(p, t, JsonToken.START_ARRAY);
                        targets = new ArrayList<>();
                        while (p.nextToken() != JsonToken.END_ARRAY) {
                            targets.add(text(p));
                        }
                    }
                    case "sources" -> sources = files(p);
                    case "headers" -> headers = files(p);
                    case "sdk" -> {
                        expect(p, t, JsonToken.START_ARRAY);
                        sdk = new ArrayList<>();
                        while (p.nextToken() == JsonToken.START_OBJECT) {
                            sdk.add(sdkItem(p));
                        }
                    }
                    case "output" -> output = file(p);
                    case "unsignedSha256" -> unsigned = text(p);
                    default -> p.skipChildren();
                }
            }
            if (format == null || params == null || targets == null || sources == null || headers == null
                    || sdk == null || env == null || output == null) {
                throw new IOException("stamp lacks a member");
            }
            return new BuildStamp(format, plugin, params, targets, sources, headers, sdkVersion, sdk, toolset, winsdk,
                    env, output, unsigned);
        } catch (RuntimeException e) {
            throw new IOException("malformed stamp: " + e.getMessage(), e);
        }
    }

    private static SdkFingerprint sdkItem(JsonParser p) throws IOException {
        String name = null;
        String origin = null;
        String path = null;
        FileFingerprint file = null;
        boolean hashed = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String n = p.currentName();
            p.nextToken();
            switch (n) {
                case "name" -> name = text(p);
                case "origin" -> origin = text(p);
                case "path" -> path = text(p);
                case "file" -> file = file(p);
                case "hashed" -> hashed = p.getBooleanValue();
                default -> p.skipChildren();
            }
        }
        if (name == null || path == null) {
            throw new IOException("SDK item without name or path");
        }
        return new SdkFingerprint(name, origin, path, file, hashed);
    }

    private static List<FileFingerprint> files(JsonParser p) throws IOException {
        expect(p, p.currentToken(), JsonToken.START_ARRAY);
        List<FileFingerprint> out = new ArrayList<>();
        while (p.nextToken() == JsonToken.START_OBJECT) {
            out.add(file(p));
        }
        return out;
    }

    private static FileFingerprint file(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        String path = null;
        Long size = null;
        Long mtime = null;
        String sha = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String n = p.currentName();
            p.nextToken();
            switch (n) {
                case "path" -> path = text(p);
                case "size" -> size = p.getLongValue();
                case "mtime" -> mtime = p.getLongValue();
                case "sha256" -> sha = text(p);
                default -> p.skipChildren();
            }
        }
        if (path == null || size == null || mtime == null) {
            throw new IOException("file entry without path, size or mtime");
        }
        return new FileFingerprint(path, size, mtime, sha);
    }

    private static SortedMap<String, String> map(JsonParser p) throws IOException {
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        SortedMap<String, String> m = new TreeMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            p.nextToken();
            m.put(k, text(p));
        }
        return m;
    }

    private static String text(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, t, JsonToken.VALUE_STRING);
        return p.getText();
    }

    private static void expect(JsonParser p, JsonToken got, JsonToken want) throws IOException {
        if (got != want) {
            throw new IOException("expected " + want + " at " + p.currentLocation() + ", found " + got);
        }
    }
}
