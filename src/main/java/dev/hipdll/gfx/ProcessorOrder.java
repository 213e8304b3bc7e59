package dev.hipdll.gfx;

import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The order people list AMDGPU processors in: by family, then number, not as strings (which put
 * {@code gfx1030} before {@code gfx600} and {@code gfx90a} after {@code gfx1201}). A processor name is {@code gfx},
 * then its major version (one or two decimal digits), its minor version (one decimal digit) and its stepping (one hex
 * digit), as LLVM's AMDGPU usage document names them ({@code gfx90a}: 9, 0, a; {@code gfx1151}: 11, 5, 1). A generic
 * target ({@code gfx9-generic}, {@code gfx9-4-generic}, {@code gfx10-1-generic}) follows the processors of its family.
 * Names of no such shape sort last, as strings.
 */
public final class ProcessorOrder implements Comparator<String> {
    private static final Pattern SPECIFIC = Pattern.compile("gfx([0-9]{1,2})([0-9])([0-9a-f])");
    private static final Pattern GENERIC = Pattern.compile("gfx([0-9]{1,2})(?:-([0-9]))?-generic");

    /** The one instance (it holds no state). */
    public static final ProcessorOrder INSTANCE = new ProcessorOrder();

    private ProcessorOrder() {
    }

    private record Key(int major, int generic, int minor, int stepping) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            return Comparator.comparingInt(Key::major).thenComparingInt(Key::generic).thenComparingInt(Key::minor)
                    .thenComparingInt(Key::stepping).compare(this, o);
        }
    }

    private static Key key(String name) {
        Matcher m = SPECIFIC.matcher(name);
        if (m.matches()) {
            return new Key(Integer.parseInt(m.group(1)), 0, Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3), 16));
        }
        m = GENERIC.matcher(name);
        if (m.matches()) {
            return new Key(Integer.parseInt(m.group(1)), 1, m.group(2) == null ? -1 : Integer.parseInt(m.group(2)), 0);
        }
        return null;
    }

    @Override
    public int compare(String a, String b) {
        Key x = key(a);
        Key y = key(b);
        if (x != null && y != null) {
            int c = x.compareTo(y);
            return c != 0 ? c : a.compareTo(b);
        }
        if (x == null && y == null) {
            return a.compareTo(b);
        }
        return x == null ? 1 : -1;
    }
}
