package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.authenticode.Certificates;
import dev.hipdll.authenticode.DigestPolicy;
import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.authenticode.TrustStore;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.pe.DataDirectory;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
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
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import net.jsign.DigestAlgorithm;
import net.jsign.pe.PEFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code authenticode.*} checks on the example DLL built here with the stand-in SDK and signed with jsign (what
 * jsign-maven-plugin runs) by a throwaway code-signing certificate made in the test: valid, tampered after signing,
 * unsigned, a signer not in the pin list, a chain to another root, timestamped, signed twice (nested), a broken CMS
 * signature; and the unsigned bytes recovered from a signed DLL are the built DLL's bytes.
 */
class AuthenticodeVerifyTest {
    @TempDir
    static Path shared;
    @TempDir
    Path dir;

    static Path unsigned;
    static AbiContract.NamedContract loader;
    static Identity root;
    static Identity signer;
    static Identity otherRoot;
    static Identity otherSigner;
    static Identity tsa;

    @BeforeAll
    static void build() throws Exception {
        unsigned = Fixtures.exampleDll(shared, "coli_hip.dll", List.of("gfx1151"), List.of());
        loader = new LoaderSourceParser("coli_cuda_").parse(Toolchain.exampleDir().resolve("host/backend_loader.c"));
        root = SigningFixtures.root("hipdll test root", Duration.ofDays(3650));
        signer = SigningFixtures.codeSigner("hipdll release signing", root, Duration.ofDays(365));
        otherRoot = SigningFixtures.root("someone else's root", Duration.ofDays(3650));
        otherSigner = SigningFixtures.codeSigner("someone else", otherRoot, Duration.ofDays(365));
        tsa = SigningFixtures.timestampAuthority("hipdll test timestamps", root);
    }

