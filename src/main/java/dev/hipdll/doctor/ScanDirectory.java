package dev.hipdll.doctor;

/**
 * A directory doctor scans for HIP runtimes, with the label its findings carry.
 *
 * @param label     where it comes from, e.g. {@code runtime directory}, {@code System32}, {@code PATH entry #2}
 * @param directory the directory, as the host spells it
 */
public record ScanDirectory(String label, String directory) {
}
