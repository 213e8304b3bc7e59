package dev.hipdll.doctor;

import java.io.IOException;
import dev.hipdll.io.SpecialFiles;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The real file system: a host directory name is a {@link Path} of the running JVM. Only directories are
 * listed and only regular files reported, by their attributes: a named pipe, socket or device is never
 * opened ({@link SpecialFiles}).
 */
public final class LocalFileProbe implements FileProbe {
    @Override
    public Optional<Path> file(String dir, String name) {
        try {
            Path p = Path.of(dir).resolve(name);
            return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    @Override
    public List<String> fileNames(String dir) {
        return list(dir, Files::isRegularFile);
    }

    @Override
    public List<String> subdirectories(String dir) {
        return list(dir, Files::isDirectory);
    }

    private static List<String> list(String dir, Predicate<Path> keep) {
        List<String> out = new ArrayList<>();
        try {
            // a PATH entry that is a named pipe: opendir(3) on it blocks
            for (Path p : SpecialFiles.list(Path.of(dir), null)) {
                if (keep.test(p)) {
                    out.add(p.getFileName().toString());
                }
            }
        } catch (IOException | InvalidPathException e) {
            return List.of();
        }
        out.sort(null);
        return out;
    }
}
