package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import net.jsign.DigestAlgorithm;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Red team (Authenticode as Windows decides): an attacker who writes the signed DLL tries to hide bytes
 * in the certificate table's padding, to make {@code dwLength} lie, to slip an MD5 signature or timestamp in beside
 * a strong one, and to get an expired signing certificate chained at a time vouched for by an authority nobody
 * trusts. Each file must fail with a report, never PASS, never a stack trace.
 */
class AuthenticodeAttackTest {
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
        root = SigningFixtures.root("hipdll attack root", Duration.ofDays(3650));
        signer = SigningFixtures.codeSigner("hipdll attack signing", root, Duration.ofDays(365));
        tsa = SigningFixtures.timestampAuthority("hipdll attack timestamps", root, Instant.now().minus(Duration.ofDays(900)));
    }

    private SignatureOptions trusting(Identity... roots) throws Exception {
        return new SignatureOptions(true, SignerPins.none(), Optional.of(TrustStore.load(SigningFixtures.pem(
                dir.resolve("roots.pem"), java.util.Arrays.stream(roots).map(Identity::certificate)
                        .toArray(java.security.cert.X509Certificate[]::new)), null)));
    }

    private VerifyReport verify(Path dll, SignatureOptions s) {
        return new DllVerifier().verify(dll, VerifyOptions.builder(loader)
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets()))
                .signature(s).build());
    }

    private static Check check(VerifyReport r, String id) {
        return r.checks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private Path signed(String name) throws Exception {
        Path p = Files.copy(unsigned, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.sign(p, signer, DigestAlgorithm.SHA256, null, true);
        return p;
    }

    private Path write(String name, byte[] b) throws Exception {
        return Files.write(dir.resolve(name), b);
    }

    /** The DER length of the SignedData at {@code at} (a SEQUENCE with a long-form length). */
    private static int derLength(byte[] b, int at) {
        int first = b[at + 1] & 0xff;
        if (first < 0x80) {
            return 2 + first;
        }
        int n = first & 0x7f;
        int len = 0;
        for (int i = 0; i < n; i++) {
            len = len << 8 | b[at + 2 + i] & 0xff;
        }
        return 2 + n + len;
    }

    private static void signatureFails(VerifyReport r, String what) {
        Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.FAIL, s.verdict(), what + ": " + s);
        assertFalse(r.passed(), what);
    }

    @Test
    void theBaselinePasses() throws Exception {
        VerifyReport r = verify(signed("base.dll"), trusting(root));
        assertEquals(Verdict.PASS, check(r, CheckIds.AUTHENTICODE_SIGNATURE).verdict(), r.toString());
        assertEquals(Verdict.PASS, check(r, CheckIds.AUTHENTICODE_CHAIN).verdict(), r.toString());
    }

    /** The alignment padding after the SignedData inside its entry holds non-zero bytes: not Windows' padding. */
    @Test
    void nonZeroAlignmentPaddingFails() throws Exception {
        byte[] b = Files.readAllBytes(signed("pad.dll"));
        WindowsSignatureRulesTest.Table t = WindowsSignatureRulesTest.Table.of(b);
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int dwLength = bb.getInt(t.offset());
        int der = derLength(b, t.offset() + 8);
        byte[] out;
        if (8 + der < dwLength) {
            out = b.clone();
            for (int i = t.offset() + 8 + der; i < t.offset() + dwLength; i++) {
                out[i] = (byte) 0xA5;
            }
        } else {  // no padding written: add one non-zero byte (and the zeros to the boundary)
            out = WindowsSignatureRulesTest.withBytesInsideTheEntry(b, new byte[]{(byte) 0xA5});
        }
        signatureFails(verify(write("pad-nonzero.dll", out), trusting(root)), "non-zero padding");
        // and zero padding past the entry but inside the table (dwLength exact, the directory 8 bytes larger)
        byte[] grown = java.util.Arrays.copyOf(b, b.length + 8);
        ByteBuffer.wrap(grown).order(ByteOrder.LITTLE_ENDIAN).putInt(t.directory() + 4, t.size() + 8);
        VerifyReport g = verify(write("pad-after.dll", grown), trusting(root));
        assertFalse(g.passed() && check(g, CheckIds.AUTHENTICODE_SIGNATURE).verdict() == Verdict.PASS
                && check(g, CheckIds.AUTHENTICODE_SIGNATURE).details().stream().noneMatch(d -> d.contains("not covered")),
                "8 zero bytes past the entry are not reported: " + check(g, CheckIds.AUTHENTICODE_SIGNATURE));
    }

    /** {@code dwLength} lies: smaller than the DER, zero, past the table, past the file, negative. */
    @Test
    void aLyingDwLengthFailsWithAReport() throws Exception {
        byte[] b = Files.readAllBytes(signed("len.dll"));
        WindowsSignatureRulesTest.Table t = WindowsSignatureRulesTest.Table.of(b);
        int dwLength = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(t.offset());
        for (int lie : List.of(dwLength - 100, 0, 7, 8, dwLength + 8, dwLength + 4096, Integer.MAX_VALUE, -8)) {
            byte[] out = b.clone();
            ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(t.offset(), lie);
            signatureFails(verify(write("len-" + lie + ".dll", out), trusting(root)), "dwLength " + lie);
        }
        // the directory's size lies instead: smaller than the entry, past the file
        for (int size : List.of(8, dwLength - 8, t.size() + 4096)) {
            byte[] out = b.clone();
            ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(t.directory() + 4, size);
            signatureFails(verify(write("dir-" + size + ".dll", out), trusting(root)), "directory size " + size);
        }
        // wCertificateType of another kind (X.509, unknown); WIN_CERT_REVISION_1_0 with PKCS signed data is read on
        // purpose (CertificateTable accepts both revisions), so it is not an attack here
        for (int[] rt : List.of(new int[]{0x0200, 1}, new int[]{0x0200, 0xFFFF}, new int[]{0x0300, 2})) {
            byte[] out = b.clone();
            ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putShort(t.offset() + 4, (short) rt[0])
                    .putShort(t.offset() + 6, (short) rt[1]);
            signatureFails(verify(write("type-" + rt[0] + "-" + rt[1] + ".dll", out), trusting(root)),
                    "revision/type " + rt[0] + "/" + rt[1]);
        }
    }

    /** A strong primary signature with an MD5 one nested in its unsigned attributes: every signature counts. */
    @Test
    void aNestedMd5SignatureFails() throws Exception {
        Path p = signed("nested.dll");
        SigningFixtures.sign(p, signer, DigestAlgorithm.MD5, null, false);
        VerifyReport r = verify(p, trusting(root));
        signatureFails(r, "SHA-256 with MD5 nested");
        assertTrue(check(r, CheckIds.AUTHENTICODE_SIGNATURE).found().contains("MD5"),
                check(r, CheckIds.AUTHENTICODE_SIGNATURE).toString());
        // and the other way round: MD5 primary, SHA-256 nested
        Path q = Files.copy(unsigned, dir.resolve("nested2.dll"), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.sign(q, signer, DigestAlgorithm.MD5, null, true);
        SigningFixtures.sign(q, signer, DigestAlgorithm.SHA256, null, false);
        signatureFails(verify(q, trusting(root)), "MD5 with SHA-256 nested");
    }

    /** An RFC 3161 timestamp whose imprint is MD5, and a legacy one signed with MD5: the timestamp fails. */
    @Test
    void anMd5TimestampFailsAndDoesNotDateTheChain() throws Exception {
        Path p = Files.copy(unsigned, dir.resolve("ts-md5.dll"), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.signWith(p, signer, DigestAlgorithm.SHA256, SigningFixtures.rfc3161(tsa, DigestAlgorithm.MD5,
                "SHA256withRSA"), true);
        VerifyReport r = verify(p, trusting(root));
        assertEquals(Verdict.FAIL, check(r, CheckIds.AUTHENTICODE_TIMESTAMP).verdict(),
                check(r, CheckIds.AUTHENTICODE_TIMESTAMP).toString());
        assertFalse(r.passed());

        Instant now = Instant.now();
        Identity expired = SigningFixtures.codeSigner("hipdll attack expired", root, now.minus(Duration.ofDays(400)),
                now.minus(Duration.ofDays(10)));
        Path q = Files.copy(unsigned, dir.resolve("ts-legacy-md5.dll"), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.signWith(q, expired, DigestAlgorithm.SHA256, SigningFixtures.legacy(tsa, "MD5withRSA",
                now.minus(Duration.ofDays(200))), true);
        VerifyReport s = verify(q, trusting(root));
        assertEquals(Verdict.FAIL, check(s, CheckIds.AUTHENTICODE_TIMESTAMP).verdict(),
                check(s, CheckIds.AUTHENTICODE_TIMESTAMP).toString());
        Check c = check(s, CheckIds.AUTHENTICODE_CHAIN);
        assertEquals(Verdict.FAIL, c.verdict(), "an MD5 timestamp dated the expired signer's chain: " + c);
        assertFalse(s.passed());
    }

    /**
     * An expired signer timestamped (in its validity) by an authority of a root nobody trusts: the time is not
     * vouched for, the chain is checked now and fails.
     */
    @Test
    void anUntrustedAuthorityDoesNotDateAnExpiredSigner() throws Exception {
        Instant now = Instant.now();
        Identity rogueRoot = SigningFixtures.root("rogue root", Duration.ofDays(3650));
        Identity rogueTsa = SigningFixtures.timestampAuthority("rogue timestamps", rogueRoot, now.minus(Duration.ofDays(900)));
        Identity expired = SigningFixtures.codeSigner("hipdll attack expired 2", root, now.minus(Duration.ofDays(400)),
                now.minus(Duration.ofDays(10)));
        for (boolean legacy : List.of(true, false)) {
            Path p = Files.copy(unsigned, dir.resolve("rogue-" + legacy + ".dll"), StandardCopyOption.REPLACE_EXISTING);
            SigningFixtures.signWith(p, expired, DigestAlgorithm.SHA256, legacy
                    ? SigningFixtures.legacy(rogueTsa, "SHA256withRSA", now.minus(Duration.ofDays(200)))
                    : SigningFixtures.rfc3161(rogueTsa, DigestAlgorithm.SHA256, "SHA256withRSA"), true);
            VerifyReport r = verify(p, trusting(root));
            Check c = check(r, CheckIds.AUTHENTICODE_CHAIN);
            assertEquals(Verdict.FAIL, c.verdict(), (legacy ? "legacy" : "RFC 3161") + ": " + c);
            assertFalse(r.passed());
        }
        // a time-stamping authority that is the signer itself (no timeStamping EKU) dates nothing either
        Path self = Files.copy(unsigned, dir.resolve("self-ts.dll"), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.signWith(self, expired, DigestAlgorithm.SHA256, SigningFixtures.legacy(expired, "SHA256withRSA",
                now.minus(Duration.ofDays(200))), true);
        VerifyReport r = verify(self, trusting(root));
        assertEquals(Verdict.FAIL, check(r, CheckIds.AUTHENTICODE_CHAIN).verdict(), "the signer timestamped itself: "
                + check(r, CheckIds.AUTHENTICODE_CHAIN) + "\n" + check(r, CheckIds.AUTHENTICODE_TIMESTAMP));
    }
}
