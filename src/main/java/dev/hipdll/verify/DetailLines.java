package dev.hipdll.verify;

import dev.hipdll.findings.Check;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * Detail lines of a {@link Check}: one line per item, each the same lead followed by the item's
 * {@link String#valueOf(Object) text} (e.g. {@code "missing required: " + name}), in the items'
 * iteration order. A plain loop: verify runs in a fresh JVM, where each lambda costs a spun class.
 */
final class DetailLines {
    private DetailLines() {
    }

    /** {@code lead + item} for each item, in order; an unmodifiable list. */
    static List<String> each(String lead, Collection<?> items) {
        List<String> lines = new ArrayList<>(items.size());
        for (Object item : items) {
            lines.add(lead + item);
        }
        return Collections.unmodifiableList(lines);
    }
}
