package dev.hipdll.testing;

import dev.hipdll.pe.DataDirectory;
import dev.hipdll.pe.PeFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Byte-level edits of real DLLs, to make malformed or mislabelled inputs from good ones. */
public final class Patch {
    private Patch() {
    }

    /** A copy of {@code dll} at {@code out} with the little-endian u32 at {@code offset} set to {@code value}. */
    public static Path u32(Path dll, Path out, long offset, long value) {
        try {
            byte[] b = Files.readAllBytes(dll);
            ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt((int) offset, (int) value);
            return Files.write(out, b);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A copy with the u16 at {@code offset} set. */
    public static Path u16(Path dll, Path out, long offset, int value) {
        try {
            byte[] b = Files.readAllBytes(dll);
            ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putShort((int) offset, (short) value);
            return Files.write(out, b);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A copy whose first {@code length} bytes are kept. */
    public static Path truncate(Path dll, Path out, long length) {
        try {
            byte[] b = Files.readAllBytes(dll);
            return Files.write(out, java.util.Arrays.copyOf(b, (int) length));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A copy with every occurrence of ASCII {@code from} replaced by {@code to} (same length); returns how many. */
    public static int replaceAll(Path dll, Path out, String from, String to) {
        if (from.length() != to.length()) {
            throw new IllegalArgumentException("replacement must keep the length");
        }
        try {
            byte[] b = Files.readAllBytes(dll);
            byte[] f = from.getBytes(StandardCharsets.ISO_8859_1);
            byte[] t = to.getBytes(StandardCharsets.ISO_8859_1);
            int n = 0;
            outer:
            for (int i = 0; i + f.length <= b.length; i++) {
                for (int k = 0; k < f.length; k++) {
                    if (b[i + k] != f[k]) {
                        continue outer;
                    }
                }
                System.arraycopy(t, 0, b, i, t.length);
                n++;
            }
            Files.write(out, b);
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** File offset of data directory {@code index}'s RVA field in the optional header. */
    public static long dataDirectoryOffset(Path dll, int index) {
        try (PeFile pe = PeFile.open(dll)) {
            int fixed = pe.optionalHeader().isPe32Plus() ? 112 : 96;
            return pe.peOffset() + 24 + fixed + 8L * index;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** File offset of the export directory table. */
    public static long exportDirectoryOffset(Path dll) {
        try (PeFile pe = PeFile.open(dll)) {
            DataDirectory d = pe.optionalHeader().directory(DataDirectory.EXPORT_TABLE);
            return pe.rvaToOffset(d.rva(), 40, "export directory");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
