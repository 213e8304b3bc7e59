package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.authenticode.Certificates;
import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.authenticode.TrustStore;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.SigningFixtures;
import dev.hipdll.testing.SigningFixtures.Identity;
import dev.hipdll.testing.Toolchain;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import net.jsign.DigestAlgorithm;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Authenticode held to Windows' rules, on the example DLL built here and signed with
 * jsign by a throwaway CA made in the test:
 * <ul>
 *   <li>the certificate table holds the signature and nothing else (MS13-098, CVE-2013-3900): a second
 *       {@code WIN_CERTIFICATE} entry carrying a whole second PE (data directory 4 grown to cover it), and bytes after
 *       the PKCS#7 SignedData inside the signature's own entry, fail {@code authenticode.signature} naming what and
 *       where, with a signature required, a pinned signer and a trust store; {@code pe.overlay} counts those bytes and
 *       {@code paths.build} reads them;</li>
 *   <li>an MD5 image hash fails, and a SHA-1 one, by default (the digest policy);</li>
 *   <li>a legacy Authenticode counter-signature whose signed attributes carry a content type, as DigiCert issues
 *       them, is read as Windows reads it, and the chain of a signing certificate that has expired since is checked
 *       at the timestamp's time.</li>
 * </ul>
 */
class WindowsSignatureRulesTest {
    @TempDir
    static Path shared;
    @TempDir
    Path dir;

    static Path unsigned;
    static AbiContract.NamedContract loader;
    static Identity root;
    static Identity signer;
    static Identity tsa;

    @BeforeAll
    static void build() throws Exception {
        unsigned = Fixtures.exampleDll(shared, "coli_hip.dll", List.of("gfx1151"), List.of());
        loader = new LoaderSourceParser("coli_cuda_").parse(Toolchain.exampleDir().resolve("host/backend_loader.c"));
        root = SigningFixtures.root("hipdll rules root", Duration.ofDays(3650));
        signer = SigningFixtures.codeSigner("hipdll rules signing", root, Duration.ofDays(365));
        tsa = SigningFixtures.timestampAuthority("hipdll rules timestamps", root, Instant.now().minus(Duration.ofDays(900)));
    }

