package dev.hipdll.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/** Directory trees for tests: copied, hard-linked or deleted whole. No Linux tool is used (the Windows tier runs these too). */
public final class Trees {
    /** How one file of the tree is put at its new place. */
    private interface Place {
        void put(Path from, Path to) throws IOException;
    }

    private Trees() {
    }

    /** Copies the tree {@code from} into {@code to} (merged into what is there; files replaced). */
    public static void copy(Path from, Path to) throws IOException {
        walk(from, to, (f, t) -> Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING));
    }

    /**
     * Makes {@code to} a tree of hard links to the files of {@code from} (fast; its files must be replaced, never
     * written in place), copying a file where no link can be made; {@code to} is deleted first.
     */
    public static void link(Path from, Path to) throws IOException {
        delete(to);
        walk(from, to, (f, t) -> {
            try {
                Files.createLink(t, f);
            } catch (IOException | UnsupportedOperationException e) {
                Files.copy(f, t);
            }
        });
    }

    /** Deletes the tree {@code dir} if it exists. */
    public static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static void walk(Path from, Path to, Place place) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    place.put(p, t);
                }
            }
        }
    }
}
