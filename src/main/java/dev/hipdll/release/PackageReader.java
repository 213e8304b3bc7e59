package dev.hipdll.release;

import dev.hipdll.attestation.Attestations;
import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.zip.ZipCentralDirectory;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * Reads a release package, a directory or a zip, into {@link PackageContents}: its PE files (by content,
 * {@code MZ}, or by a PE file name extension, so that a {@code .dll} that is no PE image is verified and fails)
 * and the names of all its files. Never follows a link, never writes outside a fresh temporary directory, and
 * keeps memory bounded (64 KiB buffers; only PE files and attestations, {@code <name>.intoto.jsonl}, are inflated from
 * a zip, within the same limits).
 *
 * <p>A zip is read with {@link ZipFile}; its central directory is read first ({@link ZipCentralDirectory}) for
 * the entry count and each entry's attributes. Refused, each by name: an entry whose name is absolute
 * ({@code /x}, {@code C:\x}) or has a {@code ..} component or a {@code :} (path traversal), a symbolic link or
 * reparse point, a second entry of the same name. Refused by name, as {@link PackageContents#badNames()}, in a zip
 * and a directory alike: a path Windows cannot create under that name ({@link WindowsNames#problem}: a trailing
 * period or space, a reserved device name, a reserved character) and a second name that differs from an earlier
 * one only in case ({@link WindowsNames#folded}); such a file is not unpacked, never written under a name the
 * machine running verify would rewrite. Refused as a whole, with nothing verified: more entries than
 * {@link PackageLimits#maxEntries()}, more PE files than {@link PackageLimits#maxFiles()} (a zip's PE file names are
 * counted before anything is inflated), an entry that inflates past
 * {@link PackageLimits#maxRatio()} times its compressed size (beyond {@link PackageLimits#RATIO_FLOOR}) or the
 * entries past {@link PackageLimits#maxUnpackedBytes()} in all (a zip bomb; declared sizes are checked before
 * inflating, actual bytes while inflating), a file that is no readable zip.
 */
public final class PackageReader {
    /** File name extensions of PE images ({@code .dll}, {@code .exe}, Python's {@code .pyd}, Node's {@code .node}, ...). */
    public static final List<String> PE_EXTENSIONS = List.of(".dll", ".exe", ".pyd", ".node", ".sys", ".ocx", ".cpl",
            ".drv");
    private static final int BUFFER = 1 << 16;

    private final PackageLimits limits;
    private final Path temporaryParent;

    /**
     * @param limits          what reading may cost
     * @param temporaryParent where a zip's temporary directory is made, or {@code null} for {@code java.io.tmpdir}
     */
    public PackageReader(PackageLimits limits, Path temporaryParent) {
        this.limits = limits;
        this.temporaryParent = temporaryParent;
    }

    /**
     * Reads the package at {@code path}: a directory, or a file read as a zip.
     *
     * @throws IOException when the directory or zip cannot be read at all, or no temporary directory can be made
     */
    public PackageContents read(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            return directory(path.toRealPath());  // the package itself may be reached through a link; inside, none is followed
        }
        return zip(path);
    }

    /** Whether {@code name} ends in one of {@link #PE_EXTENSIONS} (case-insensitive). */
    static boolean peName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (String e : PE_EXTENSIONS) {
            if (n.endsWith(e)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code name} is a PE file's attestation ({@code <name>.intoto.jsonl}, {@link Attestations#SUFFIX}). */
    static boolean attestationName(String name) {
        return name.toLowerCase(Locale.ROOT).endsWith(Attestations.SUFFIX);
    }

    /**
     * Why a zip entry's name is unsafe to unpack, or {@code null}: absolute, a drive, a {@code ..} component, a
     * {@code :}, a control character, empty.
     */
    static String unsafeName(String name) {
        if (name.isEmpty()) {
            return "an empty name";
        }
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) < 0x20 || name.charAt(i) == 0x7f) {
                return "a control character in the name";
            }
        }
        String n = name.replace('\\', '/');
        if (n.startsWith("/")) {
            return "an absolute path: it would be written outside the directory it is unpacked to";
        }
        if (n.length() >= 2 && n.charAt(1) == ':' && Character.isLetter(n.charAt(0))) {
            return "a drive-letter path: it would be written outside the directory it is unpacked to";
        }
        for (String part : n.split("/")) {
            if (part.equals("..")) {
                return "a '..' component (path traversal): it would be written outside the directory it is unpacked to";
            }
        }
        if (n.indexOf(':') >= 0) {
            return "a ':' in the name (an NTFS alternate data stream)";
        }
        return null;
    }

    /** {@code name} with control characters as {@code \xNN}, for messages. */
    static String printable(String name) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < name.length() && b.length() < 300; i++) {
            char c = name.charAt(i);
            b.append(c < 0x20 || c == 0x7f ? String.format("\\x%02X", (int) c) : String.valueOf(c));
        }
        return b.toString();
    }

    private PackageContents zip(Path zip) throws IOException {
        long size = Files.size(zip);
        List<ZipCentralDirectory.Entry> entries;
        try (ByteSource src = ByteSource.open(zip)) {
            entries = ZipCentralDirectory.read(src, limits.maxEntries());
        } catch (ZipCentralDirectory.TooManyEntries e) {
            return stopped(zip, size, 0, "the zip has " + e.count() + " entries, more than the " + limits.maxEntries()
                    + " accepted (hip.package.maxEntries): refused, nothing unpacked");
        } catch (BinaryFormatException e) {
            return stopped(zip, size, 0, "not a readable zip: " + e.getMessage());
        }
        int named = 0;
        for (ZipCentralDirectory.Entry e : entries) {
            named += !e.name().endsWith("/") && peName(e.name()) ? 1 : 0;
        }
        if (named > limits.maxFiles()) {
            return stopped(zip, size, 0, tooManyFiles("the zip names " + named + " PE files"));
        }
        Path tmp = temporaryParent == null ? Files.createTempDirectory("hipdll-package-")
                : Files.createTempDirectory(Files.createDirectories(temporaryParent), "hipdll-package-");
        List<PackageFile> files = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        List<RefusedName> badNames = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Map<String, String> folded = new HashMap<>();
        long total = 0;
        int looked = 0;
        byte[] buf = new byte[BUFFER];
        try (ZipFile zf = new ZipFile(zip.toFile())) {
            Enumeration<? extends ZipEntry> en = zf.entries();
            while (en.hasMoreElements()) {
                ZipEntry ze = en.nextElement();
                if (looked >= entries.size() || !entries.get(looked).name().equals(ze.getName())) {
                    return stopped(zip, size, looked, tmp, files, names, refused, badNames, "entry #" + looked + " '"
                            + printable(ze.getName()) + "': the zip's central directory and its reader disagree");
                }
                ZipCentralDirectory.Entry info = entries.get(looked++);
                String name = info.name();
                String unsafe = unsafeName(name);
                if (unsafe != null) {
                    refused.add("entry '" + printable(name) + "' refused: " + unsafe);
                    continue;
                }
                if (info.unicodePath() != null && !normalized(info.unicodePath()).equals(normalized(name))) {
                    refused.add("entry '" + printable(name) + "' refused: its Info-ZIP Unicode Path extra field (0x7075)"
                            + " names it '" + printable(info.unicodePath()) + "', the name 7-Zip and unzip extract it"
                            + " under: the file verified would not be the file extracted");
                    continue;
                }
                if (info.localName() != null && !info.localName().equals(name)) {
                    refused.add("entry '" + printable(name) + "' refused: its local file header names it '"
                            + printable(info.localName()) + "', the name a streaming extractor writes: the file"
                            + " verified would not be the file extracted");
                    continue;
                }
                if (info.link()) {
                    refused.add("entry '" + printable(name) + "' refused: a symbolic link (or reparse point); links are"
                            + " not unpacked or followed");
                    continue;
                }
                String norm = normalized(name);
                String badName = norm.isEmpty() ? null : WindowsNames.problem(norm);
                if (badName != null) {
                    badNames.add(new RefusedName(norm, "entry '" + printable(name) + "' refused: " + badName));
                    continue;
                }
                if (ze.isDirectory()) {
                    continue;
                }
                if (!seen.add(norm)) {
                    refused.add("entry '" + printable(name) + "' refused: a second entry of that name (which one would be"
                            + " unpacked is up to the tool)");
                    continue;
                }
                String caseTwin = caseTwin(folded, norm);
                if (caseTwin != null) {
                    badNames.add(new RefusedName(norm, "entry '" + printable(name) + "' refused: " + caseTwin));
                    continue;
                }
                names.add(norm.substring(norm.lastIndexOf('/') + 1));
                long csize = Math.max(1, info.compressedSize());
                if (info.size() > limits.maxUnpackedBytes() - total) {
                    return stopped(zip, size, looked, tmp, files, names, refused, badNames, bomb(name, info.size() + " bytes declared,"
                            + " with the " + total + " inflated before it past the " + limits.maxUnpackedBytes()
                            + " bytes accepted in all (hip.package.maxUnpackedMiB)"));
                }
                if (info.size() > PackageLimits.RATIO_FLOOR && info.size() > limits.maxRatio() * csize) {
                    return stopped(zip, size, looked, tmp, files, names, refused, badNames, bomb(name, info.size() + " bytes declared"
                            + " from " + info.compressedSize() + " compressed, more than " + limits.maxRatio() + " times"
                            + " (hip.package.maxRatio)"));
                }
                try (InputStream in = zf.getInputStream(ze)) {
                    byte[] head = in.readNBytes(2);
                    boolean mz = head.length == 2 && head[0] == 'M' && head[1] == 'Z';
                    boolean attestation = !mz && !peName(norm) && attestationName(norm);
                    if (!mz && !peName(norm) && !attestation) {
                        continue;  // not a PE file: named, not inflated further
                    }
                    if (files.size() >= limits.maxFiles()) {
                        return stopped(zip, size, looked, tmp, files, names, refused, badNames,
                                tooManyFiles("the zip holds more than " + limits.maxFiles() + " PE files"));
                    }
                    Path out = tmp.resolve(norm).normalize();
                    if (!out.startsWith(tmp) || out.equals(tmp)) {
                        refused.add("entry '" + printable(name) + "' refused: it resolves outside the unpack directory");
                        continue;
                    }
                    Files.createDirectories(out.getParent());
                    long n = head.length;
                    total += n;
                    try (OutputStream os = Files.newOutputStream(out, StandardOpenOption.CREATE_NEW,
                            StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                        os.write(head);
                        for (int k; (k = in.read(buf)) > 0; ) {
                            n += k;
                            total += k;
                            if (total > limits.maxUnpackedBytes()) {
                                return stopped(zip, size, looked, tmp, files, names, refused, badNames, bomb(name, "inflates past the "
                                        + limits.maxUnpackedBytes() + " bytes accepted in all (hip.package.maxUnpackedMiB)"));
                            }
                            if (n > PackageLimits.RATIO_FLOOR && n > limits.maxRatio() * csize) {
                                return stopped(zip, size, looked, tmp, files, names, refused, badNames, bomb(name, "inflates past "
                                        + limits.maxRatio() + " times its " + info.compressedSize() + " compressed bytes"
                                        + " (hip.package.maxRatio)"));
                            }
                            os.write(buf, 0, k);
                        }
                    }
                    if (!attestation) {  // an attestation sits beside its PE file, read by the release gate
                        files.add(new PackageFile(norm, out, n));
                    }
                } catch (ZipException | EOFException e) {  // EOFException: the deflate data ends before the entry does
                    refused.add("entry '" + printable(name) + "' cannot be inflated: " + (e.getMessage() == null
                            ? "its data ends early" : e.getMessage()));
                }
            }
        } catch (ZipException | EOFException e) {  // EOFException: cut short, or records past its end
            return stopped(zip, size, looked, tmp, files, names, refused, badNames, "not a readable zip: " + (e.getMessage()
                    == null ? "it ends before the records it declares" : e.getMessage()));
        }
        return new PackageContents(zip, "zip", size, looked, files, names, refused, badNames, null, tmp);
    }

    /** The refusal of a package of more PE files than {@link PackageLimits#maxFiles()}. */
    private String tooManyFiles(String what) {
        return what + ", more than the " + limits.maxFiles() + " accepted (hip.package.maxFiles): refused, nothing verified";
    }

    /**
     * Why {@code path} is refused as the case twin of an earlier path ({@link WindowsNames#folded}), or {@code null}
     * when it is the first of its key (then recorded in {@code folded}).
     */
    private static String caseTwin(Map<String, String> folded, String path) {
        String first = folded.putIfAbsent(WindowsNames.folded(path), path);
        return first == null ? null : "it and '" + printable(first) + "' differ only in case: one file on Windows (NTFS"
                + " names are case-insensitive); which one is extracted is up to the tool";
    }

    private static String bomb(String name, String what) {
        return "entry '" + printable(name) + "': " + what + ": refused as a zip bomb, nothing of the package verified";
    }

    /** {@code name} with {@code /} separators, without a leading {@code ./} or empty components. */
    private static String normalized(String name) {
        List<String> parts = new ArrayList<>();
        for (String p : name.replace('\\', '/').split("/")) {
            if (!p.isEmpty() && !p.equals(".")) {
                parts.add(p);
            }
        }
        return String.join("/", parts);
    }

    private static PackageContents stopped(Path source, long size, int entries, String why) {
        return new PackageContents(source, "zip", size, entries, List.of(), List.of(), List.of(), List.of(), why, null);
    }

    /** Reading stopped: the temporary directory is deleted now, nothing of the package is verified. */
    private static PackageContents stopped(Path source, long size, int entries, Path tmp, List<PackageFile> files,
                                           List<String> names, List<String> refused, List<RefusedName> badNames, String why)
            throws IOException {
        new PackageContents(source, "zip", size, entries, files, names, refused, badNames, why, tmp).close();
        return new PackageContents(source, "zip", size, entries, List.of(), names, refused, badNames, why, null);
    }

    private PackageContents directory(Path root) throws IOException {
        List<PackageFile> files = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        List<RefusedName> badNames = new ArrayList<>();
        Map<String, String> folded = new HashMap<>();
        long[] bytes = {0};
        int[] entries = {0};
        String[] stopped = {null};
        Files.walkFileTree(root, EnumSet.noneOf(FileVisitOption.class), 64, new SimpleFileVisitor<>() {
            private boolean count() {
                if (++entries[0] > limits.maxEntries()) {
                    stopped[0] = "the directory has more than " + limits.maxEntries() + " entries (hip.package.maxEntries):"
                            + " refused, nothing verified";
                    return false;
                }
                return true;
            }

            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                if (dir.equals(root)) {
                    return FileVisitResult.CONTINUE;
                }
                if (!count()) {
                    return FileVisitResult.TERMINATE;
                }
                String name = relative(root, dir);
                String bad = WindowsNames.problem(name);
                String twin = bad == null ? caseTwin(folded, name) : null;
                if (bad != null || twin != null) {
                    badNames.add(new RefusedName(name, "'" + printable(name) + "' refused, with everything in it: "
                            + (bad != null ? bad : twin)));
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (!count()) {
                    return FileVisitResult.TERMINATE;
                }
                String name = relative(root, file);
                String bad = WindowsNames.problem(name);
                String twin = bad == null ? caseTwin(folded, name) : null;
                if (bad != null || twin != null) {
                    badNames.add(new RefusedName(name, "'" + printable(name) + "' refused: " + (bad != null ? bad : twin)));
                } else if (attrs.isSymbolicLink()) {
                    refused.add("'" + printable(name) + "' refused: a symbolic link; links are not followed");
                } else if (!attrs.isRegularFile()) {
                    refused.add("'" + printable(name) + "' refused: not a regular file");
                } else {
                    bytes[0] += attrs.size();
                    names.add(file.getFileName().toString());
                    if (peName(name) || startsWithMz(file)) {
                        if (files.size() >= limits.maxFiles()) {
                            stopped[0] = tooManyFiles("the directory holds more than " + limits.maxFiles() + " PE files");
                            return FileVisitResult.TERMINATE;
                        }
                        files.add(new PackageFile(name, file, attrs.size()));
                    }
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                refused.add("'" + printable(relative(root, file)) + "' cannot be read: " + e.getMessage());
                return FileVisitResult.CONTINUE;
            }
        });
        if (stopped[0] != null) {
            return new PackageContents(root, "directory", bytes[0], entries[0], List.of(), names, refused, badNames, stopped[0],
                    null);
        }
        files.sort(Comparator.comparing(PackageFile::name));
        return new PackageContents(root, "directory", bytes[0], entries[0], files, names, refused, badNames, null, null);
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }

    private static boolean startsWithMz(Path file) {
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] h = in.readNBytes(2);
            return h.length == 2 && h[0] == 'M' && h[1] == 'Z';
        } catch (IOException e) {
            return false;
        }
    }
}
