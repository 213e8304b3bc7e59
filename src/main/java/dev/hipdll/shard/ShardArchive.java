package dev.hipdll.shard;

import dev.hipdll.attestation.TrustedKey;
import dev.hipdll.io.ControlCharacters;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * A shard directory as one zip file, the form a shard is attached to the project in ({@code type zip},
 * classifier {@code shard-<targets>}) and resolved from a Maven repository: entries sorted, with a fixed time
 * (so the same shard zips to the same bytes); unpacked with every entry checked to stay inside the
 * directory, at most {@link #MAX_ENTRIES} entries and {@link #MAX_BYTES} bytes in all.
 */
public final class ShardArchive {
    /** The most entries a shard zip may have. */
    public static final int MAX_ENTRIES = 100_000;
    /** The most bytes a shard zip may unpack to (16 GiB). */
    public static final long MAX_BYTES = 16L << 30;
    private static final FileTime FIXED = FileTime.fromMillis(315532800000L + 86_400_000L * 366);

    private ShardArchive() {
    }

    /**
     * Zips a shard directory.
     *
     * @param dir the shard directory
     * @param zip the zip file to write (replaced, written beside and moved into place)
     * @throws IOException when a file cannot be read or the zip written
     */
    public static void zip(Path dir, Path zip) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(Files::isRegularFile).sorted(Comparator.comparing(p -> dir.relativize(p).toString()))
                    .toList();
        }
        Files.createDirectories(zip.toAbsolutePath().getParent());
        Path tmp = Files.createTempFile(zip.toAbsolutePath().getParent(), zip.getFileName().toString(), ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp); ZipOutputStream z = new ZipOutputStream(out)) {
                for (Path f : files) {
                    ZipEntry e = new ZipEntry(dir.relativize(f).toString().replace('\\', '/'));
                    e.setLastModifiedTime(FIXED);
                    z.putNextEntry(e);
                    Files.copy(f, z);
                    z.closeEntry();
                }
            }
            Files.move(tmp, zip, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Unpacks a shard zip into an empty (or replaced) directory.
     *
     * @param zip the zip
     * @param dir the directory (its previous content is deleted)
     * @throws ShardException when the zip does not open, an entry leaves the directory, or it is too large
     * @throws IOException    when a file cannot be written
     */
    public static void unzip(Path zip, Path dir) throws ShardException, IOException {
        unzip(zip, dir, List.of());
    }

    /**
     * Unpacks a shard zip into an empty (or replaced) directory; with trusted keys only a signed shard, checked
     * before anything else is written: its {@link ShardManifest#SIGNED_FILE_NAME} must verify with one of them, and
     * then only that envelope, {@link ShardManifest#FILE_NAME} and the code objects its signed manifest names are
     * unpacked, each at most the size its key names (so a zip whose signature does not verify, or one signed but
     * padded, writes nothing or no more than what the signer named). Without trusted keys the same holds for the
     * files {@code shard.json} names, at their sizes.
     *
     * @param zip     the zip
     * @param dir     the directory (its previous content is deleted)
     * @param trusted the trusted keys ({@code hip.attestation.trustedKeys}); empty: any shard is unpacked
     * @throws ShardException when the zip does not open, an entry leaves the directory, it is too large, or (with
     *                        trusted keys) its manifest is not signed by one of them
     * @throws IOException    when a file cannot be written
     */
    public static void unzip(Path zip, Path dir, List<TrustedKey> trusted) throws ShardException, IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(dir);
        Path root = dir.toAbsolutePath().normalize();
        long total = 0;
        try (ZipFile z = new ZipFile(zip.toFile())) {
            // every entry's name first (nothing read): none may leave the directory or be no path here
            List<? extends ZipEntry> entries = java.util.Collections.list(z.entries());
            if (entries.size() > MAX_ENTRIES) {
                throw new ShardException(zip + ": more than " + MAX_ENTRIES + " entries; not a shard");
            }
            Map<String, Path> places = new HashMap<>();
            for (ZipEntry e : entries) {
                Path to;
                try {
                    to = root.resolve(e.getName()).normalize();
                } catch (java.nio.file.InvalidPathException x) {  // a NUL, or on Windows <>|?*"
                    throw new ShardException(zip + ": entry '" + ControlCharacters.escape(e.getName()) + "' is no path"
                            + " here (" + x.getReason() + "); not a shard");
                }
                if (!to.startsWith(root) || to.equals(root)) {
                    throw new ShardException(zip + ": entry '" + ControlCharacters.escape(e.getName())
                            + "' leaves the shard directory");
                }
                places.put(e.getName(), to);
            }
            Map<String, Long> named = namedSizes(z, zip, trusted);
            for (ZipEntry e : entries) {
                if (e.isDirectory() || !named.containsKey(e.getName())) {
                    continue;  // not named by the manifest: never read
                }
                long limit = Math.min(MAX_BYTES, named.get(e.getName()));
                long entryBytes = 0;
                Path to = places.get(e.getName());
                Files.createDirectories(to.getParent());
                try (InputStream in = z.getInputStream(e); OutputStream out = Files.newOutputStream(to)) {
                    byte[] buf = new byte[65536];
                    for (int r; (r = in.read(buf)) > 0; ) {
                        total += r;
                        entryBytes += r;
                        if (total > MAX_BYTES) {
                            throw new ShardException(zip + ": unpacks to more than " + MAX_BYTES + " bytes; not a shard");
                        }
                        if (entryBytes > limit) {
                            throw new ShardException(zip + ": entry '" + ControlCharacters.escape(e.getName())
                                    + "' unpacks to more than the " + limit + " bytes its manifest names; the shard is"
                                    + " refused");
                        }
                        out.write(buf, 0, r);
                    }
                }
            }
        } catch (java.util.zip.ZipException | java.io.EOFException e) {  // EOFException: cut short, or records past its end
            throw new ShardException(zip + ": not a zip file (" + (e.getMessage() == null
                    ? "it ends before the records it declares" : e.getMessage()) + ")");
        }
    }

    /**
     * The entries a shard zip may unpack, each with the most bytes it may have: the envelope and the unsigned
     * manifest ({@link ShardManifest#MAX_BYTES}) and each code object the manifest names (its key's size). The
     * manifest is the signed one with trusted keys, else {@code shard.json}; a zip with neither is no shard. So no
     * zip, signed or not, unpacks more than its manifest says (an unsigned zip bomb wrote up to {@link #MAX_BYTES}).
     */
    private static Map<String, Long> namedSizes(ZipFile z, Path zip, List<TrustedKey> trusted)
            throws ShardException, IOException {
        boolean signed = !trusted.isEmpty();
        String name = signed ? ShardManifest.SIGNED_FILE_NAME : ShardManifest.FILE_NAME;
        String where = zip + "!" + name;
        ZipEntry entry = z.getEntry(name);
        if (entry == null || entry.isDirectory()) {
            if (signed) {
                throw ShardSet.missingSignature(where);
            }
            throw new ShardException(where + ": missing; a shard zip holds its manifest " + ShardManifest.FILE_NAME
                    + " at the top (made by hipdll:build with hip.shard=device)");
        }
        byte[] bytes;
        try (InputStream in = z.getInputStream(entry)) {
            bytes = in.readNBytes((int) ShardManifest.MAX_BYTES + 1);
        }
        if (bytes.length > ShardManifest.MAX_BYTES) {
            throw new ShardException(where + ": more than a shard manifest can be (" + ShardManifest.MAX_BYTES
                    + " bytes)");
        }
        ShardManifest m = ShardManifest.parse(signed ? ShardSet.signedPayload(bytes, where, trusted) : bytes, where);
        Map<String, Long> sizes = new HashMap<>();
        sizes.put(ShardManifest.SIGNED_FILE_NAME, ShardManifest.MAX_BYTES);
        sizes.put(ShardManifest.FILE_NAME, ShardManifest.MAX_BYTES);
        for (ShardEntry e : m.steps()) {
            sizes.merge(e.file(), Math.max(0, e.key().output().size()), Math::max);
        }
        return sizes;
    }
}
