package dev.hipdll.doctor;

import dev.hipdll.digest.Sha256;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** Finds every {@code amdhip64_<major>.dll} in a list of labelled directories and reads its version. */
public final class RuntimeDllScanner {
    /** File names of HIP runtimes, {@code amdhip64_<major>.dll}, any case. */
    public static final Pattern RUNTIME_NAME = Pattern.compile("(?i)amdhip64_\\d{1,3}\\.dll");

    private final FileProbe probe;

    /** @param probe the file system view */
    public RuntimeDllScanner(FileProbe probe) {
        this.probe = probe;
    }

    /**
     * Every runtime DLL in {@code dirs}, in the given order.
     *
     * @param dirs the directories, in report order
     */
    public List<RuntimeDll> scan(List<ScanDirectory> dirs) {
        List<RuntimeDll> out = new ArrayList<>();
        for (ScanDirectory d : dirs) {
            for (String name : probe.fileNames(d.directory())) {
                if (RUNTIME_NAME.matcher(name).matches()) {
                    probe.file(d.directory(), name).ifPresent(p -> out.add(describe(d.label(), d.directory(), name, p)));
                }
            }
        }
        return out;
    }

    /** One runtime DLL: its version resource, digest and size. */
    public static RuntimeDll describe(String location, String dir, String name, Path file) {
        Optional<FileVersion> version = Optional.empty();
        String problem = "";
        try {
            version = FileVersion.read(file);
        } catch (IOException e) {
            problem = "unreadable version: " + e.getMessage();
        }
        String sha = "";
        long size = -1;
        try {
            sha = Sha256.of(file);
            size = Files.size(file);
        } catch (IOException e) {
            problem = problem.isEmpty() ? "unreadable: " + e.getMessage() : problem;
        }
        return new RuntimeDll(location, dir, name, version, sha, size, problem);
    }
}
