package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.ReadLimits;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.io.FileOpener;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.SigningFixtures;
import dev.hipdll.testing.SigningFixtures.Identity;
import dev.hipdll.testing.Toolchain;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import net.jsign.DigestAlgorithm;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Red team of the image hash on its own threads (SignatureChecks#startImageHash, DigestPass): hostile signed files,
 * switched-off checks, a refused overlay, a time limit and a file that shrinks while it is read. Each verify must
 * return a report (never throw), give the verdict named here, and leave no hash thread alive and no handle on the
 * file when it returns.
 *
 * <p>The SignedData's digestAlgorithms OID (offset 40 of the table) is left out here: no hash covers it, and
 * {@code OsslsigncodeDifferentialTest} (file {@code digest-algorithms-changed}) checks that verify refuses it as
 * osslsigncode does.
 */
class ImageHashThreadAttackTest {
    @TempDir
    static Path shared;
    @TempDir
    Path dir;

    static Path unsigned;
    static AbiContract.NamedContract loader;
    static Identity root;
    static Identity signer;

    @BeforeAll
    static void build() throws Exception {
        unsigned = Fixtures.exampleDll(shared, "coli_hip.dll", List.of("gfx1151"), List.of());
        loader = new LoaderSourceParser("coli_cuda_").parse(Toolchain.exampleDir().resolve("host/backend_loader.c"));
        root = SigningFixtures.root("hipdll hash root", Duration.ofDays(3650));
        signer = SigningFixtures.codeSigner("hipdll hash signing", root, Duration.ofDays(365));
    }

    private Path signed(String name, DigestAlgorithm algorithm) throws Exception {
        Path p = Files.copy(unsigned, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.sign(p, signer, algorithm, null, true);
        return p;
    }

    private static VerifyOptions.Builder options() {
        return VerifyOptions.builder(loader)
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets()))
                .signature(SignatureOptions.defaults());
    }

    /**
     * Verifies, then checks that no hash thread is alive and that verify left no descriptor of this process open on
     * the file (Linux: /proc/self/fd; one the test's signer left open is not verify's).
     */
    private static VerifyReport verify(Path dll, VerifyOptions options, FileOpener opener) throws Exception {
        List<Path> before = openOn(dll);
        VerifyReport r = new DllVerifier(opener, null).verify(dll, options);
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            String n = t.getName();
            assertFalse(t.isAlive() && (n.startsWith("hipdll-image-hash") || n.equals("hipdll-verify-authenticode-hash")),
                    dll.getFileName() + ": thread " + n + " alive after verify returned");
        }
        List<Path> after = openOn(dll);
        after.removeAll(before);
        assertEquals(List.of(), after, dll + " still open after verify returned");
        return r;
    }

    private static List<Path> openOn(Path dll) throws IOException {
        List<Path> out = new ArrayList<>();
        Path fds = Path.of("/proc/self/fd");
        if (Files.isDirectory(fds)) {
            try (var list = Files.list(fds)) {
                for (Path fd : list.toList()) {
                    try {
                        if (Files.readSymbolicLink(fd).equals(dll.toAbsolutePath())) {
                            out.add(fd);
                        }
                    } catch (IOException gone) {
                        // the listing's own descriptor, closed by now
                    }
                }
            }
        }
        return out;
    }

    private static VerifyReport verify(Path dll, VerifyOptions options) throws Exception {
        return verify(dll, options, FileOpener.standard());
    }

    private static Check check(VerifyReport r, String id) {
        return r.checks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private Path variant(String name, Path from, UnaryOperator<byte[]> change) throws Exception {
        return Files.write(dir.resolve(name), change.apply(Files.readAllBytes(from)));
    }

    private static void fails(VerifyReport r, String what) {
        Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.FAIL, s.verdict(), what + ": " + s);
        assertFalse(r.passed(), what);
    }

    @Test
    void hostileCertificateTables() throws Exception {
        Path good = signed("good.dll", DigestAlgorithm.SHA256);
        VerifyReport base = verify(good, options().build());
        assertEquals(Verdict.PASS, check(base, CheckIds.AUTHENTICODE_SIGNATURE).verdict(), base.toString());
        assertTrue(base.facts().containsKey("authenticodeSha256"), base.facts().toString());

        fails(verify(variant("past-eof.dll", good, b -> {
            WindowsSignatureRulesTest.Table t = WindowsSignatureRulesTest.Table.of(b);
            ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(t.directory() + 4, t.size() + 0x10000);
            return b;
        }), options().build()), "a table past the end of the file");
        fails(verify(variant("at-eof.dll", good, b -> {
            WindowsSignatureRulesTest.Table t = WindowsSignatureRulesTest.Table.of(b);
            ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(t.directory(), b.length);
            return b;
        }), options().build()), "a table that starts at the end of the file");
        for (int at : new int[] {0x40, 0x100, 0x200, 0x300}) {  // (at 0: no table, as Windows reads it)
            fails(verify(variant("in-headers-" + at + ".dll", good, b -> {
                WindowsSignatureRulesTest.Table t = WindowsSignatureRulesTest.Table.of(b);
                byte[] out = b.clone();
                ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(t.directory(), at);
                return out;
            }), options().build()), "a table at 0x" + Integer.toHexString(at) + ", in the headers");
        }
        fails(verify(variant("x509-entry.dll", good, b -> {
            WindowsSignatureRulesTest.Table t = WindowsSignatureRulesTest.Table.of(b);
            ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putShort(t.offset() + 6, (short) 1);  // WIN_CERT_TYPE_X509
            return b;
        }), options().build()), "a first entry that is not signed data");
        // (not 40: the SignedData's digestAlgorithms OID; see the class comment)
        for (int at : new int[] {8, 9, 12, 200, 600}) {
            fails(verify(variant("pkcs7-" + at + ".dll", good, b -> {
                WindowsSignatureRulesTest.Table t = WindowsSignatureRulesTest.Table.of(b);
                for (int i = 0; i < 8; i++) {
                    b[t.offset() + at + i] ^= (byte) 0x5a;
                }
                return b;
            }), options().build()), "a PKCS#7 garbled at " + at);
        }
        fails(verify(variant("changed.dll", good, b -> {
            b[0x1000] ^= 1;  // inside .text
            return b;
        }), options().build()), "a byte changed after signing");
    }

    @Test
    void otherDigestsAreASecondPass() throws Exception {
        VerifyReport sha384 = verify(signed("sha384.dll", DigestAlgorithm.SHA384), options().build());
        Check s = check(sha384, CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.PASS, s.verdict(), s.toString());
        assertTrue(s.details().stream().anyMatch(d -> d.contains("SHA-384 image hash") && d.contains("= the signed one")),
                s.toString());
        VerifyReport sha1 = verify(signed("sha1.dll", DigestAlgorithm.SHA1), options().build());
        Check t = check(sha1, CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.FAIL, t.verdict(), t.toString());
        assertTrue(t.found().contains("SHA-1") && t.details().stream().anyMatch(d -> d.contains("= the signed one")),
                t.toString());
    }

    @Test
    void switchedOffChecksAndARefusedOverlay() throws Exception {
        Path good = signed("skip.dll", DigestAlgorithm.SHA256);
        VerifyReport all = verify(good, options().skippedChecks(Set.of("authenticode.")).build());
        for (String id : SignatureChecks.ids()) {
            assertEquals(Verdict.SKIP, check(all, id).verdict(), id);
        }
        VerifyReport one = verify(good, options().skippedChecks(Set.of(CheckIds.AUTHENTICODE_SIGNATURE)).build());
        assertEquals(Verdict.SKIP, check(one, CheckIds.AUTHENTICODE_SIGNATURE).verdict());
        assertEquals(Verdict.PASS, check(one, CheckIds.AUTHENTICODE_SIGNER).verdict(), one.toString());
        VerifyReport scanOff = verify(good, options().skippedChecks(Set.of(CheckIds.PATHS_BUILD)).build());
        assertEquals(Verdict.PASS, check(scanOff, CheckIds.AUTHENTICODE_SIGNATURE).verdict(), scanOff.toString());

        Path overlay = variant("overlay.dll", good, b -> {
            WindowsSignatureRulesTest.Table t = WindowsSignatureRulesTest.Table.of(b);
            byte[] junk = new byte[64 << 10];
            Arrays.fill(junk, (byte) 0x41);
            // junk between the image and the table: an overlay the signature covers
            byte[] out = new byte[b.length + junk.length];
            System.arraycopy(b, 0, out, 0, t.offset());
            System.arraycopy(junk, 0, out, t.offset(), junk.length);
            System.arraycopy(b, t.offset(), out, t.offset() + junk.length, b.length - t.offset());
            ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(t.directory(), t.offset() + junk.length);
            return out;
        });
        VerifyReport refused = verify(overlay, options().maxOverlayBytes(1024).build());
        assertEquals(Verdict.FAIL, check(refused, CheckIds.PE_OVERLAY).verdict(), refused.toString());
        fails(refused, "an overlay pe.overlay refuses");
        assertFalse(refused.facts().containsKey("authenticodeSha256"), refused.facts().toString());
    }

    @Test
    void aTimeLimitTooShortForTheHashIsAFailNamingTheFile() throws Exception {
        Path good = signed("slow.dll", DigestAlgorithm.SHA256);
        for (Duration limit : new Duration[] {Duration.ofNanos(1)}) {
            VerifyReport r = verify(good, options().limits(ReadLimits.DEFAULT.toBuilder().time(limit).build()).build());
            assertFalse(r.passed(), limit + ": " + r);
            Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
            assertTrue(s.verdict() != Verdict.PASS, limit + ": " + s);
            if (s.found().contains("took more than")) {
                assertTrue(s.found().contains("slow.dll"), s.toString());
            }
        }
    }

    /**
     * The file shrinks (another process truncates it) after the k-th read of verify, whichever thread makes it: a
     * report, never an exception; a PASS only with the image hash of the whole file (taken before it shrank), else a
     * FAIL naming the file.
     */
    @Test
    void aFileThatShrinksWhileItIsReadFails() throws Exception {
        Path good = signed("shrinks.dll", DigestAlgorithm.SHA256);
        String whole = verify(good, options().build()).facts().get("authenticodeSha256");
        byte[] bytes = Files.readAllBytes(good);
        for (int k : new int[] {0, 5, 40, 100, 120, 140, 150, 160, 170, 180, 190}) {
            for (long cut : new long[] {bytes.length / 2, bytes.length - 1}) {
                Path f = Files.write(dir.resolve("shrinks-" + k + "-" + cut + ".dll"), bytes);
                AtomicInteger reads = new AtomicInteger();
                FileOpener opener = file -> new Shrinking(FileChannel.open(file, StandardOpenOption.READ), file, k, cut,
                        reads);
                VerifyReport r = verify(f, options().build(), opener);
                Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
                if (s.verdict() == Verdict.PASS) {
                    assertEquals(whole, r.facts().get("authenticodeSha256"), k + ": " + s);
                } else {
                    assertEquals(Verdict.FAIL, s.verdict(), k + ": " + s);
                    assertTrue(s.found().contains(f.getFileName().toString()) || s.found().contains("changed after signing"),
                            k + ": " + s);
                }
            }
        }
    }

    /**
     * The file ends early for the image hash alone (its threads see the end of the file after their k-th read, as if
     * it shrank while the other checks had read what they need): a FAIL that names the file and says the hash could
     * not be taken, whichever pass of the two (the SHA-256, the unsigned image's) meets it first.
     */
    @Test
    void theHashMeetingTheEndOfTheFileIsAFailNamingIt() throws Exception {
        Path good = signed("ends.dll", DigestAlgorithm.SHA256);
        for (int k : new int[] {0, 1, 2, 3, 5}) {
            AtomicInteger reads = new AtomicInteger();
            FileOpener opener = file -> new Shrinking(FileChannel.open(file, StandardOpenOption.READ), file, k, -1, reads);
            VerifyReport r = verify(good, options().build(), opener);
            Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
            assertEquals(Verdict.FAIL, s.verdict(), k + ": " + s);
            assertTrue(s.found().contains("image hash cannot be taken") && s.found().contains("ends.dll")
                    && s.found().contains("file ended"), k + ": " + s);
            assertFalse(r.facts().containsKey("authenticodeSha256"), r.facts().toString());
        }
    }

    /**
     * A channel whose file is cut to {@code cut} bytes after {@code after} positional reads; with {@code cut} -1, one
     * that ends early (-1) for the image hash's threads alone after their {@code after}-th read.
     */
    private static final class Shrinking extends FileChannel {
        private final FileChannel in;
        private final Path file;
        private final int after;
        private final long cut;
        private final AtomicInteger reads;

        Shrinking(FileChannel in, Path file, int after, long cut, AtomicInteger reads) {
            this.in = in;
            this.file = file;
            this.after = after;
            this.cut = cut;
            this.reads = reads;
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            if (cut < 0) {  // the hash's threads alone see the end of the file after their after-th read
                String t = Thread.currentThread().getName();
                boolean hash = t.startsWith("hipdll-image-hash") || t.equals("hipdll-verify-authenticode-hash");
                return hash && reads.getAndIncrement() >= after ? -1 : in.read(dst, position);
            }
            if (reads.getAndIncrement() == after) {
                try (FileChannel w = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    w.truncate(cut);
                }
            }
            return in.read(dst, position);
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return in.read(dst);
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            return in.read(dsts, offset, length);
        }

        @Override
        public int write(ByteBuffer src) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long position() throws IOException {
            return in.position();
        }

        @Override
        public FileChannel position(long p) throws IOException {
            in.position(p);
            return this;
        }

        @Override
        public long size() throws IOException {
            return in.size();
        }

        @Override
        public FileChannel truncate(long size) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void force(boolean metaData) throws IOException {
            in.force(metaData);
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
            return in.transferTo(position, count, target);
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int write(ByteBuffer src, long position) {
            throw new UnsupportedOperationException();
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
            return in.map(mode, position, size);
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) throws IOException {
            return in.lock(position, size, shared);
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return in.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            in.close();
        }
    }
}