    private VerifyOptions options(SignatureOptions s) {
        return VerifyOptions.builder(loader)
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets())).signature(s).build();
    }

    /** A signature required, the signer pinned by its SHA-1 thumbprint, a trust store holding the root. */
    private SignatureOptions strict() throws Exception {
        return new SignatureOptions(true, new SignerPins(List.of(Certificates.sha1(signer.certificate()))),
                Optional.of(TrustStore.load(SigningFixtures.pem(dir.resolve("root.pem"), root.certificate()), null)));
    }

    private static Check check(VerifyReport r, String id) {
        return r.checks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private Path signed(String name, DigestAlgorithm algorithm) throws Exception {
        Path p = Files.copy(unsigned, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.sign(p, signer, algorithm, null, true);
        return p;
    }

    /** Data directory 4 of {@code b}: the table's file offset and size, and where its entry is. */
    record Table(int directory, int offset, int size) {
        static Table of(byte[] b) {
            ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
            int pe = bb.getInt(0x3c);
            int magic = bb.getShort(pe + 24) & 0xffff;
            int dir = pe + 24 + (magic == 0x20b ? 112 : 96) + 8 * 4;
            return new Table(dir, bb.getInt(dir), bb.getInt(dir + 4));
        }
    }

    /**
     * {@code b} with a second {@code WIN_CERTIFICATE} (revision 2.0, type PKCS signed data) holding {@code payload}
     * after the signature's, data directory 4 grown to cover it: the entry Windows does not read.
     */
    static byte[] withSecondEntry(byte[] b, byte[] payload) {
        Table t = Table.of(b);
        int entry = 8 + payload.length;
        int added = (entry + 7) & ~7;
        byte[] out = Arrays.copyOf(b, b.length + added);
        ByteBuffer bb = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        bb.putInt(b.length, entry).putShort(b.length + 4, (short) 0x0200).putShort(b.length + 6, (short) 2);
        System.arraycopy(payload, 0, out, b.length + 8, payload.length);
        bb.putInt(t.directory() + 4, t.size() + added);
        return out;
    }

    /** {@code b} with {@code payload} (padded to 8 bytes) inside the signature's entry, after its SignedData. */
    static byte[] withBytesInsideTheEntry(byte[] b, byte[] payload) {
        Table t = Table.of(b);
        int added = (payload.length + 7) & ~7;
        byte[] out = Arrays.copyOf(b, b.length + added);
        System.arraycopy(payload, 0, out, b.length, payload.length);
        ByteBuffer bb = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        bb.putInt(t.offset(), bb.getInt(t.offset()) + added);   // dwLength of the only entry
        bb.putInt(t.directory() + 4, t.size() + added);
        return out;
    }

    @Test
    void theTableAsJsignWroteItHoldsTheSignatureAndNothingElse() throws Exception {
        Path dll = signed("s.dll", DigestAlgorithm.SHA256);
        VerifyReport r = new DllVerifier().verify(dll, options(strict()));
        Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.PASS, s.verdict(), s.toString());
        assertTrue(s.details().stream().noneMatch(d -> d.startsWith("not covered by the signature")), s.details().toString());
        Check o = check(r, CheckIds.PE_OVERLAY);
        assertEquals(Verdict.PASS, o.verdict(), o.toString());
        assertTrue(o.details().stream().anyMatch(d -> d.startsWith("not counted: Authenticode signature (WIN_CERTIFICATE #0")),
                o.details().toString());
        assertTrue(r.passed(), r.toString());
    }

    @Test
    void aSecondEntryHoldingAWholePeFailsNamingWhereItIs() throws Exception {
        byte[] good = Files.readAllBytes(signed("s.dll", DigestAlgorithm.SHA256));
        Table t = Table.of(good);
        Path hostile = Files.write(dir.resolve("second-entry.dll"), withSecondEntry(good, Files.readAllBytes(unsigned)));
        VerifyReport r = new DllVerifier().verify(hostile, options(strict()));
        Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.FAIL, s.verdict(), s.toString());
        String at = String.format("at 0x%X..", t.offset() + t.size());
        assertTrue(s.found().startsWith("signed, but the certificate table holds ") && s.found().contains(
                String.format("WIN_CERTIFICATE entries after the signature's WIN_CERTIFICATE #0 at 0x%X", t.offset()))
                && s.found().contains(at) && s.found().contains("CVE-2013-3900"), s.found());
        Check o = check(r, CheckIds.PE_OVERLAY);
        assertNotEquals(Verdict.PASS, o.verdict(), "the second entry is unsigned bytes after the image: " + o);
        assertTrue(o.details().stream().anyMatch(d -> d.startsWith("certificate table: WIN_CERTIFICATE entries after")
                && d.contains(at) && d.endsWith("counted as overlay")), o.details().toString());
        assertFalse(r.passed(), r.toString());
    }

    @Test
    void bytesAfterTheSignedDataInsideItsEntryFailAndAreSearchedForPaths() throws Exception {
        byte[] good = Files.readAllBytes(signed("s.dll", DigestAlgorithm.SHA256));
        Table t = Table.of(good);
        byte[] payload = "C:\\Users\\mallory\\payload\\stage2.c".getBytes(StandardCharsets.US_ASCII);
        Path hostile = Files.write(dir.resolve("inside.dll"), withBytesInsideTheEntry(good, payload));
        VerifyReport r = new DllVerifier().verify(hostile, options(strict()));
        Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.FAIL, s.verdict(), s.toString());
        assertTrue(s.found().contains("bytes after the PKCS#7 SignedData (") && s.found().contains(String.format(
                " bytes) in WIN_CERTIFICATE #0 at 0x%X", t.offset())) && s.found().contains(
                String.format("at 0x%X..", t.offset() + t.size())), s.found());
        Check o = check(r, CheckIds.PE_OVERLAY);
        assertEquals(Verdict.WARN, o.verdict(), o.toString());
        Check p = check(r, CheckIds.PATHS_BUILD);
        assertEquals(Verdict.FAIL, p.verdict(), p.toString());
        assertTrue(p.details().stream().anyMatch(d -> d.contains("C:\\Users\\mallory")), p.details().toString());
    }

    @Test
    void anMd5OrSha1ImageHashFailsByDefault() throws Exception {
        for (DigestAlgorithm weak : List.of(DigestAlgorithm.MD5, DigestAlgorithm.SHA1)) {
            Path dll = signed("weak-" + weak.id + ".dll", weak);
            VerifyReport r = new DllVerifier().verify(dll, options(strict()));
            Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
            String name = weak == DigestAlgorithm.MD5 ? "MD5" : "SHA-1";
            assertEquals(Verdict.FAIL, s.verdict(), name + ": " + s);
            assertTrue(s.found().startsWith("signed, but the signature uses " + name) && s.found().contains(
                    "which hip.signature.digests refuses (accepted: SHA-256, SHA-384, SHA-512)"), s.found());
            assertFalse(r.passed(), name);
        }
        Path strong = signed("sha384.dll", DigestAlgorithm.SHA384);
        Check s = check(new DllVerifier().verify(strong, options(strict())), CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.PASS, s.verdict(), s.toString());
    }

    @Test
    void aLegacyCounterSignatureWithAContentTypeTimestampsAnExpiredSigner() throws Exception {
        Instant now = Instant.now();
        Identity expired = SigningFixtures.codeSigner("hipdll expired signing", root, now.minus(Duration.ofDays(400)),
                now.minus(Duration.ofDays(10)));
        Instant stamped = now.minus(Duration.ofDays(200));
        Path dll = Files.copy(unsigned, dir.resolve("legacy.dll"), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.signWith(dll, expired, DigestAlgorithm.SHA256, SigningFixtures.legacy(tsa, "SHA256withRSA", stamped),
                true);
        SignatureOptions trust = new SignatureOptions(true, SignerPins.none(),
                Optional.of(TrustStore.load(SigningFixtures.pem(dir.resolve("root.pem"), root.certificate()), null)));
        VerifyReport r = new DllVerifier().verify(dll, options(trust));
        assertEquals(Verdict.PASS, check(r, CheckIds.AUTHENTICODE_SIGNATURE).verdict(),
                check(r, CheckIds.AUTHENTICODE_SIGNATURE).toString());
        Check t = check(r, CheckIds.AUTHENTICODE_TIMESTAMP);
        assertEquals(Verdict.PASS, t.verdict(), t.toString());
        assertTrue(t.found().startsWith("Authenticode " + stamped.truncatedTo(java.time.temporal.ChronoUnit.SECONDS))
                && t.found().contains("CN=hipdll rules timestamps"), t.found());
        assertTrue(t.details().stream().anyMatch(d -> d.contains("content type") && d.contains("RFC 5652")), t.details().toString());
        Check c = check(r, CheckIds.AUTHENTICODE_CHAIN);
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
        assertTrue(c.details().get(0).startsWith("trusted: ") && c.details().get(0).contains("the timestamp's time"),
                c.details().toString());
        assertTrue(r.passed(), r.toString());

        // without the timestamp the chain is checked now, and the expired certificate fails, saying why
        Path bare = Files.copy(unsigned, dir.resolve("bare.dll"), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.sign(bare, expired, DigestAlgorithm.SHA256, null, true);
        Check now2 = check(new DllVerifier().verify(bare, options(trust)), CheckIds.AUTHENTICODE_CHAIN);
        assertEquals(Verdict.FAIL, now2.verdict(), now2.toString());
        assertTrue(now2.details().get(0).startsWith("not trusted: ") && now2.details().get(0).endsWith(", now: no timestamp)"),
                now2.details().toString());
    }
}
