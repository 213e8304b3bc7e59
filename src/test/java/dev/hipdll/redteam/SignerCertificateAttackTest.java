package dev.hipdll.redteam;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.authenticode.TrustStore;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.SigningFixtures;
import dev.hipdll.testing.SigningFixtures.Identity;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.verify.DllVerifier;
import dev.hipdll.verify.SignatureOptions;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import net.jsign.DigestAlgorithm;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Red team (chain validated as Windows validates it): signing certificates that RFC 5280 and Windows'
 * Authenticode policy do not accept for code signing, each signed into the example DLL with jsign and verified with
 * a trust store holding the throwaway root; {@code osslsigncode verify -CAfile root.pem} is the reference (OpenSSL's
 * code-signing purpose check).
 */
class SignerCertificateAttackTest {
    @TempDir
    static Path shared;
    @TempDir
    Path dir;

    static Path unsigned;
    static Identity root;
    static Identity tsa;

    @BeforeAll
    static void build() throws Exception {
        unsigned = Fixtures.exampleDll(shared, "coli_hip.dll", List.of("gfx1151"), List.of());
        root = SigningFixtures.root("hipdll red team root", Duration.ofDays(3650));
        tsa = SigningFixtures.timestampAuthority("hipdll red team timestamps", root, Instant.now().minus(Duration.ofDays(900)));
    }

