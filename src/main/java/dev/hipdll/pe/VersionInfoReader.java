package dev.hipdll.pe;

import dev.hipdll.bytes.BinaryFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Parses the {@code VS_VERSIONINFO} resource (Win32 reference "VS_VERSIONINFO", "StringFileInfo",
 * "StringTable", "String", "VS_FIXEDFILEINFO"). Every block is {@code wLength, wValueLength,
 * wType, szKey} (UTF-16LE, NUL-terminated), padded to 4 bytes, then its value and its children;
 * every length is checked against the enclosing block. The resource is at most 64 KiB
 * ({@code wLength} is 16-bit), so it is read whole.
 */
final class VersionInfoReader {
    private static final long FIXED_SIGNATURE = 0xFEEF04BDL;
    private static final int MAX_DEPTH = 4;

    private final PeFile pe;
    private long fileOffset;

    VersionInfoReader(PeFile pe) {
        this.pe = pe;
    }

    Optional<VersionInfo> read() throws IOException {
        List<ResourceEntry> resources = new ResourceReader(pe).read();
        ResourceEntry v = null;
        for (ResourceEntry r : resources) {
            if (r.type() == ResourceEntry.RT_VERSION) {
                v = r;
                break;
            }
        }
        if (v == null) {
            return Optional.empty();
        }
        String what = "version resource (VS_VERSIONINFO)";
        if (v.size() < 6 || v.size() > 65536) {
            throw new BinaryFormatException(pe.name(), what, -1, String.format("(data RVA 0x%X) ", v.dataRva())
                    + "resource data Size is " + v.size()
                    + "; a VS_VERSIONINFO block is 6..65536 bytes");
        }
        fileOffset = pe.rvaToOffset(v.dataRva(), v.size(), what);
        ByteBuffer b = ByteBuffer.wrap(pe.source().read(fileOffset, (int) v.size(), what)).order(ByteOrder.LITTLE_ENDIAN);
        String[] fixed = new String[2];
        Map<String, String> strings = new LinkedHashMap<>();
        block(b, 0, b.limit(), 0, "VS_VERSIONINFO", fixed, strings);
        return Optional.of(new VersionInfo(fixed[0], fixed[1], strings));
    }

    /** Parses the block at {@code pos} inside {@code [.., end)}; returns its end. */
    private int block(ByteBuffer b, int pos, int end, int depth, String path, String[] fixed,
                      Map<String, String> strings) throws BinaryFormatException {
        if (depth > MAX_DEPTH) {
            throw error(path, pos, "nested deeper than " + MAX_DEPTH + " levels");
        }
        if (end - pos < 6) {
            throw error(path, pos, "needs a 6-byte header but " + (end - pos) + " bytes remain");
        }
        int length = b.getShort(pos) & 0xffff;
        int valueLength = b.getShort(pos + 2) & 0xffff;
        int type = b.getShort(pos + 4) & 0xffff;
        if (length < 6 || length > end - pos) {
            throw error(path, pos, "wLength is " + length + " but the enclosing block leaves " + (end - pos) + " bytes");
        }
        int blockEnd = pos + length;
        int k = pos + 6;
        StringBuilder key = new StringBuilder();
        while (true) {
            if (k + 2 > blockEnd) {
                throw error(path, pos, "szKey is not NUL-terminated within wLength " + length);
            }
            char c = b.getChar(k);
            k += 2;
            if (c == 0) {
                break;
            }
            key.append(c);
        }
        String name = key.toString();
        String here = depth == 0 ? path : path + "/" + name;
        int value = Math.min(align4(k), blockEnd);
        int valueBytes = type == 1 && depth >= 2 ? 2 * valueLength : valueLength;  // text values count WORDs
        if (valueBytes > blockEnd - value) {
            if (depth == 0) {
                throw error(here, pos, "wValueLength " + valueLength + " runs past wLength " + length);
            }
            valueBytes = blockEnd - value; // some writers count text values in bytes: keep what is there
        }
        if (depth == 0) {
            if (!name.equals("VS_VERSION_INFO")) {
                throw error(path, pos, "szKey is '" + name + "'; expected 'VS_VERSION_INFO'");
            }
            if (valueBytes >= 52 && (b.getInt(value) & 0xffffffffL) == FIXED_SIGNATURE) {
                fixed[0] = version(b.getInt(value + 8), b.getInt(value + 12));
                fixed[1] = version(b.getInt(value + 16), b.getInt(value + 20));
            }
        } else if (depth == 3 && path.startsWith("VS_VERSIONINFO/StringFileInfo/") && valueBytes > 0) {
            int e = value;
            while (e + 2 <= value + valueBytes && b.getChar(e) != 0) {
                e += 2;
            }
            strings.putIfAbsent(name, new String(b.array(), value, e - value, StandardCharsets.UTF_16LE));
        }
        int child = align4(Math.min(blockEnd, value + Math.max(0, valueBytes)));
        int seen = 0;
        while (child + 6 <= blockEnd && depth < 3) {
            if (++seen > 4096) {
                throw error(here, child, "more than 4096 child blocks");
            }
            int next = block(b, child, blockEnd, depth + 1, here, fixed, strings);
            child = align4(next);
        }
        return blockEnd;
    }

    private static int align4(int x) {
        return (x + 3) & ~3;
    }

    private static String version(int ms, int ls) {
        return (ms >>> 16) + "." + (ms & 0xffff) + "." + (ls >>> 16) + "." + (ls & 0xffff);
    }

    private BinaryFormatException error(String path, int pos, String problem) {
        return new BinaryFormatException(pe.name(), "version resource block " + path, fileOffset + pos, problem);
    }
}
