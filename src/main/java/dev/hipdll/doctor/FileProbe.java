package dev.hipdll.doctor;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * hipdll:doctor's view of the file system, with directories named as the host spells them (so a
 * Windows host's {@code C:\Windows\System32} can be a temporary directory in a test on Linux).
 */
public interface FileProbe {
    /** The file {@code name} in {@code dir}, when it exists and is a regular file. */
    Optional<Path> file(String dir, String name);

    /** The names of the regular files in {@code dir} (empty when it is not a readable directory), sorted. */
    List<String> fileNames(String dir);

    /** The names of the subdirectories of {@code dir} (empty when none or unreadable), sorted. */
    List<String> subdirectories(String dir);
}
