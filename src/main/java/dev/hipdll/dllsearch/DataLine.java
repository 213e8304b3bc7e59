package dev.hipdll.dllsearch;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of the plugin's own list resources ({@code windows-dlls.txt}, {@code windows-api-sets.txt}): its
 * whitespace-separated fields, {@code #} to the end of the line being a comment; blank and comment-only lines are
 * not lines of data.
 *
 * @param number the line's number in the resource, from 1 (for messages that name it)
 * @param text   the line without its comment, stripped
 * @param fields its fields, at least one
 */
public record DataLine(int number, String text, String[] fields) {
    /** The data lines of {@code text}, in order. */
    public static List<DataLine> of(String text) {
        List<DataLine> out = new ArrayList<>();
        int n = 0;
        for (String raw : text.split("\n")) {
            n++;
            int hash = raw.indexOf('#');
            String line = (hash >= 0 ? raw.substring(0, hash) : raw).strip();
            if (!line.isEmpty()) {
                out.add(new DataLine(n, line, line.split("\\s+")));
            }
        }
        return out;
    }
}
