package dev.hipdll.release;

import java.nio.file.Path;

/**
 * One PE file of a release package.
 *
 * @param name its path inside the package, {@code /}-separated (e.g. {@code bin/hipblas.dll})
 * @param file where it can be read: in the directory given, or in the temporary directory a zip was unpacked to
 * @param size its size, in bytes
 */
public record PackageFile(String name, Path file, long size) {
    /** The file name without the directories, e.g. {@code hipblas.dll}. */
    public String fileName() {
        int slash = name.lastIndexOf('/');
        return slash < 0 ? name : name.substring(slash + 1);
    }

    /** The directory part of {@link #name()}, without the last {@code /}; empty at the top. */
    public String directory() {
        int slash = name.lastIndexOf('/');
        return slash < 0 ? "" : name.substring(0, slash);
    }
}
