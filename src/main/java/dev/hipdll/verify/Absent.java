package dev.hipdll.verify;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * The names of one collection that another does not contain (e.g. the required exports a DLL does
 * not export), in the first collection's iteration order, duplicates kept.
 */
final class Absent {
    private Absent() {
    }

    /** The elements of {@code wanted} that {@code present} does not contain, in order; an unmodifiable list. */
    static List<String> from(Collection<String> wanted, Collection<String> present) {
        List<String> absent = new ArrayList<>();
        for (String name : wanted) {
            if (!present.contains(name)) {
                absent.add(name);
            }
        }
        return Collections.unmodifiableList(absent);
    }
}
