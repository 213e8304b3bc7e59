package dev.hipdll.release;

/**
 * An entry of a release package refused because Windows cannot hold its name or would rewrite it
 * ({@link WindowsNames}), or because it differs from another entry's name only in case.
 *
 * @param path its path in the package as found, {@code /}-separated
 * @param line the report's line: the entry, then why, e.g. {@code "entry 'CON.dll' refused: 'CON.dll' is the
 *             reserved device name CON (...)"}
 */
public record RefusedName(String path, String line) {
    /** The file name, without the directories. */
    public String fileName() {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }

    @Override
    public String toString() {
        return line;
    }
}
