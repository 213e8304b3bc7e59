package dev.hipdll.cli;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import java.util.zip.CheckedOutputStream;

/**
 * What the command line needs of the plugin descriptor, written at build time so that a run does not parse the
 * descriptor's 90 KB of XML: in a fresh JVM the XML costs about 110 ms (the jar entry, the StAX factory and parse),
 * half a small DLL's whole verify; this index reads in a few milliseconds. It is derived from
 * {@code META-INF/maven/plugin.xml} and from nothing else (the build runs {@link #main} on the descriptor
 * maven-plugin-tools just wrote, in {@code process-classes}), so the descriptor stays the one source of names,
 * defaults and descriptions; {@code DescriptorIndexTest} checks that the index on the class path is the descriptor's.
 *
 * <p>An index records the CRC-32 of the descriptor it was written from; {@link PluginDescriptor#load} reads it only
 * beside that descriptor, and parses the descriptor beside it otherwise (a stale index: a build whose
 * {@code process-classes} step was skipped leaves the last build's index in {@code target/classes}).
 *
 * <p>Format (big-endian, {@link DataOutputStream}'s modified UTF-8 strings): the magic {@code HIPDLL-CLI-INDEX-2};
 * the CRC-32 of the descriptor's bytes (8 bytes, -1 when not known); the plugin version; the number of goals; per goal its name, description and number of parameters; per parameter
 * its name, type, property, whether it has a default, the default when it has, and its description; then the CRC-32
 * of every byte before it (8 bytes), the end of the index: a damaged index (a changed byte, a cut, bytes added) is
 * an error that names it, never another descriptor read silently.
 */
public final class DescriptorIndex {
    /** Where the index lies on the class path. */
    public static final String RESOURCE = "META-INF/hipdll/cli-descriptor.index";
    private static final String MAGIC = "HIPDLL-CLI-INDEX-2";

    private DescriptorIndex() {
    }

    /**
     * Writes {@code descriptor} as an index.
     *
     * @throws IOException when {@code out} cannot be written
     */
    public static void write(PluginDescriptor descriptor, OutputStream out) throws IOException {
        write(descriptor, -1, out);
    }

    /**
     * Writes {@code descriptor}, parsed from bytes whose {@link #crcOf} is {@code descriptorCrc}, as an index.
     *
     * @throws IOException when {@code out} cannot be written
     */
    public static void write(PluginDescriptor descriptor, long descriptorCrc, OutputStream out) throws IOException {
        CRC32 crc = new CRC32();
        DataOutputStream o = new DataOutputStream(new CheckedOutputStream(new BufferedOutputStream(out), crc));
        o.writeUTF(MAGIC);
        o.writeLong(descriptorCrc);
        o.writeUTF(descriptor.version());
        List<GoalDescriptor> goals = descriptor.goals();
        o.writeInt(goals.size());
        for (GoalDescriptor g : goals) {
            o.writeUTF(g.goal());
            o.writeUTF(g.description());
            o.writeInt(g.parameters().size());
            for (GoalParameter p : g.parameters()) {
                o.writeUTF(p.name());
                o.writeUTF(p.type());
                o.writeUTF(p.property());
                o.writeBoolean(p.defaultValue().isPresent());
                if (p.defaultValue().isPresent()) {
                    o.writeUTF(p.defaultValue().get());
                }
                o.writeUTF(p.description());
            }
        }
        o.writeLong(crc.getValue());  // its own bytes are summed too, but only those before it count
        o.flush();
    }

    /**
     * Reads an index {@link #write} wrote.
     *
     * @throws IOException when it is not such an index (another magic, cut short, a byte changed or added), the
     *                     message naming {@link #RESOURCE}
     */
    public static PluginDescriptor read(InputStream in) throws IOException {
        return read(in, -1).orElseThrow();
    }

    /** The CRC-32 of a descriptor's bytes, as an index records it (0 to 2^32 - 1). */
    public static long crcOf(byte[] descriptorXml) {
        CRC32 crc = new CRC32();
        crc.update(descriptorXml, 0, descriptorXml.length);
        return crc.getValue();
    }

    /**
     * Reads an index {@link #write} wrote, when it was written from the descriptor whose {@link #crcOf} is
     * {@code descriptorCrc} (-1: from any).
     *
     * @return the descriptor, or empty when the index is of another descriptor (stale)
     * @throws IOException when it is not such an index (another magic, cut short, a byte changed or added), the
     *                     message naming {@link #RESOURCE}
     */
    public static Optional<PluginDescriptor> read(InputStream in, long descriptorCrc) throws IOException {
        CRC32 crc = new CRC32();
        DataInputStream i = new DataInputStream(new CheckedInputStream(new BufferedInputStream(in), crc));
        try {
            String magic = i.readUTF();
            if (!magic.equals(MAGIC)) {
                throw new IOException(RESOURCE + ": not a command-line descriptor index (magic '" + magic + "', expected '"
                        + MAGIC + "'): rebuild the jar");
            }
            long writtenFrom = i.readLong();
            String version = i.readUTF();
            int goals = count(i, "goals");
            Map<String, GoalDescriptor> out = new LinkedHashMap<>();
            for (int g = 0; g < goals; g++) {
                String goal = i.readUTF();
                String description = i.readUTF();
                int n = count(i, "parameters of " + goal);
                List<GoalParameter> parameters = new ArrayList<>(n);
                for (int k = 0; k < n; k++) {
                    String name = i.readUTF();
                    String type = i.readUTF();
                    String property = i.readUTF();
                    Optional<String> defaultValue = i.readBoolean() ? Optional.of(i.readUTF()) : Optional.empty();
                    parameters.add(new GoalParameter(name, type, property, defaultValue, i.readUTF()));
                }
                out.put(goal, new GoalDescriptor(goal, description, parameters));
            }
            long summed = crc.getValue();
            long stored = i.readLong();
            if (stored != summed || i.read() >= 0) {
                throw new IOException(RESOURCE + ": damaged (its CRC-32 is not the one it ends with, or bytes follow"
                        + " it): rebuild the jar");
            }
            return descriptorCrc >= 0 && writtenFrom != descriptorCrc ? Optional.<PluginDescriptor>empty()
                    : Optional.of(PluginDescriptor.of(out, version));
        } catch (EOFException e) {
            throw new IOException(RESOURCE + ": cut short: rebuild the jar", e);
        } catch (IOException | RuntimeException e) {  // modified UTF-8 refused, a record refusing its fields
            if (e.getMessage() != null && e.getMessage().startsWith(RESOURCE)) {
                throw e;
            }
            throw new IOException(RESOURCE + ": damaged (" + e.getMessage() + "): rebuild the jar", e);
        }
    }

    private static int count(DataInputStream i, String what) throws IOException {
        int n = i.readInt();
        if (n < 0 || n > 100_000) {
            throw new IOException(RESOURCE + ": " + n + " " + what + ": not an index this reader wrote; rebuild the jar");
        }
        return n;
    }

    /**
     * The build step: {@code DescriptorIndex <plugin.xml> <index>} parses the descriptor and writes its index.
     *
     * @throws IOException when the descriptor cannot be read or the index written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: DescriptorIndex <plugin.xml> <index>; got " + Arrays.toString(args));
        }
        byte[] xml = Files.readAllBytes(Path.of(args[0]));
        PluginDescriptor d = PluginDescriptor.parse(new java.io.ByteArrayInputStream(xml));
        Path out = Path.of(args[1]);
        Files.createDirectories(out.toAbsolutePath().getParent());
        try (OutputStream o = Files.newOutputStream(out)) {
            write(d, crcOf(xml), o);
        }
    }
}
