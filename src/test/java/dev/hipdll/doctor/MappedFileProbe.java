package dev.hipdll.doctor;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A Windows file system view over a temporary directory: {@code C:\A\b} is {@code <root>/c/a/b}
 * (names lower-cased, as Windows compares them case-insensitively). Lets doctor's Windows logic run
 * on real files on Linux.
 */
final class MappedFileProbe implements FileProbe {
    private final Path root;
    private final LocalFileProbe local = new LocalFileProbe();

    MappedFileProbe(Path root) {
        this.root = root;
    }

    /** The temporary directory standing for the Windows directory {@code dir}. */
    Path map(String dir) {
        String d = dir.replace('\\', '/').toLowerCase(Locale.ROOT);
        if (d.length() >= 2 && d.charAt(1) == ':') {
            d = d.charAt(0) + d.substring(2);
        }
        return root.resolve(d.replaceAll("^/+", "").replaceAll("/+$", ""));
    }

    @Override
    public Optional<Path> file(String dir, String name) {
        return local.file(map(dir).toString(), name.toLowerCase(Locale.ROOT)).or(() -> local.file(map(dir).toString(), name));
    }

    @Override
    public List<String> fileNames(String dir) {
        return local.fileNames(map(dir).toString());
    }

    @Override
    public List<String> subdirectories(String dir) {
        return local.subdirectories(map(dir).toString());
    }
}