    /** A leaf issued by {@code root}: key usage {@code ku} (or none: -1), EKU {@code eku} (or none), CA flag. */
    static Identity leaf(String cn, int ku, KeyPurposeId eku, boolean ca, Instant from, Instant until) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        KeyPair kp = g.generateKeyPair();
        JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(root.certificate(),
                BigInteger.valueOf(System.nanoTime()), Date.from(from), Date.from(until),
                new X500Name("C=DE,O=hipdll red team,CN=" + cn), kp.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        if (ku >= 0) {
            b.addExtension(Extension.keyUsage, true, new KeyUsage(ku));
        }
        if (eku != null) {
            b.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(eku));
        }
        X509Certificate c = new JcaX509CertificateConverter().getCertificate(b.build(
                new JcaContentSignerBuilder("SHA256withRSA").build(root.key())));
        return new Identity(c, kp.getPrivate(), List.of(c, root.certificate()));
    }

    static Identity leaf(String cn, int ku, KeyPurposeId eku, boolean ca) throws Exception {
        return leaf(cn, ku, eku, ca, Instant.now().minus(Duration.ofDays(1)), Instant.now().plus(Duration.ofDays(365)));
    }

    private VerifyOptions options() throws Exception {
        Path rootPem = SigningFixtures.pem(dir.resolve("root.pem"), root.certificate());
        return VerifyOptions.builder(new AbiContract.CountContract("x", 0, "test")).signature(
                new SignatureOptions(true, SignerPins.none(), Optional.of(TrustStore.load(rootPem, null)))).build();
    }

    private static Check check(VerifyReport r, String id) {
        return r.checks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    /** verify's acceptance (signature and chain pass, timestamp not failed) and osslsigncode's, as one line. */
    private String verdicts(Path dll) throws Exception {
        VerifyReport r = new DllVerifier().verify(dll, options());
        Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
        Check c = check(r, CheckIds.AUTHENTICODE_CHAIN);
        Check t = check(r, CheckIds.AUTHENTICODE_TIMESTAMP);
        boolean accepts = s.verdict() == Verdict.PASS && c.verdict() == Verdict.PASS && t.verdict() != Verdict.FAIL;
        Path rootPem = dir.resolve("root.pem");
        Exec.Result o = Exec.run(dir, List.of(Toolchain.tool("osslsigncode").toString(), "verify", "-CAfile",
                rootPem.toString(), "-TSA-CAfile", rootPem.toString(), "-ignore-crl", "-in", dll.toString()));
        System.out.println(dll.getFileName() + ": verify " + (accepts ? "accepts" : "rejects") + " (" + s.verdict() + " "
                + s.found() + "; " + c.verdict() + " " + c.found() + " " + c.details() + "; " + t.verdict() + " " + t.found()
                + ")\n  osslsigncode exit " + o.exit() + ": " + o.output().lines().filter(l -> l.contains("ailed")
                || l.contains("rror") || l.contains("uccess")).limit(4).toList());
        return "verify " + (accepts ? "accepts" : "rejects") + ", osslsigncode " + (o.exit() == 0 ? "accepts" : "rejects");
    }

    private Path signedBy(String name, Identity signer) throws Exception {
        Path p = Files.copy(unsigned, dir.resolve(name + ".dll"), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.sign(p, signer, DigestAlgorithm.SHA256, null, true);
        return p;
    }

    @Test
    void aLeafWithoutDigitalSignatureKeyUsageIsAcceptedAsOsslsigncodeAcceptsIt() throws Exception {
        // neither checks the leaf's key usage for digitalSignature; Windows' verdict not established here
        Identity s = leaf("keyEncipherment only", KeyUsage.keyEncipherment, KeyPurposeId.id_kp_codeSigning, false);
        assertEquals("verify accepts, osslsigncode accepts", verdicts(signedBy("ku-encipher", s)));
    }

    @Test
    void aCaCertificateAsSignerIsAcceptedAsOsslsigncodeAcceptsIt() throws Exception {
        Identity s = leaf("a CA signing code", KeyUsage.keyCertSign | KeyUsage.digitalSignature,
                KeyPurposeId.id_kp_codeSigning, true);
        assertEquals("verify accepts, osslsigncode accepts", verdicts(signedBy("ca-signer", s)));
    }

    @Test
    void aLeafWithoutEkuSignsCodeAsOsslsigncodeAndCryptoApiAllow() throws Exception {
        // no EKU extension: valid for every purpose (RFC 5280 4.2.1.12; CryptoAPI alike)
        Identity s = leaf("no EKU", KeyUsage.digitalSignature, null, false);
        assertEquals("verify accepts, osslsigncode accepts", verdicts(signedBy("no-eku", s)));
    }

    @Test
    void aLeafForServerAuth() throws Exception {
        Identity s = leaf("server auth", KeyUsage.digitalSignature, KeyPurposeId.id_kp_serverAuth, false);
        assertEquals("verify rejects, osslsigncode rejects", verdicts(signedBy("server-auth", s)));
    }

    /**
     * FINDING: a signing certificate without an EKU extension, expired 10 days ago, counter-signs its own signature
     * (a legacy Authenticode timestamp) with a signing time 200 days ago, when it was valid. verify takes the
     * timestamp (ChainCheck's TIME_STAMPING purpose accepts a certificate with no EKU) and checks the chain at the
     * forged time: all PASS. The same certificate in an RFC 3161 token is refused (BouncyCastle's validate: RFC 3161
     * section 2.3 wants exactly one, critical, id-kp-timeStamping EKU); the signer dating its own signature is no
     * timestamp at all. osslsigncode 2.9 rejects it, but it also rejects the control
     * ({@link #anExpiredSignerTimestampedByATimestampingAuthorityPasses}), so it does not decide here.
     */
    @Test
    void anExpiredNoEkuSignerTimestampsItself() throws Exception {
        Instant now = Instant.now();
        Identity s = leaf("self stamped", KeyUsage.digitalSignature, null, false, now.minus(Duration.ofDays(400)),
                now.minus(Duration.ofDays(10)));
        Path p = Files.copy(unsigned, dir.resolve("self-stamped.dll"), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.signWith(p, s, DigestAlgorithm.SHA256, SigningFixtures.legacy(s, "SHA256withRSA",
                now.minus(Duration.ofDays(200))), true);
        String v = verdicts(p);
        assertEquals("verify rejects", v.substring(0, v.indexOf(',')));
    }

    /**
     * FINDING: as {@link #anExpiredNoEkuSignerTimestampsItself}, the legacy counter-signature made by another leaf of
     * the same CA whose EKU is anyExtendedKeyUsage (no id-kp-timeStamping): verify dates the expired signer's chain at
     * its time and PASSes.
     */
    @Test
    void anExpiredSignerTimestampedByAnAnyPurposeLeaf() throws Exception {
        Instant now = Instant.now();
        Identity s = leaf("expired", KeyUsage.digitalSignature, KeyPurposeId.id_kp_codeSigning, false,
                now.minus(Duration.ofDays(400)), now.minus(Duration.ofDays(10)));
        Identity other = leaf("any purpose", KeyUsage.digitalSignature, KeyPurposeId.anyExtendedKeyUsage, false,
                now.minus(Duration.ofDays(400)), now.plus(Duration.ofDays(400)));
        Path p = Files.copy(unsigned, dir.resolve("stamped-by-any.dll"), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.signWith(p, s, DigestAlgorithm.SHA256, SigningFixtures.legacy(other, "SHA256withRSA",
                now.minus(Duration.ofDays(200))), true);
        String v = verdicts(p);
        assertEquals("verify rejects", v.substring(0, v.indexOf(',')));
    }

    /** The control: the same expired signer, timestamped at the same time by a real authority (critical timeStamping EKU). */
    @Test
    void anExpiredSignerTimestampedByATimestampingAuthorityPasses() throws Exception {
        Instant now = Instant.now();
        Identity s = leaf("expired", KeyUsage.digitalSignature, KeyPurposeId.id_kp_codeSigning, false,
                now.minus(Duration.ofDays(400)), now.minus(Duration.ofDays(10)));
        Path p = Files.copy(unsigned, dir.resolve("stamped-by-tsa.dll"), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.signWith(p, s, DigestAlgorithm.SHA256, SigningFixtures.legacy(tsa, "SHA256withRSA",
                now.minus(Duration.ofDays(200))), true);
        String v = verdicts(p);
        assertEquals("verify accepts", v.substring(0, v.indexOf(',')));
    }

    /** A timestamp before the signing certificate's notBefore dates nothing: the chain fails at that time. */
    @Test
    void aTimestampBeforeTheSignerWasIssuedFails() throws Exception {
        Instant now = Instant.now();
        Identity s = leaf("issued later", KeyUsage.digitalSignature, KeyPurposeId.id_kp_codeSigning, false,
                now.minus(Duration.ofDays(100)), now.plus(Duration.ofDays(300)));
        Path p = Files.copy(unsigned, dir.resolve("stamped-before.dll"), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.signWith(p, s, DigestAlgorithm.SHA256, SigningFixtures.legacy(tsa, "SHA256withRSA",
                now.minus(Duration.ofDays(200))), true);
        String v = verdicts(p);
        assertEquals("verify rejects", v.substring(0, v.indexOf(',')));
    }

    /**
     * FINDING (low): a timestamp from the future (signing time 200 days ahead, by the trusted authority: a TSA with a
     * wrong clock, or one whose key leaked) for a signer not valid before 100 days from now: verify checks the chain at
     * the time that has not come and PASSes signature, chain and timestamp ("Authenticode 2027-..."). A signature
     * cannot have existed after now; the chain should then be checked now (the signer is not yet valid: FAIL).
     */
    @Test
    void aTimestampFromTheFuture() throws Exception {
        Instant now = Instant.now();
        Identity s = leaf("not yet valid", KeyUsage.digitalSignature, KeyPurposeId.id_kp_codeSigning, false,
                now.plus(Duration.ofDays(100)), now.plus(Duration.ofDays(500)));
        Path p = Files.copy(unsigned, dir.resolve("stamped-future.dll"), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.signWith(p, s, DigestAlgorithm.SHA256, SigningFixtures.legacy(tsa, "SHA256withRSA",
                now.plus(Duration.ofDays(200))), true);
        String v = verdicts(p);
        assertEquals("verify rejects", v.substring(0, v.indexOf(',')));
    }
}
