package dev.hipdll.diagnosis;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Free space where a failed build was writing, measured right after the failure and before its
 * partial files are deleted (deleting them frees the space that ran out): the usable bytes of the
 * file store of each directory ({@link FileStore#getUsableSpace()}, what this user may still
 * write; statvfs {@code f_bavail} on Linux).
 *
 * @param places each directory probed with its usable and total bytes; a directory that could not be
 *               probed is left out
 */
public record DiskSpace(List<Place> places) {
    /**
     * Below this many usable bytes a file store counts as full: a linker writing a DLL of some
     * megabytes through a memory map needs more, and a store this close to full gives ENOSPC to
     * the next writer.
     */
    public static final long FULL_BELOW_BYTES = 64L << 20;

    /**
     * One probed directory.
     *
     * @param dir    the directory
     * @param usable usable bytes
     * @param total  the store's size in bytes
     */
    public record Place(Path dir, long usable, long total) {
        /** Whether this store counts as full ({@link #FULL_BELOW_BYTES}, or under 0.5% of its size). */
        public boolean full() {
            return usable < FULL_BELOW_BYTES || usable < total / 200;
        }
    }

    /** Creates a value; the list is copied. */
    public DiskSpace {
        places = List.copyOf(places);
    }

    /** Nothing probed. */
    public static DiskSpace unknown() {
        return new DiskSpace(List.of());
    }

    /**
     * Probes {@code dirs} (each the nearest existing ancestor of the path given; special files and
     * unreadable stores skipped; each file store once).
     */
    public static DiskSpace probe(List<Path> dirs) {
        List<Place> found = new ArrayList<>();
        List<FileStore> seen = new ArrayList<>();
        for (Path d : dirs) {
            if (d == null) {
                continue;
            }
            Path p = d.toAbsolutePath();
            while (p != null && !Files.isDirectory(p)) {
                p = p.getParent();
            }
            if (p == null) {
                continue;
            }
            try {
                FileStore store = Files.getFileStore(p);
                if (seen.contains(store)) {
                    continue;
                }
                seen.add(store);
                found.add(new Place(p, store.getUsableSpace(), store.getTotalSpace()));
            } catch (IOException | RuntimeException e) {
                // not probed
            }
        }
        return new DiskSpace(found);
    }

    /**
     * Probes where a build writes: {@code dirs} (the output directory, its temporary directory) and the
     * temporary directories its environment names ({@code TMPDIR}, {@code TMP}, {@code TEMP}).
     */
    public static DiskSpace probeBuild(List<Path> dirs, java.util.Map<String, String> environment) {
        List<Path> all = new ArrayList<>(dirs);
        for (String v : List.of("TMPDIR", "TMP", "TEMP")) {
            String value = environment.get(v);
            if (value != null && !value.isBlank()) {
                try {
                    all.add(Path.of(value));
                } catch (RuntimeException e) {
                    // not a path on this host
                }
            }
        }
        return probe(all);
    }

    /** The first full place, if any. */
    public Optional<Place> full() {
        return places.stream().filter(Place::full).findFirst();
    }

    /** {@code 12.0 MiB} style. */
    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " bytes";
        }
        if (bytes < 1L << 20) {
            return String.format(java.util.Locale.ROOT, "%.1f KiB", bytes / 1024.0);
        }
        if (bytes < 1L << 30) {
            return String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
        }
        return String.format(java.util.Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }
}
