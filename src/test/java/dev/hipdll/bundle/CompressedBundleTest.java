package dev.hipdll.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import io.airlift.compress.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.DeflaterOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compressed offload bundles ({@code CCOB}) of every version and method, written here around a
 * real plain bundle (the example backend built for gfx1151 and gfx1100) following the layout in
 * clang's {@code OffloadBundler.cpp}: v1 {@code u32 uncompressed, u64 hash}; v2 {@code u32 total,
 * u32 uncompressed, u64 hash}; v3 {@code u64 total, u64 uncompressed, u64 hash}. Versions 1 and 2
 * are also listed by clang-offload-bundler-19, which checks the fixtures themselves. Then the
 * decompression bombs: declared over the limit, inflating past the declared size, and short.
 */
class CompressedBundleTest {
    @TempDir
    static Path dir;
    static byte[] plain;
    static OffloadBundle reference;

    @BeforeAll
    static void plainBundle() throws Exception {
        Path dll = Fixtures.exampleDll(dir, "two.dll", List.of("gfx1151", "gfx1100"), List.of());
        try (PeFile pe = PeFile.open(dll)) {
            reference = new FatBinaryLocator(new OffloadBundleReader()).bundles(pe).get(0);
            SectionHeader fat = pe.section(".hip_fat").orElseThrow();
            long end = OffloadBundleReader.endOf(reference);
            plain = pe.source().read(fat.pointerToRawData() + reference.offset(), (int) (end - reference.offset()), "bundle");
        }
    }

    static byte[] compress(int method, byte[] data) throws Exception {
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        try (OutputStream out = method == CompressionInfo.ZLIB ? new DeflaterOutputStream(bo) : new ZstdOutputStream(bo)) {
            out.write(data);
        }
        return bo.toByteArray();
    }

