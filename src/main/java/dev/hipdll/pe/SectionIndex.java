package dev.hipdll.pe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * Finds the section that maps an RVA in O(log n): the first section, in section-table order,
 * whose virtual range ({@link SectionHeader#containsRva}) holds the RVA. The RVA space is cut at
 * every section start and end; each piece remembers its first covering section (computed by one
 * sweep, O(n log n) for n sections). A table of 65535 overlapping sections thus costs
 * milliseconds per image, not 65535 comparisons per RVA looked up (PE/COFF specification,
 * section 4: sections may be in any order and nothing in the file forbids overlaps).
 */
final class SectionIndex {
    private final long[] starts;
    private final int[] owner;

    SectionIndex(List<SectionHeader> sections) {
        List<Integer> live = new ArrayList<>();
        TreeSet<Long> points = new TreeSet<>();
        for (int i = 0; i < sections.size(); i++) {
            SectionHeader s = sections.get(i);
            long span = Math.max(s.virtualSize(), s.sizeOfRawData());
            if (span > 0) {
                live.add(i);
                points.add(s.virtualAddress());
                points.add(s.virtualAddress() + span);
            }
        }
        starts = new long[points.size()];
        int n = 0;
        for (long p : points) {
            starts[n++] = p;
        }
        owner = new int[starts.length];
        long[] startOf = new long[sections.size()];
        long[] endOf = new long[sections.size()];
        for (int i : live) {
            startOf[i] = sections.get(i).virtualAddress();
            endOf[i] = end(sections.get(i));
        }
        Integer[] byStart = live.toArray(new Integer[0]);
        Integer[] byEnd = byStart.clone();
        Arrays.sort(byStart, new ByKey(startOf));  // stable: ties keep table order
        Arrays.sort(byEnd, new ByKey(endOf));
        TreeSet<Integer> active = new TreeSet<>();
        int a = 0;
        int r = 0;
        for (int k = 0; k < starts.length; k++) {
            long p = starts[k];
            while (a < byStart.length && sections.get(byStart[a]).virtualAddress() <= p) {
                active.add(byStart[a++]);
            }
            while (r < byEnd.length && end(sections.get(byEnd[r])) <= p) {
                active.remove(byEnd[r++]);
            }
            owner[k] = active.isEmpty() ? -1 : active.first();
        }
    }

    /** Orders section indexes by a key per index (a start or end RVA), ascending. */
    private static final class ByKey implements Comparator<Integer> {
        private final long[] key;

        ByKey(long[] key) {
            this.key = key;
        }

        @Override
        public int compare(Integer a, Integer b) {
            return Long.compare(key[a], key[b]);
        }
    }

    private static long end(SectionHeader s) {
        return s.virtualAddress() + Math.max(s.virtualSize(), s.sizeOfRawData());
    }

    /** The table index of the first section holding {@code rva}, or -1 when none does. */
    int find(long rva) {
        int k = Arrays.binarySearch(starts, rva);
        if (k < 0) {
            k = -k - 2;
        }
        return k < 0 ? -1 : owner[k];
    }
}
