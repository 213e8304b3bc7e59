package dev.hipdll.shard;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * What a shard build hands over ({@code shard.json} in the shard directory): the plugin version that
 * made it, its gfx targets and one {@link ShardEntry} per device compile step.
 *
 * @param format        {@link #FORMAT}
 * @param pluginVersion the version of the plugin that built the shard; a merge refuses a shard of another
 * @param targets       the gfx targets of the shard ({@code hip.arch}), as given
 * @param steps         the device compile steps, in plan order
 */
public record ShardManifest(int format, String pluginVersion, List<String> targets, List<ShardEntry> steps) {
    /** The manifest format. */
    public static final int FORMAT = 1;
    /** The manifest's file name in a shard directory. */
    public static final String FILE_NAME = "shard.json";
    /** The signed manifest's file name (a DSSE envelope of {@link #FILE_NAME}'s bytes) in a shard directory. */
    public static final String SIGNED_FILE_NAME = "shard.dsse.json";
    /** The DSSE payload type of a signed manifest. */
    public static final String PAYLOAD_TYPE = "application/vnd.hipdll.shard+json";
    /** A manifest larger than this (bytes) is not read. */
    public static final long MAX_BYTES = 64L << 20;

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .enable(SerializationFeature.INDENT_OUTPUT);

    /** Copies the lists. @throws NullPointerException when a field is missing */
    public ShardManifest {
        Objects.requireNonNull(pluginVersion, "pluginVersion");
        targets = List.copyOf(targets);
        steps = List.copyOf(steps);
    }

    /** The manifest as UTF-8 JSON bytes. */
    public byte[] toJson() throws IOException {
        return JSON.writeValueAsBytes(this);
    }

    /**
     * Parses a manifest.
     *
     * @param bytes the JSON
     * @param where the file, for the message
     * @throws ShardException when it does not parse, is of another format or a field is missing or wrong
     */
    public static ShardManifest parse(byte[] bytes, String where) throws ShardException {
        ShardManifest m;
        try {
            m = JSON.readValue(bytes, ShardManifest.class);
        } catch (com.fasterxml.jackson.databind.exc.ValueInstantiationException e) {
            // the record refused a value (a required field missing, {} among them): name the field, not the class
            String field = e.getCause() == null ? "?" : String.valueOf(e.getCause().getMessage());
            throw new ShardException(where + ": not a shard manifest (missing or wrong field: "
                    + dev.hipdll.io.ControlCharacters.escape(field.length() > 200 ? field.substring(0, 197) + "..."
                    : field) + ")");
        } catch (IOException | RuntimeException e) {
            String msg = String.valueOf(e.getMessage());
            int nl = msg.indexOf('\n');
            msg = nl < 0 ? msg : msg.substring(0, nl);
            msg = dev.hipdll.io.ControlCharacters.escape(msg);  // the manifest's own strings may be in it
            throw new ShardException(where + ": not a shard manifest (" + (msg.length() > 200 ? msg.substring(0, 197)
                    + "..." : msg) + ")");
        }
        if (m == null) {
            throw new ShardException(where + ": not a shard manifest (empty)");
        }
        if (m.format() != FORMAT) {
            throw new ShardException(where + ": shard manifest format " + m.format() + ", this plugin reads format "
                    + FORMAT);
        }
        return m;
    }
}
