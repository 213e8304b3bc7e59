package dev.hipdll.environment;

import dev.hipdll.host.OsFamily;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Decides whether a {@code PATH} entry belongs to another ROCm/HIP or CUDA install than the
 * resolved SDK. An entry belongs to one when it is not inside the SDK root and either
 * <ul>
 *   <li>one of its path components names such an install: {@code rocm}, {@code rocm-6.2},
 *       {@code ROCm}, {@code hip}, {@code cuda}, {@code cuda-13.0}, {@code CUDA},
 *       {@code NVIDIA GPU Computing Toolkit} (as in {@code C:\Program Files\AMD\ROCm\6.4\bin},
 *       {@code /opt/rocm-6.2/bin}, {@code /usr/local/cuda-13.0/bin}); or</li>
 *   <li>the directory holds a toolkit driver ({@code nvcc}, {@code hipcc}, {@code hipconfig},
 *       {@code amdhip64_*.dll}, with or without {@code .exe}) and its parent has the toolkit's
 *       headers ({@code include/cuda.h}, {@code include/cuda_runtime.h} or
 *       {@code include/hip/hip_runtime.h}): an install's {@code bin} under any name.</li>
 * </ul>
 * A directory that merely holds a driver script without the headers beside it (such as
 * {@code /usr/local/bin/nvcc} forwarding to a toolkit elsewhere) is kept and reported as a
 * notice: removing a general directory such as {@code /usr/local/bin} would break the build more
 * than the stray script can; {@code HIP_PLATFORM=amd} keeps hipcc on the AMD platform anyway.
 */
public final class PathEntryClassifier {
    private static final Pattern INSTALL_COMPONENT = Pattern.compile(
            "(?i)(rocm|hip|cuda)([-_ .]?v?\\d+(\\.\\d+)*)?|nvidia gpu computing toolkit|hip[-_ ]?sdk");
    private static final List<String> DRIVERS = List.of("nvcc", "hipcc", "hipcc.bin", "hipconfig");
    private static final List<String> HEADERS = List.of("include/cuda.h", "include/cuda_runtime.h",
            "include/hip/hip_runtime.h");

    private final OsFamily os;
    private final Path sdkRoot;

    /**
     * @param os      whose path rules apply (Windows compares case-insensitively)
     * @param sdkRoot the resolved SDK root: entries inside it are never foreign
     */
    public PathEntryClassifier(OsFamily os, Path sdkRoot) {
        this.os = os;
        this.sdkRoot = sdkRoot.toAbsolutePath().normalize();
    }

    /** Why {@code entry} belongs to another install, or empty when it does not. */
    public Optional<String> foreignInstall(String entry) {
        if (inside(entry, sdkRoot)) {
            return Optional.empty();
        }
        for (String component : components(entry)) {
            if (INSTALL_COMPONENT.matcher(component).matches()) {
                return Optional.of("another ROCm/HIP/CUDA install ('" + component + "' in the path)");
            }
        }
        Optional<String> driver = driverIn(entry);
        if (driver.isPresent() && hasToolkitHeaders(entry)) {
            return Optional.of("another ROCm/HIP/CUDA install (holds " + driver.get() + " and the toolkit's headers)");
        }
        return Optional.empty();
    }

    /** The toolkit driver {@code entry} holds ({@code nvcc}, {@code hipcc}, ...), if any. */
    public Optional<String> driverIn(String entry) {
        Path dir = path(entry);
        if (dir == null || !Files.isDirectory(dir)) {
            return Optional.empty();
        }
        for (String d : DRIVERS) {
            for (String name : List.of(d, d + ".exe", d + ".bat", d + ".cmd")) {
                if (Files.exists(dir.resolve(name))) {
                    return Optional.of(name);
                }
            }
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "amdhip64_*.dll")) {
            for (Path p : ds) {
                return Optional.of(p.getFileName().toString());
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private boolean hasToolkitHeaders(String entry) {
        Path dir = path(entry);
        Path parent = dir == null ? null : dir.toAbsolutePath().normalize().getParent();
        if (parent == null) {
            return false;
        }
        return HEADERS.stream().anyMatch(h -> Files.isRegularFile(parent.resolve(h)));
    }

    /** Whether {@code entry} is {@code root} or inside it (case-insensitively on Windows). */
    public boolean inside(String entry, Path root) {
        String e = normalise(entry);
        String r = normalise(root.toAbsolutePath().normalize().toString());
        return e.equals(r) || e.startsWith(r + "/");
    }

    private String normalise(String p) {
        String s = p.strip().replace('\\', '/');
        if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
            s = s.substring(1, s.length() - 1);
        }
        Path parsed = path(s);
        if (parsed != null && parsed.isAbsolute()) {
            s = parsed.normalize().toString().replace('\\', '/');
        }
        while (s.length() > 1 && s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        return os == OsFamily.WINDOWS ? s.toLowerCase(Locale.ROOT) : s;
    }

    private static List<String> components(String entry) {
        return List.of(entry.split("[\\\\/]+"));
    }

    private static Path path(String entry) {
        try {
            String s = entry.strip();
            if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
                s = s.substring(1, s.length() - 1);
            }
            return Path.of(s);
        } catch (InvalidPathException e) {
            return null;
        }
    }
}
