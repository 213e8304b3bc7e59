package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.authenticode.AuthenticodeSignature;
import dev.hipdll.authenticode.CertificateTable;
import dev.hipdll.authenticode.Certificates;
import dev.hipdll.authenticode.SignatureReader;
import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.authenticode.TrustStore;
import dev.hipdll.authenticode.WinCertificate;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.pe.PeFile;
import dev.hipdll.testing.SigningFixtures;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import net.jsign.DigestAlgorithm;
import net.jsign.pe.PEFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DLL signed by someone else, from Maven Central: Microsoft's {@code mssql-jdbc_auth-12.8.1.x64.dll} (a test
 * dependency of type {@code dll}; Maven fetches it into the local repository, nothing is committed). Signed by
 * Microsoft Corporation with SHA-256, an RFC 3161 timestamp, the chain carried up to "Microsoft Code Signing PCA
 * 2011". The image hash must match (and be jsign's), the signer and timestamp must be read, and the chain must
 * validate against a trust store holding the PCA, at the timestamp's time (the leaf certificate has expired since).
 */
class RealSignedDllTest {
    @TempDir
    static Path dir;
    static Path dll;

    @BeforeAll
    static void find() throws Exception {
        String p = System.getProperty("hipdll.signedDll");
        if (p == null || p.isBlank() || p.startsWith("${") || !Files.isRegularFile(Path.of(p))) {
            Toolchain.missing("the signed DLL from Maven Central (test dependency com.microsoft.sqlserver:mssql-jdbc_auth:"
                    + "12.8.1.x64:dll, system property hipdll.signedDll) is not at " + p);
        }
        dll = Files.copy(Path.of(p), dir.resolve("mssql-jdbc_auth-12.8.1.x64.dll"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static Check check(VerifyReport r, String id) {
        return r.checks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private static VerifyOptions options(SignatureOptions s) {
        return VerifyOptions.builder(new AbiContract.CountContract("x", 0, "test")).signature(s).build();
    }

    @Test
    void microsoftsSignatureVerifiesWithItsTimestampAndChain() throws Exception {
        List<AuthenticodeSignature> sigs;
        try (PeFile pe = PeFile.open(dll)) {
            WinCertificate e = CertificateTable.read(pe).signedData().orElseThrow();
            sigs = SignatureReader.read(pe.source().read(e.contentOffset(), (int) e.contentLength(), "test"));
        }
        X509Certificate pca = sigs.get(0).certificates().stream()
                .filter(c -> Certificates.commonName(c).orElse("").equals("Microsoft Code Signing PCA 2011")).findFirst()
                .orElseThrow();
        X509Certificate tsaPca = sigs.get(0).timestamp().orElseThrow().certificates().stream()
                .filter(c -> Certificates.commonName(c).orElse("").equals("Microsoft Time-Stamp PCA 2010")).findFirst()
                .orElseThrow();
        Path store = SigningFixtures.pem(dir.resolve("pcas.pem"), pca, tsaPca);
        VerifyReport r = new DllVerifier().verify(dll, options(new SignatureOptions(true,
                new SignerPins(List.of("Microsoft Corporation")), Optional.of(TrustStore.load(store, null)))));
        Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.PASS, s.verdict(), s.toString());
        assertEquals("signed; the SHA-256 image hash matches; signer CN=Microsoft Corporation,O=Microsoft Corporation,"
                + "L=Redmond,ST=Washington,C=US", s.found());
        try (PEFile pe = new PEFile(dll.toFile())) {
            assertEquals(HexFormat.of().formatHex(pe.computeDigest(DigestAlgorithm.SHA256)), r.facts().get("authenticodeSha256"));
        }
        Check who = check(r, CheckIds.AUTHENTICODE_SIGNER);
        assertEquals(Verdict.PASS, who.verdict(), who.toString());
        Check ts = check(r, CheckIds.AUTHENTICODE_TIMESTAMP);
        assertEquals(Verdict.PASS, ts.verdict(), ts.toString());
        assertTrue(ts.found().startsWith("RFC 3161 20"), ts.found());
        Check chain = check(r, CheckIds.AUTHENTICODE_CHAIN);
        assertEquals(Verdict.PASS, chain.verdict(), chain.toString());
        assertTrue(chain.details().get(0).contains("the timestamp's time"), chain.details().toString());
        // the hardening Microsoft's linker gave it: all of it but FORCE_INTEGRITY
        for (String id : List.of(CheckIds.HARDENING_DYNAMIC_BASE, CheckIds.HARDENING_HIGH_ENTROPY_VA,
                CheckIds.HARDENING_NX_COMPAT, CheckIds.HARDENING_GUARD_CF, CheckIds.HARDENING_WX_SECTIONS)) {
            assertEquals(Verdict.PASS, check(r, id).verdict(), check(r, id).toString());
        }
    }

    @Test
    void withoutTheTimestampAuthoritysPcaTheChainIsCheckedNowAndTheExpiredLeafFails() throws Exception {
        List<AuthenticodeSignature> sigs;
        try (PeFile pe = PeFile.open(dll)) {
            WinCertificate e = CertificateTable.read(pe).signedData().orElseThrow();
            sigs = SignatureReader.read(pe.source().read(e.contentOffset(), (int) e.contentLength(), "test"));
        }
        X509Certificate leaf = sigs.get(0).signer();
        X509Certificate pca = sigs.get(0).certificates().stream()
                .filter(c -> Certificates.commonName(c).orElse("").equals("Microsoft Code Signing PCA 2011")).findFirst()
                .orElseThrow();
        Path store = SigningFixtures.pem(dir.resolve("pca-2011-only.pem"), pca);
        Check chain = check(new DllVerifier().verify(dll, options(new SignatureOptions(false, SignerPins.none(),
                Optional.of(TrustStore.load(store, null))))), CheckIds.AUTHENTICODE_CHAIN);
        assertTrue(chain.details().get(0).startsWith("the timestamping authority CN=Microsoft Time-Stamp Service,"),
                chain.details().toString());
        boolean expired = leaf.getNotAfter().toInstant().isBefore(java.time.Instant.now());
        assertEquals(expired ? Verdict.FAIL : Verdict.PASS, chain.verdict(), chain.toString());
    }

    @Test
    void oneByteChangedInMicrosoftsDllIsCaught() throws Exception {
        Path copy = Files.copy(dll, dir.resolve("changed.dll"), StandardCopyOption.REPLACE_EXISTING);
        byte[] b = Files.readAllBytes(copy);
        b[0x2000] ^= 0x01;
        Files.write(copy, b);
        Check s = check(new DllVerifier().verify(copy, options(SignatureOptions.defaults())), CheckIds.AUTHENTICODE_SIGNATURE);
        assertEquals(Verdict.FAIL, s.verdict(), s.toString());
        assertTrue(s.found().startsWith("signed, but the file changed after signing"), s.found());
    }
}
