package dev.hipdll.pe;

import dev.hipdll.bytes.BinaryFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Walks the resource directory tree (PE/COFF specification, section 6.9 "The .rsrc Section":
 * 6.9.1 Resource Directory Table, 6.9.2 Resource Directory Entries, 6.9.3 Resource Directory
 * String, 6.9.4 Resource Data Entry). The tree has three levels (type, name, language); deeper
 * nesting, a directory reached twice (a loop), more than {@link #MAX_ENTRIES} entries in all or
 * an offset outside the resource directory is a {@link BinaryFormatException}.
 */
final class ResourceReader {
    /** Most directory entries accepted in the whole tree. */
    static final int MAX_ENTRIES = 65536;
    /** Levels of the tree: type, name, language. */
    static final int LEVELS = 3;

    private final PeFile pe;
    private final Set<Long> visited = new HashSet<>();
    private long base;
    private long dirSize;
    private int entries;

    ResourceReader(PeFile pe) {
        this.pe = pe;
    }

    List<ResourceEntry> read() throws IOException {
        DataDirectory dir = pe.optionalHeader().directory(DataDirectory.RESOURCE_TABLE);
        List<ResourceEntry> out = new ArrayList<>();
        if (!dir.present()) {
            return out;
        }
        base = pe.rvaToOffset(dir.rva(), 16, "resource directory table");
        dirSize = dir.size();
        walk(0, 0, new Object[LEVELS], new int[] {-1, -1, -1}, out);
        return out;
    }

    private void walk(long rel, int level, Object[] names, int[] ids, List<ResourceEntry> out) throws IOException {
        String what = "resource directory table (level " + (level + 1) + ") at +0x" + Long.toHexString(rel);
        if (!visited.add(rel)) {
            throw new BinaryFormatException(pe.name(), what, base + rel, "is reached twice: the tree has a loop");
        }
        inside(rel, 16, what);
        ByteBuffer h = pe.source().buffer(base + rel, 16, what);
        int named = h.getShort(12) & 0xffff;
        int idd = h.getShort(14) & 0xffff;
        int count = named + idd;
        if ((entries += count) > MAX_ENTRIES) {
            throw new BinaryFormatException(pe.name(), what, base + rel,
                    "more than " + MAX_ENTRIES + " resource directory entries in all");
        }
        inside(rel + 16, 8L * count, what + " entries (" + count + ")");
        ByteBuffer e = pe.source().buffer(base + rel + 16, 8 * count, what + " entries");
        for (int i = 0; i < count; i++) {
            String entryWhat = what + " entry #" + i;
            long nameField = e.getInt(8 * i) & 0xffffffffL;
            long target = e.getInt(8 * i + 4) & 0xffffffffL;
            boolean isName = (nameField & 0x80000000L) != 0;
            names[level] = isName ? string(nameField & 0x7fffffffL, entryWhat + " name") : null;
            ids[level] = isName ? -1 : (int) (nameField & 0xffff);
            boolean isDir = (target & 0x80000000L) != 0;
            long off = target & 0x7fffffffL;
            if (level < LEVELS - 1) {
                if (!isDir) {
                    throw new BinaryFormatException(pe.name(), entryWhat, base + rel + 16 + 8L * i,
                            "points at a data entry at level " + (level + 1) + "; a subdirectory was expected");
                }
                walk(off, level + 1, names, ids, out);
            } else {
                if (isDir) {
                    throw new BinaryFormatException(pe.name(), entryWhat, base + rel + 16 + 8L * i,
                            "points at a subdirectory below the language level; the tree has at most 3 levels");
                }
                inside(off, 16, entryWhat + " data entry");
                ByteBuffer d = pe.source().buffer(base + off, 16, entryWhat + " data entry");
                out.add(new ResourceEntry(ids[0], (String) names[0], ids[1], (String) names[1], ids[2],
                        d.getInt(0) & 0xffffffffL, d.getInt(4) & 0xffffffffL, d.getInt(8) & 0xffffffffL));
            }
        }
    }

    private String string(long rel, String what) throws IOException {
        inside(rel, 2, what);
        int len = pe.source().u16(base + rel, what + " length");
        inside(rel + 2, 2L * len, what);
        return new String(pe.source().read(base + rel + 2, 2 * len, what), StandardCharsets.UTF_16LE);
    }

    private void inside(long rel, long length, String what) throws BinaryFormatException {
        if (rel < 0 || length < 0 || rel > dirSize || length > dirSize - rel) {
            throw new BinaryFormatException(pe.name(), what, base + Math.max(0, Math.min(rel, dirSize)), String.format(
                    "offset +0x%X (%d bytes) lies outside the resource directory (0x%X bytes)", rel, length, dirSize));
        }
        pe.source().check(base + rel, length, what);
    }
}