    /** A CCOB of {@code version} around {@code payload}, declaring {@code declared} uncompressed bytes. */
    static byte[] ccob(int version, int method, byte[] payload, long declared) {
        int header = version == 1 ? 20 : version == 2 ? 24 : 32;
        ByteBuffer b = ByteBuffer.allocate(header + payload.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put("CCOB".getBytes()).putShort((short) version).putShort((short) method);
        switch (version) {
            case 1 -> b.putInt((int) declared);
            case 2 -> b.putInt(header + payload.length).putInt((int) declared);
            default -> b.putLong(header + payload.length).putLong(declared);
        }
        b.putLong(0x1234_5678_9abc_def0L);
        b.put(payload);
        return b.array();
    }

    static OffloadBundle read(byte[] bytes, long limit) throws Exception {
        return new OffloadBundleReader(limit).read(ByteSource.of("ccob", bytes), 0);
    }

    @Test
    void everyVersionAndMethodReadsLikeThePlainBundle() throws Exception {
        for (int method : new int[] {CompressionInfo.ZLIB, CompressionInfo.ZSTD}) {
            byte[] payload = compress(method, plain);
            for (int version = 1; version <= 3; version++) {
                OffloadBundle b = read(ccob(version, method, payload, plain.length), 64L << 20);
                String what = "v" + version + " method " + method;
                CompressionInfo c = b.compression().orElseThrow();
                assertEquals(version, c.version(), what);
                assertEquals(method, c.method(), what);
                assertEquals(plain.length, c.uncompressedSize(), what);
                assertEquals(reference.entries(), b.entries(), what);
                assertTrue(b.entries().stream().filter(e -> e.id().isHipDevice()).allMatch(e -> e.codeObject().isPresent()));
            }
        }
    }

    @Test
    void clangOffloadBundlerListsTheSameEntries() throws Exception {
        Toolchain.require("clang-offload-bundler-19");
        for (int version = 1; version <= 2; version++) {
            for (int method : new int[] {CompressionInfo.ZLIB, CompressionInfo.ZSTD}) {
                byte[] bytes = ccob(version, method, compress(method, plain), plain.length);
                Path f = Files.write(dir.resolve("v" + version + "-" + method + ".o"), bytes);
                String out = Exec.ok(dir, List.of(Toolchain.tool("clang-offload-bundler-19").toString(), "--list",
                        "--type=o", "--input=" + f));
                List<String> listed = Arrays.stream(out.split("\n")).map(String::strip).filter(s -> !s.isEmpty()).sorted().toList();
                assertEquals(listed, read(bytes, 64L << 20).entries().stream().map(e -> e.id().text()).sorted().toList(),
                        "v" + version + " method " + method);
            }
        }
    }

    @Test
    void declaredSizeOverTheLimitIsRefusedBeforeInflating() throws Exception {
        byte[] bomb = ccob(3, CompressionInfo.ZSTD, compress(CompressionInfo.ZSTD, plain), 1L << 40);
        BinaryFormatException e = assertThrows(BinaryFormatException.class, () -> read(bomb, 512L << 20));
        assertTrue(e.getMessage().contains("declares 1099511627776 bytes, over the limit of 536870912 bytes"), e.getMessage());
        assertTrue(e.getMessage().contains("decompression bomb"), e.getMessage());
    }

    @Test
    void payloadInflatingPastItsDeclaredSizeIsRefused() throws Exception {
        // 64 MiB of zeros compress to a few KiB; the header claims the plain bundle's size.
        byte[] zeros = new byte[64 << 20];
        System.arraycopy(plain, 0, zeros, 0, plain.length);
        for (int method : new int[] {CompressionInfo.ZLIB, CompressionInfo.ZSTD}) {
            byte[] payload = compress(method, zeros);
            assertTrue(payload.length < 1 << 20, "a bomb: " + payload.length + " bytes");
            BinaryFormatException e = assertThrows(BinaryFormatException.class,
                    () -> read(ccob(2, method, payload, plain.length), 512L << 20));
            assertTrue(e.getMessage().contains("inflates past its declared size of " + plain.length), e.getMessage());
        }
    }

    @Test
    void payloadShorterThanDeclaredIsRefused() throws Exception {
        byte[] payload = compress(CompressionInfo.ZLIB, plain);
        BinaryFormatException e = assertThrows(BinaryFormatException.class,
                () -> read(ccob(3, CompressionInfo.ZLIB, payload, plain.length + 100), 64L << 20));
        assertTrue(e.getMessage().contains("fewer than the declared " + (plain.length + 100)), e.getMessage());
        byte[] cut = Arrays.copyOf(payload, payload.length / 2);
        BinaryFormatException e2 = assertThrows(BinaryFormatException.class,
                () -> read(ccob(3, CompressionInfo.ZLIB, cut, plain.length), 64L << 20));
        assertTrue(e2.getMessage().contains("compressed offload bundle payload"), e2.getMessage());
    }

    @Test
    void unknownVersionMethodAndTotalSize() throws Exception {
        byte[] payload = compress(CompressionInfo.ZLIB, plain);
        byte[] v4 = ccob(3, CompressionInfo.ZLIB, payload, plain.length);
        v4[4] = 4;
        assertTrue(assertThrows(BinaryFormatException.class, () -> read(v4, 64L << 20)).getMessage()
                .contains("versions 1, 2 and 3 are known"));
        byte[] m7 = ccob(3, 7, payload, plain.length);
        assertTrue(assertThrows(BinaryFormatException.class, () -> read(m7, 64L << 20)).getMessage()
                .contains("expected 0 (zlib) or 1 (zstd)"));
        byte[] total = ccob(3, CompressionInfo.ZLIB, payload, plain.length);
        ByteBuffer.wrap(total).order(ByteOrder.LITTLE_ENDIAN).putLong(8, Long.MAX_VALUE);
        assertTrue(assertThrows(BinaryFormatException.class, () -> read(total, 64L << 20)).getMessage()
                .contains("total size"));
    }

    @Test
    void entryIdsParseIntoKindTripleProcessorAndFeatures() {
        BundleEntryId a = BundleEntryId.parse("hipv4-amdgcn-amd-amdhsa--gfx1151");
        assertEquals(List.of("hipv4", "amdgcn-amd-amdhsa", "gfx1151", List.of()),
                List.of(a.kind(), a.triple(), a.processor(), a.features()));
        BundleEntryId b = BundleEntryId.parse("hipv4-amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-");
        assertEquals(List.of("hipv4", "amdgcn-amd-amdhsa", "gfx942", List.of("sramecc+", "xnack-")),
                List.of(b.kind(), b.triple(), b.processor(), b.features()));
        assertEquals("-", b.featureSetting("xnack"));
        assertEquals("+", b.featureSetting("sramecc"));
        BundleEntryId g = BundleEntryId.parse("hip-amdgcn-amd-amdhsa-unknown-gfx11-generic");
        assertEquals(List.of("hip", "amdgcn-amd-amdhsa-unknown", "gfx11-generic"), List.of(g.kind(), g.triple(), g.processor()));
        assertTrue(g.isHipDevice());
        BundleEntryId h = BundleEntryId.parse("host-x86_64-unknown-linux--");
        assertEquals(List.of("host", "x86_64-unknown-linux", ""), List.of(h.kind(), h.triple(), h.processor()));
        assertTrue(h.isHost() && !h.isHipDevice());
        BundleEntryId o = BundleEntryId.parse("openmp-amdgcn-amd-amdhsa--gfx90a:xnack+");
        assertEquals("openmp", o.kind());
        assertTrue(!o.isHipDevice(), "OpenMP device code is not HIP device code");
        BundleEntryId junk = BundleEntryId.parse("garbage");
        assertEquals(List.of("garbage", "", ""), List.of(junk.kind(), junk.triple(), junk.processor()));
    }
}
