package dev.hipdll.sources;

import dev.hipdll.io.ControlCharacters;
import dev.hipdll.io.IoProblem;
import dev.hipdll.io.SpecialFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.codehaus.plexus.util.MatchPatterns;

/**
 * Finds the translation units under the source directory: the files whose path relative to it matches
 * one of the include patterns, with plexus-utils' glob semantics (the ones {@code DirectoryScanner} applied
 * before: {@code **} any number of directories, {@code *} and {@code ?} within one name, {@code /} and
 * {@code \} both separators, a pattern ending in a separator means everything below it, case-sensitive;
 * matched with {@link MatchPatterns}). Unlike {@code DirectoryScanner}, the walk is safe against symbolic
 * link cycles (two {@code ln -s . loop} links made it recurse forever, one link made
 * it find 82 translation units and fail with duplicate symbols):
 * <ul>
 *   <li>links are followed after the tree without links has been walked, but a link to a directory
 *       above it (a cycle) is not, and is named in a note ({@code src/main/hip/loop -> . leads back to
 *       src/main/hip}); a directory reached a second time by another link is not walked again;</li>
 *   <li>each real file is taken once (by its real path); a second path to it is named in a note;</li>
 *   <li>a broken link whose name matches is named in a note;</li>
 *   <li>a matching name that is a named pipe, socket or device fails the scan: it is never opened
 *       ({@link SpecialFiles}).</li>
 * </ul>
 * Names in notes and errors have their control characters escaped ({@link ControlCharacters}); a source
 * whose name has one is refused later, before anything runs ({@code compile.SourceNames}).
 */
public final class SourceScanner {
    private final MatchPatterns includes;
    private final List<String> patterns;

    /** @param includes the include patterns, e.g. {@code **}{@code /*.cu} */
    public SourceScanner(List<String> includes) {
        this.patterns = includes.stream().map(SourceScanner::normalize).toList();
        this.includes = MatchPatterns.from(patterns);
    }

    /** As plexus' {@code AbstractScanner.normalizePattern}: both separators become the platform's; a trailing one gets {@code **}. */
    static String normalize(String pattern) {
        String p = pattern.trim().replace('/', File.separatorChar).replace('\\', File.separatorChar);
        return p.endsWith(File.separator) ? p + "**" : p;
    }

    /**
     * Scans {@code baseDir}.
     *
     * @throws SourceScanException when {@code baseDir} is not a directory or cannot be read, or a matching
     *                             name is a special file
     */
    public SourceScan scan(Path baseDir) throws SourceScanException {
        if (!Files.isDirectory(baseDir)) {
            throw new SourceScanException("source directory " + baseDir + " is " + SpecialFiles.kind(baseDir)
                    + ", not a directory (hip.sourceDirectory)");
        }
        Walk w = new Walk(baseDir);
        try {
            Path real = baseDir.toRealPath();
            w.walked.add(real);
            w.walk(baseDir, "");
            // links to directories last, so a file is taken by its direct path when it has one
            while (!w.links.isEmpty()) {
                w.follow(w.links.removeFirst());
            }
        } catch (IOException e) {
            throw new SourceScanException("cannot scan the source directory " + baseDir + ": " + IoProblem.describe(e));
        }
        List<Path> files = new ArrayList<>(w.files.values());
        files.sort(null);
        // the notes name files, whose names may hold line breaks: escaped for the log
        return new SourceScan(files, w.notes.stream().map(ControlCharacters::escape).toList());
    }

    /** A link to a directory, followed after the direct tree. */
    private record Link(Path path, String rel) {
    }

    private final class Walk {
        final Path base;
        final Deque<Link> links = new ArrayDeque<>();
        final Set<Path> walked = new HashSet<>();
        final Map<Path, Path> files = new LinkedHashMap<>(); // real path -> path taken
        final List<String> notes = new ArrayList<>();

        Walk(Path base) {
            this.base = base;
        }

        void walk(Path dir, String rel) throws IOException, SourceScanException {
            List<Path> entries = new ArrayList<>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
                ds.forEach(entries::add);
            }
            entries.sort(null);
            for (Path e : entries) {
                String name = rel + e.getFileName();
                BasicFileAttributes a;
                try {
                    a = Files.readAttributes(e, BasicFileAttributes.class); // follows links
                } catch (IOException x) {
                    if (Files.isSymbolicLink(e) && includes.matches(name, true)) {
                        notes.add(e + " is a symbolic link to nothing (" + link(e) + "); skipped");
                    }
                    continue;
                }
                if (a.isDirectory()) {
                    if (Files.isSymbolicLink(e)) {
                        links.add(new Link(e, name + File.separator));
                    } else if (walked.add(e.toRealPath())) { // a bind mount could still lead back
                        walk(e, name + File.separator);
                    }
                } else if (includes.matches(name, true)) {
                    if (!a.isRegularFile()) {
                        throw new SourceScanException("the source " + e + " matches " + patterns + " but is "
                                + SpecialFiles.kind(e) + ", not a regular file; it is not opened: remove it or"
                                + " change the includes");
                    }
                    Path real = e.toRealPath();
                    Path taken = files.get(real);
                    if (taken == null) {
                        files.put(real, e);
                    } else {
                        Path keep = preferDirect(taken, e, real);
                        files.put(real, keep);
                        notes.add((keep == taken ? e : taken) + " is the same file as " + keep
                                + " (through a symbolic link); compiled once, as " + keep);
                    }
                }
            }
        }

        /** Walks the directory a link leads to, unless it leads back to a directory above it or was walked. */
        void follow(Link l) throws IOException, SourceScanException {
            Path real = l.path().toRealPath();
            Path at = l.path().getParent().toRealPath();
            if (at.startsWith(real)) {
                notes.add(l.path() + " -> " + link(l.path()) + " leads back to " + shown(real)
                        + ": a symbolic link cycle, not followed");
                return;
            }
            if (!walked.add(real)) {
                notes.add(l.path() + " -> " + link(l.path()) + " is " + shown(real)
                        + ", already scanned through another path; not scanned again");
                return;
            }
            walk(l.path(), l.rel());
        }

        /** Of two paths to {@code real}, the one without a link in it, else the first. */
        private Path preferDirect(Path first, Path second, Path real) {
            boolean firstDirect = first.toAbsolutePath().normalize().equals(real);
            boolean secondDirect = second.toAbsolutePath().normalize().equals(real);
            return !firstDirect && secondDirect ? second : first;
        }

        private String shown(Path real) {
            try {
                Path b = base.toRealPath();
                return real.startsWith(b) ? base.resolve(b.relativize(real).toString()).normalize().toString()
                        : real.toString();
            } catch (IOException e) {
                return real.toString();
            }
        }

        private String link(Path p) {
            try {
                return Files.isSymbolicLink(p) ? String.valueOf(Files.readSymbolicLink(p)) : "(a link above it)";
            } catch (IOException e) {
                return "?";
            }
        }
    }
}
