package dev.hipdll.process;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The output lines of a child process kept for diagnosis, in bounded memory however much the
 * child prints: the first {@code head} lines and the last {@code tail} lines, each cut to
 * {@code maxChars} characters, with one line {@code [... N lines omitted ...]} between them when
 * lines were dropped. Thread-safe (stdout and stderr are pumped by different threads).
 */
final class BoundedLines {
    /** Lines kept from the start of the output. */
    static final int HEAD = 5000;
    /** Lines kept from the end of the output. */
    static final int TAIL = 5000;
    /** Characters kept of one line. */
    static final int MAX_CHARS = 4096;

    private final int head;
    private final int tail;
    private final int maxChars;
    private final List<String> first = new ArrayList<>();
    private final ArrayDeque<String> last = new ArrayDeque<>();
    private long omitted;

    BoundedLines() {
        this(HEAD, TAIL, MAX_CHARS);
    }

    BoundedLines(int head, int tail, int maxChars) {
        this.head = head;
        this.tail = tail;
        this.maxChars = maxChars;
    }

    /** Keeps {@code line} (cut to the character limit) if it is among the first or, so far, the last lines. */
    synchronized void add(String line) {
        String kept = line.length() > maxChars
                ? line.substring(0, maxChars) + " [... " + (line.length() - maxChars) + " characters omitted]"
                : line;
        if (first.size() < head) {
            first.add(kept);
            return;
        }
        last.addLast(kept);
        if (last.size() > tail) {
            last.removeFirst();
            omitted++;
        }
    }

    /** The kept lines in output order, with the omission marker where lines were dropped. */
    synchronized List<String> lines() {
        List<String> out = new ArrayList<>(first.size() + last.size() + 1);
        out.addAll(first);
        if (omitted > 0) {
            out.add("[... " + omitted + " lines omitted ...]");
        }
        out.addAll(last);
        return out;
    }
}
