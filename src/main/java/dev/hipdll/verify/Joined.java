package dev.hipdll.verify;

/**
 * Items joined into one line: each item's {@link String#valueOf(Object) text}, in iteration order,
 * with a separator between them (as {@code Collectors.joining}, without the stream); an empty
 * collection gives the empty string.
 */
final class Joined {
    private Joined() {
    }

    /** The items' texts separated by {@code separator}; {@code ""} for no items. */
    static String of(Iterable<?> items, String separator) {
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (Object item : items) {
            if (!first) {
                sb.append(separator);
            }
            sb.append(item);
            first = false;
        }
        return sb.toString();
    }
}