    private VerifyOptions options(SignatureOptions s) {
        return VerifyOptions.builder(loader)
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets())).signature(s).build();
    }

    private static SignatureOptions sig(boolean required, List<String> pins, Path trustStore) throws Exception {
        return new SignatureOptions(required, new SignerPins(pins),
                trustStore == null ? Optional.empty() : Optional.of(TrustStore.load(trustStore, null)));
    }

    private static Check check(VerifyReport r, String id) {
        return r.checks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private Path copy(String name) throws Exception {
        return Files.copy(unsigned, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }

    private Path signed(String name) throws Exception {
        Path p = copy(name);
        SigningFixtures.sign(p, signer);
        return p;
    }

    private static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    @Test
    void unsignedPassesUnlessASignatureIsRequired() throws Exception {
        VerifyReport r = new DllVerifier().verify(copy("u.dll"), options(sig(false, List.of(), null)));
        Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.PASS, s.verdict(), s.toString());
        assertTrue(s.found().startsWith("not signed"), s.found());
        assertEquals(Verdict.SKIP, check(r, CheckIds.AUTHENTICODE_SIGNER).verdict());
        assertTrue(r.passed(), r.toString());

        VerifyReport req = new DllVerifier().verify(copy("u.dll"), options(sig(true, List.of(), null)));
        assertEquals(Verdict.FAIL, check(req, CheckIds.AUTHENTICODE_SIGNATURE).verdict());
        assertFalse(req.passed());
    }

    @Test
    void signedWithJsignPassesAndNamesTheSigner() throws Exception {
        Path dll = signed("s.dll");
        Path store = SigningFixtures.pem(dir.resolve("root.pem"), root.certificate());
        String sha1 = Certificates.sha1(signer.certificate());
        VerifyReport r = new DllVerifier().verify(dll, options(sig(true, List.of(sha1), store)));
        Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.PASS, s.verdict(), s.toString());
        assertTrue(s.found().contains("SHA-256 image hash matches"), s.found());
        Check who = check(r, CheckIds.AUTHENTICODE_SIGNER);
        assertEquals(Verdict.PASS, who.verdict(), who.toString());
        assertTrue(who.details().get(0).contains("CN=hipdll release signing") && who.details().get(0).contains(sha1)
                && who.details().get(0).contains(Certificates.sha256(signer.certificate())), who.details().toString());
        Check chain = check(r, CheckIds.AUTHENTICODE_CHAIN);
        assertEquals(Verdict.PASS, chain.verdict(), chain.toString());
        assertTrue(chain.details().stream().anyMatch(d -> d.contains("revocation (CRL, OCSP) is not checked")));
        Check ts = check(r, CheckIds.AUTHENTICODE_TIMESTAMP);
        assertEquals(Verdict.WARN, ts.verdict(), ts.toString());
        assertTrue(ts.found().startsWith("not timestamped"), ts.found());
        assertTrue(r.passed(), r.toString());
        // our image hash is jsign's (the oracle: jsign computes the digest it signs)
        try (PEFile pe = new PEFile(dll.toFile())) {
            assertEquals(HexFormat.of().formatHex(pe.computeDigest(DigestAlgorithm.SHA256)), r.facts().get("authenticodeSha256"));
        }
        assertEquals(sha256(Files.readAllBytes(unsigned)), r.facts().get("unsignedSha256"), "the unsigned image is the built DLL");
    }

    @Test
    void strippingTheSignatureGivesTheBuiltDllsBytes() throws Exception {
        Path dll = signed("s.dll");
        byte[] b = Files.readAllBytes(dll);
        assertFalse(java.util.Arrays.equals(b, Files.readAllBytes(unsigned)), "signing changed the file");
        long checksum;
        long dir4;
        long tableAt;
        try (PeFile pe = PeFile.open(dll)) {
            checksum = pe.peOffset() + 24 + 64;
            dir4 = pe.peOffset() + 24 + 112 + 8 * DataDirectory.CERTIFICATE_TABLE;
            tableAt = pe.optionalHeader().directory(DataDirectory.CERTIFICATE_TABLE).rva();
        }
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        assertTrue(bb.getInt((int) checksum) != 0, "jsign wrote a CheckSum");
        bb.putInt((int) checksum, 0);
        bb.putLong((int) dir4, 0);
        byte[] stripped = java.util.Arrays.copyOf(b, (int) tableAt);
        assertArrayEquals(Files.readAllBytes(unsigned), stripped, "signed DLL less its signature = the DLL as linked");
        VerifyReport r = new DllVerifier().verify(dll, options(sig(false, List.of(), null)));
        assertEquals(sha256(stripped), r.facts().get("unsignedSha256"));
    }

    @Test
    void aByteChangedAfterSigningFails() throws Exception {
        Path dll = signed("t.dll");
        long at;
        try (PeFile pe = PeFile.open(dll)) {
            SectionHeader text = pe.section(".text").orElseThrow();
            at = text.pointerToRawData() + text.sizeOfRawData() / 2;
        }
        byte[] b = Files.readAllBytes(dll);
        b[(int) at] ^= 0x01;
        Files.write(dll, b);
        VerifyReport r = new DllVerifier().verify(dll, options(sig(false, List.of(), null)));
        Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.FAIL, s.verdict(), s.toString());
        assertTrue(s.found().startsWith("signed, but the file changed after signing"), s.found());
        assertFalse(r.passed());
    }

    @Test
    void theCheckSumIsNotCoveredButEveryOtherHeaderByteIs() throws Exception {
        Path dll = signed("c.dll");
        long checksum;
        long stamp;
        try (PeFile pe = PeFile.open(dll)) {
            checksum = pe.peOffset() + 24 + 64;
            stamp = pe.peOffset() + 8;  // COFF TimeDateStamp
        }
        byte[] b = Files.readAllBytes(dll);
        b[(int) checksum] ^= 0x55;
        Files.write(dll, b);
        assertEquals(Verdict.PASS, check(new DllVerifier().verify(dll, options(sig(false, List.of(), null))),
                CheckIds.AUTHENTICODE_SIGNATURE).verdict(), "CheckSum is excluded from the image hash");
        b[(int) stamp] ^= 0x55;
        Files.write(dll, b);
        assertEquals(Verdict.FAIL, check(new DllVerifier().verify(dll, options(sig(false, List.of(), null))),
                CheckIds.AUTHENTICODE_SIGNATURE).verdict(), "TimeDateStamp is covered");
    }

    @Test
    void aSignerNotInThePinListFails() throws Exception {
        Path dll = signed("p.dll");
        VerifyReport wrong = new DllVerifier().verify(dll, options(sig(false,
                List.of(Certificates.sha256(otherSigner.certificate()), "someone else"), null)));
        Check w = check(wrong, CheckIds.AUTHENTICODE_SIGNER);
        assertEquals(Verdict.FAIL, w.verdict(), w.toString());
        assertTrue(w.found().contains("CN=hipdll release signing") && w.found().endsWith("not in hip.signers"), w.found());
        for (String pin : List.of(Certificates.sha256(signer.certificate()).toLowerCase(),
                spaced(Certificates.sha1(signer.certificate())), "hipdll release signing",
                "CN=hipdll release signing, O=hipdll tests, c=de")) {
            Check ok = check(new DllVerifier().verify(dll, options(sig(false, List.of("CN=nobody", pin), null))),
                    CheckIds.AUTHENTICODE_SIGNER);
            assertEquals(Verdict.PASS, ok.verdict(), pin + ": " + ok);
        }
    }

    private static String spaced(String hex) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < hex.length(); i += 2) {
            sb.append(i == 0 ? "" : ":").append(hex, i, i + 2);
        }
        return sb.toString();
    }

    @Test
    void aChainToAnotherRootFails() throws Exception {
        Path dll = signed("c.dll");
        Path other = SigningFixtures.pem(dir.resolve("other.pem"), otherRoot.certificate());
        Check c = check(new DllVerifier().verify(dll, options(sig(false, List.of(), other))), CheckIds.AUTHENTICODE_CHAIN);
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.found().startsWith("no valid path from the signer to a certificate of other.pem"), c.found());
        // a store with the signer's own certificate trusts it directly
        Path leaf = SigningFixtures.pem(dir.resolve("leaf.pem"), signer.certificate());
        Check direct = check(new DllVerifier().verify(dll, options(sig(false, List.of(), leaf))), CheckIds.AUTHENTICODE_CHAIN);
        assertEquals(Verdict.PASS, direct.verdict(), direct.toString());
        // a certificate that is not for code signing does not chain, whatever the store
        Path tsaSigned = copy("tsa-signed.dll");
        SigningFixtures.sign(tsaSigned, tsa);
        Check notCode = check(new DllVerifier().verify(tsaSigned, options(sig(false, List.of(),
                SigningFixtures.pem(dir.resolve("root.pem"), root.certificate())))), CheckIds.AUTHENTICODE_CHAIN);
        assertEquals(Verdict.FAIL, notCode.verdict(), notCode.toString());
        assertTrue(notCode.found().contains("not for code signing"), notCode.found());
    }

    @Test
    void anRfc3161TimestampIsReadAndVerified() throws Exception {
        Path dll = copy("ts.dll");
        SigningFixtures.sign(dll, signer, DigestAlgorithm.SHA256, tsa, true);
        VerifyReport r = new DllVerifier().verify(dll, options(sig(true, List.of(),
                SigningFixtures.pem(dir.resolve("root.pem"), root.certificate()))));
        Check t = check(r, CheckIds.AUTHENTICODE_TIMESTAMP);
        assertEquals(Verdict.PASS, t.verdict(), t.toString());
        assertTrue(t.found().startsWith("RFC 3161 ") && t.found().contains("CN=hipdll test timestamps"), t.found());
        assertTrue(check(r, CheckIds.AUTHENTICODE_CHAIN).details().get(0).contains("the timestamp's time"),
                check(r, CheckIds.AUTHENTICODE_CHAIN).toString());
        assertTrue(r.passed(), r.toString());
    }

    @Test
    void aTimestampByAnUntrustedAuthorityDoesNotMoveTheChainCheckToItsTime() throws Exception {
        Path dll = copy("ts-other.dll");
        SigningFixtures.sign(dll, signer, DigestAlgorithm.SHA256,
                SigningFixtures.timestampAuthority("someone else's timestamps", otherRoot), true);
        VerifyReport r = new DllVerifier().verify(dll, options(sig(false, List.of(),
                SigningFixtures.pem(dir.resolve("root.pem"), root.certificate()))));
        assertEquals(Verdict.PASS, check(r, CheckIds.AUTHENTICODE_TIMESTAMP).verdict(), "the token itself verifies");
        Check chain = check(r, CheckIds.AUTHENTICODE_CHAIN);
        assertEquals(Verdict.PASS, chain.verdict(), chain.toString());
        assertTrue(chain.details().get(0).startsWith("the timestamping authority CN=someone else's timestamps,"
                + "O=hipdll tests,C=DE is not trusted") && chain.details().get(1).endsWith(", now: its timestamping authority is not trusted)"), chain.details().toString());
    }

    @Test
    void bothSignaturesOfADualSignedDllAreChecked() throws Exception {
        Path dll = copy("dual.dll");
        SigningFixtures.sign(dll, signer, DigestAlgorithm.SHA1, null, true);
        SigningFixtures.sign(dll, otherSigner, DigestAlgorithm.SHA256, null, false);
        VerifyReport r = new DllVerifier().verify(dll, options(sig(false,
                List.of(Certificates.sha1(signer.certificate())), null).withDigests(DigestPolicy.parse(List.of("SHA-1",
                "SHA-256")))));
        Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.PASS, s.verdict(), s.toString());
        assertTrue(s.found().contains("SHA-1 image hash matches (2 signatures)"), s.found());
        // SHA-1 is refused unless hip.signature.digests names it
        Check refused = check(new DllVerifier().verify(dll, options(sig(false, List.of(), null))),
                CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.FAIL, refused.verdict(), refused.toString());
        assertTrue(refused.found().startsWith("signed, but the signature #1 uses SHA-1"), refused.found());
        assertTrue(s.details().stream().anyMatch(d -> d.startsWith("signature #2 (nested): SHA-256 image hash")), s.details().toString());
        Check who = check(r, CheckIds.AUTHENTICODE_SIGNER);
        assertEquals(Verdict.FAIL, who.verdict(), "the nested signer is not pinned: " + who);
        assertTrue(who.found().contains("CN=someone else"), who.found());
    }

    @Test
    void aSignatureValueThatDoesNotVerifyFails() throws Exception {
        Path dll = signed("bad.dll");
        byte[] value;
        try (PEFile pe = new PEFile(dll.toFile())) {
            value = pe.getSignatures().get(0).getSignerInfos().getSigners().iterator().next().getSignature();
        }
        byte[] b = Files.readAllBytes(dll);
        int at = indexOf(b, value);
        assertTrue(at > 0, "the RSA signature value is in the certificate table");
        b[at + value.length / 2] ^= 0x01;
        Files.write(dll, b);
        Check s = check(new DllVerifier().verify(dll, options(sig(false, List.of(), null))), CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.FAIL, s.verdict(), s.toString());
        assertTrue(s.found().startsWith("signed, but the signature does not verify"), s.found());
    }

    @Test
    void aMalformedCertificateTableFailsNamingIt() throws Exception {
        Path dll = signed("m.dll");
        long tableAt;
        try (PeFile pe = PeFile.open(dll)) {
            tableAt = pe.optionalHeader().directory(DataDirectory.CERTIFICATE_TABLE).rva();
        }
        byte[] b = Files.readAllBytes(dll);
        b[(int) tableAt + 8] = 0x04;  // the PKCS#7's SEQUENCE tag, after the 8-byte WIN_CERTIFICATE header
        Files.write(dll, b);
        Check s = check(new DllVerifier().verify(dll, options(sig(false, List.of(), null))), CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.FAIL, s.verdict(), s.toString());
        assertTrue(s.found().equals(String.format("malformed signature in WIN_CERTIFICATE #0 at file offset 0x%X (%d bytes):"
                + " not a PKCS#7 SignedData: it does not start with a DER SEQUENCE (0x30)", tableAt,
                ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt((int) tableAt))), s.found());
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
