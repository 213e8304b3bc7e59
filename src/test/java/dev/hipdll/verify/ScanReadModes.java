package dev.hipdll.verify;

import dev.hipdll.bytes.ByteSource;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;

/**
 * The measurements behind docs/performance.md's "ideas measured and not kept" for verify's scan
 * (not a test; {@code scripts/bench/verify} runs it with {@code READ_MODES=1}):
 * {@code ScanReadModes <file> [build path ...]} prints the first scans in the fresh JVM over slices of
 * 1, 1, 2, 4, 8, 16 and 32 MiB (the JIT warm-up), then, three rounds each, the time to read the whole
 * file in 1 MiB positional reads into a heap array (what the scan does), into a direct buffer, and
 * through 64 MiB memory-mapped windows touching every 4 KiB page (those mappings are left to the
 * garbage collector, which is why verify does not map), then the scan of the file with read sizes
 * from 64 KiB to 1 MiB, four rounds in the same JVM.
 */
public final class ScanReadModes {
    private ScanReadModes() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        List<String> paths = List.of(args).subList(1, args.length);
        // first, in the fresh JVM: the scan's warm-up, slice by slice
        try (ByteSource src = ByteSource.open(file)) {
            StringBuilder line = new StringBuilder("cold scan by slice:");
            long off = 0;
            for (long mib : new long[] {1, 1, 2, 4, 8, 16, 32}) {
                long t0 = System.nanoTime();
                new PathLeakScanner(paths).scan(src.slice(off, Math.min(mib << 20, src.size() - off), "slice"));
                line.append(String.format(" %d MiB %.1f ms", mib, (System.nanoTime() - t0) / 1e6));
                off += mib << 20;
            }
            System.out.println(line);
        }
        for (String mode : List.of("heap", "direct", "mmap")) {
            StringBuilder line = new StringBuilder("read " + mode + ":");
            for (int round = 0; round < 3; round++) {
                long t0 = System.nanoTime();
                read(file, mode);
                line.append(String.format(" %d ms", (System.nanoTime() - t0) / 1_000_000));
            }
            System.out.println(line);
        }
        int[] chunks = {1 << 20, 512 << 10, 256 << 10, 128 << 10, 64 << 10};
        try (ByteSource src = ByteSource.open(file)) {
            for (int round = 0; round < 4; round++) {
                StringBuilder line = new StringBuilder("scan, round " + (round + 1) + ":");
                for (int c : chunks) {
                    long t0 = System.nanoTime();
                    new PathLeakScanner(paths, c).scan(src);
                    line.append(String.format(" %d KiB %d ms", c >> 10, (System.nanoTime() - t0) / 1_000_000));
                }
                System.out.println(line);
            }
        }
    }

    private static long read(Path file, String mode) throws Exception {
        long sum = 0;
        try (FileChannel ch = FileChannel.open(file)) {
            long size = ch.size();
            if (mode.equals("mmap")) {
                for (long pos = 0; pos < size; pos += 64L << 20) {
                    MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_ONLY, pos, Math.min(64L << 20, size - pos));
                    for (int i = 0; i < m.limit(); i += 4096) {
                        sum += m.get(i);
                    }
                }
                return sum;
            }
            ByteBuffer buf = mode.equals("direct") ? ByteBuffer.allocateDirect(1 << 20) : ByteBuffer.wrap(new byte[1 << 20]);
            for (long pos = 0; pos < size; ) {
                buf.clear();
                int n = ch.read(buf, pos);
                pos += n;
                sum += buf.get(0);
            }
        }
        return sum;
    }
}
