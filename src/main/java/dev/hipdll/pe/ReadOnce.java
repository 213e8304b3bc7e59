package dev.hipdll.pe;

import dev.hipdll.bytes.BinaryFormatException;

/**
 * One table of a {@link PeFile}, read at most once: the first read's value, or its format error, is what every
 * later call gets, so the bytes are charged to the file's read budget once and a second call does not report what
 * the spent budget leaves instead of the real problem. An I/O error (not a format error) is not kept: the next
 * call reads again. Not thread-safe, like {@link PeFile}. Plain fields, no lambda: the verify path links none
 * (ColdVerifyPathTest).
 *
 * @param <T> the table's value
 */
final class ReadOnce<T> {
    private T value;
    private BinaryFormatException failure;
    private boolean read;

    /** Whether the table was read (to a value or to a format error). */
    boolean done() {
        return read;
    }

    /** Keeps {@code v} as the table's value and returns it. */
    T keep(T v) {
        value = v;
        read = true;
        return v;
    }

    /** Keeps {@code e} as the table's format error and returns it, to be thrown. */
    BinaryFormatException keep(BinaryFormatException e) {
        failure = e;
        read = true;
        return e;
    }

    /**
     * The kept value.
     *
     * @throws BinaryFormatException the kept format error
     * @throws IllegalStateException when nothing was read yet
     */
    T get() throws BinaryFormatException {
        if (!read) {
            throw new IllegalStateException("table not read yet");
        }
        if (failure != null) {
            throw failure;
        }
        return value;
    }
}
