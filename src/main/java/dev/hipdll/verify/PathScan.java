package dev.hipdll.verify;

import java.util.List;

/**
 * What one path scan ({@link PathLeakScanner}) of a range {@code [0, end)} found and how far it got.
 *
 * @param leaks   the leaks found, in order, at most {@link PathLeakScanner#MAX_FINDINGS}
 * @param end     the end of the range asked for, in bytes
 * @param scanned where the scan stopped: {@code end} when it searched the whole range (or stopped
 *                early only because its findings were complete), less when the verification's time
 *                ran out first; the bytes {@code [scanned, end)} were not read
 */
public record PathScan(List<PathLeak> leaks, long end, long scanned) {
    /** Creates a result; {@code leaks} is copied. */
    public PathScan {
        leaks = List.copyOf(leaks);
    }

    /** Whether every byte of the range was searched. */
    public boolean complete() {
        return scanned >= end;
    }
}
