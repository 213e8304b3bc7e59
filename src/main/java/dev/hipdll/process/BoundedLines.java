package dev.hipdll.process;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The output lines of a child process kept for diagnosis, in bounded memory however much the
 * child prints: the first {@code head} lines and the last {@code tail} lines, each cut to
 * {@code maxChars} characters, with one line {@code [... N lines omitted ...]} between them when
 * lines were dropped. It also counts the characters cut from over-long lines ({@link #charsCut()}). Thread-safe (stdout and stderr are pumped by different threads).
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
    private long charsCut;

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
        if (line.length() > maxChars) {
            add(line.substring(0, maxChars), line.length() - maxChars);
        } else {
            add(line, 0);
        }
    }

    /**
     * Keeps a line whose end was already cut (by {@link LineSplitter}) if it is among the first or,
     * so far, the last lines; a cut line ends with {@code [... N characters omitted]}.
     *
     * @param kept     the kept start of the line
     * @param cutChars how many characters of the line were discarded (0: the line is whole)
     * @return the line as kept and as the consumer should see it
     */
    synchronized String add(String kept, long cutChars) {
        String shown = cutChars > 0 ? kept + " [... " + cutChars + " characters omitted]" : kept;
        charsCut += cutChars;
        keep(shown);
        return shown;
    }

    /** Characters kept of one line. */
    int maxChars() {
        return maxChars;
    }

    /** Characters cut from over-long lines so far, in total. */
    synchronized long charsCut() {
        return charsCut;
    }

    private void keep(String kept) {
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
