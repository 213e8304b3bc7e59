package dev.hipdll.testing;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The seeded byte-level mutation engine of the reader fuzz tests ({@link ReaderFuzz}): a mutant of a seed file is
 * the seed with one to three edits inside a focus range (the structure the reader under test reads: a whole zip, the
 * certificate table of a DLL, the {@code .nv_fatb} section of a CUDA DLL...). The edits, chosen by the caller's
 * {@link Random} (so a seed number gives the same mutants on every run): a bit flipped; a byte set to 0x00, 0x01,
 * 0x7F, 0x80 or 0xFF; a little-endian u16, u32 or u64 set to a boundary value (0, 1, 0x7FFFFFFF, 0xFFFFFFFF, the
 * file's length and one past it, 2<sup>63</sup>-1...), a length field set huge; a big-endian u32 of the same, and a
 * DER long-form length of 4 bytes ({@code 0x84} then up to 0xFFFFFFFF, as ASN.1 lengths are written); the file cut at
 * a point in the range; a piece of the seed copied over another place (a splice), inserted again, or deleted; a
 * token of the format's dictionary (for text formats: quotes, brackets, numbers...) written or inserted; random
 * bytes. {@link #KINDS} names them for the summary.
 */
public final class ByteMutator {
    /** The names of the edit kinds, in the order of their numbers. */
    public static final List<String> KINDS = List.of("bit flip", "byte boundary", "u16 boundary", "u32 boundary",
            "u64 boundary", "big-endian u32 / DER length", "cut", "splice", "insert copy", "delete", "dictionary token",
            "random bytes");
    private static final int[] BYTES = {0x00, 0x01, 0x7F, 0x80, 0xFF};

    private final byte[] seed;
    private final int from;
    private final int to;
    private final List<byte[]> dictionary;

    /**
     * @param seed       the seed file's bytes (not copied; never changed)
     * @param from       the first byte of the focus range
     * @param to         one past its last byte ({@code from < to <= seed.length})
     * @param dictionary tokens of the format (ASCII/UTF-8), or empty
     * @throws IllegalArgumentException when the range is empty or outside the seed
     */
    public ByteMutator(byte[] seed, int from, int to, List<String> dictionary) {
        if (from < 0 || from >= to || to > seed.length) {
            throw new IllegalArgumentException("focus range [" + from + ", " + to + ") of a " + seed.length + "-byte seed");
        }
        this.seed = seed;
        this.from = from;
        this.to = to;
        this.dictionary = dictionary.stream().map(t -> t.getBytes(StandardCharsets.UTF_8)).toList();
    }

    /** A mutant: the seed with one to three edits in the focus range; {@code kinds[k]} counts the edits of kind k. */
    public byte[] mutate(Random rnd, int[] kinds) {
        byte[] b = seed.clone();
        int edits = 1 + rnd.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int kind = rnd.nextInt(KINDS.size());
            kinds[kind]++;
            b = edit(b, kind, rnd);
        }
        return b;
    }

    private byte[] edit(byte[] b, int kind, Random rnd) {
        int end = Math.min(to, b.length);
        if (end <= from) {  // an earlier edit cut the range away
            return b;
        }
        int at = from + rnd.nextInt(end - from);
        ByteBuffer le = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        switch (kind) {
            case 0 -> b[at] ^= (byte) (1 << rnd.nextInt(8));
            case 1 -> b[at] = (byte) BYTES[rnd.nextInt(BYTES.length)];
            case 2 -> {
                if (at + 2 <= b.length) {
                    le.putShort(at, (short) boundary(b, rnd));
                }
            }
            case 3 -> {
                if (at + 4 <= b.length) {
                    le.putInt(at, (int) boundary(b, rnd));
                }
            }
            case 4 -> {
                if (at + 8 <= b.length) {
                    le.putLong(at, rnd.nextBoolean() ? boundary(b, rnd) : rnd.nextBoolean() ? Long.MAX_VALUE : -1L);
                }
            }
            case 5 -> {
                if (at + 5 <= b.length) {
                    int v = (int) boundary(b, rnd);
                    if (rnd.nextBoolean()) {
                        b[at] = (byte) 0x84;  // DER: a long-form length of 4 bytes follows
                        ByteBuffer.wrap(b).putInt(at + 1, v);
                    } else {
                        ByteBuffer.wrap(b).putInt(at, v);
                    }
                }
            }
            case 6 -> {
                return Arrays.copyOf(b, at);
            }
            case 7 -> {
                int n = 1 + rnd.nextInt(Math.min(256, b.length));
                int src = rnd.nextInt(b.length - n + 1);
                System.arraycopy(b, src, b, at, Math.min(n, b.length - at));
            }
            case 8 -> {
                int n = 1 + rnd.nextInt(Math.min(256, b.length));
                int src = rnd.nextInt(b.length - n + 1);
                return insert(b, at, Arrays.copyOfRange(b, src, src + n));
            }
            case 9 -> {
                int n = 1 + rnd.nextInt(Math.min(256, end - at));
                byte[] out = new byte[b.length - n];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(b, at + n, out, at, b.length - at - n);
                return out;
            }
            case 10 -> {
                if (dictionary.isEmpty()) {
                    b[at] = (byte) rnd.nextInt(256);
                } else {
                    byte[] t = dictionary.get(rnd.nextInt(dictionary.size()));
                    if (rnd.nextBoolean()) {
                        return insert(b, at, t);
                    }
                    System.arraycopy(t, 0, b, at, Math.min(t.length, b.length - at));
                }
            }
            default -> {
                for (int k = 1 + rnd.nextInt(16); k > 0; k--) {
                    b[from + rnd.nextInt(end - from)] = (byte) rnd.nextInt(256);
                }
            }
        }
        return b;
    }

    /** A boundary value for a length or offset field of a file of {@code b.length} bytes. */
    private static long boundary(byte[] b, Random rnd) {
        long[] v = {0, 1, 2, 7, 8, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x10000, 0x7FFFFFFFL, 0x80000000L,
            0xFFFFFFFFL, 0xFFFFFFF0L, 0x10000000L, b.length, b.length + 1L, b.length - 1L, b.length / 2};
        return v[rnd.nextInt(v.length)];
    }

    private static byte[] insert(byte[] b, int at, byte[] piece) {
        byte[] out = new byte[b.length + piece.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(piece, 0, out, at, piece.length);
        System.arraycopy(b, at, out, at + piece.length, b.length - at);
        return out;
    }
}
