package dev.hipdll.verify;

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
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.pe.PeFile;
import dev.hipdll.testing.SigningFixtures;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real files with DigiCert's legacy Authenticode timestamps: the Temurin 17 JRE the Windows tier
 * fetches ({@code scripts/windows-tier --prepare-only}: npm {@code @node-plantuml-2/jre-win32-x64@1.1.8}, in
 * {@code ~/.cache/hipdll-windows-tier/jre-win32-x64-1.1.8}). Its DLLs and EXEs signed by the Eclipse Foundation
 * carry a PKCS#9 counter-signature whose signed attributes include a content type; each must verify, its timestamp
 * pass, and its chain (to the DigiCert code-signing and timestamping intermediates the signatures carry) pass at the
 * timestamp's time, as Windows and osslsigncode decide. Every other signed file of the JRE (Microsoft's runtime DLLs,
 * RFC 3161) must pass its signature and timestamp too. Absent JRE: skipped, and failed under CI=true.
 */
class TemurinSignedFilesTest {
    @TempDir
    Path dir;

    static Path jre() {
        String cache = System.getenv("HIPDLL_WINDOWS_TIER_CACHE");
        if (cache == null || cache.isBlank()) {
            String xdg = System.getenv("XDG_CACHE_HOME");
            cache = (xdg == null || xdg.isBlank() ? Path.of(System.getProperty("user.home"), ".cache")
                    : Path.of(xdg)).resolve("hipdll-windows-tier").toString();
        }
        return Path.of(cache, "jre-win32-x64-1.1.8");
    }

    private static Check check(VerifyReport r, String id) {
        return r.checks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private static List<AuthenticodeSignature> signatures(Path f) throws Exception {
        try (PeFile pe = PeFile.open(f)) {
            if (!CertificateTable.present(pe)) {
                return List.of();
            }
            WinCertificate e = CertificateTable.read(pe).signedData().orElseThrow();
            return SignatureReader.read(pe.source().read(e.contentOffset(), (int) e.contentLength(), "test"));
        }
    }

    private static X509Certificate named(List<X509Certificate> certs, String cn) {
        return certs.stream().filter(c -> Certificates.commonName(c).orElse("").equals(cn)).findFirst().orElseThrow(
                () -> new AssertionError("no certificate " + cn));
    }

    @Test
    void eclipseSignedFilesWithLegacyTimestampsVerifyAtTheTimestampsTime() throws Exception {
        Path jre = jre();
        if (!Files.isDirectory(jre.resolve("bin"))) {
            Toolchain.missing("the Windows tier's JRE (scripts/windows-tier --prepare-only) is not at " + jre);
        }
        List<Path> files;
        try (Stream<Path> s = Files.walk(jre)) {
            files = s.filter(p -> p.toString().endsWith(".dll") || p.toString().endsWith(".exe")).sorted().toList();
        }
        List<Path> eclipse = new ArrayList<>();
        List<Path> others = new ArrayList<>();
        X509Certificate codeCa = null;
        X509Certificate tsaCa = null;
        for (Path f : files) {
            List<AuthenticodeSignature> sigs = signatures(f);
            if (sigs.isEmpty()) {
                continue;
            }
            if (sigs.get(0).subject().contains("O=Eclipse.org Foundation")) {
                eclipse.add(f);
                if (codeCa == null) {
                    codeCa = named(sigs.get(0).certificates(), "DigiCert Trusted G4 Code Signing RSA4096 SHA384 2021 CA1");
                    tsaCa = named(sigs.get(0).timestamp().orElseThrow().certificates(),
                            "DigiCert Trusted G4 TimeStamping RSA4096 SHA256 2025 CA1");
                }
            } else {
                others.add(f);
            }
        }
        assertTrue(eclipse.size() >= 21, "the JRE's Eclipse-signed files: " + eclipse);
        Path store = SigningFixtures.pem(dir.resolve("digicert-intermediates.pem"), codeCa, tsaCa);
        VerifyOptions options = VerifyOptions.builder(new AbiContract.CountContract("x", 0, "test")).signature(
                new SignatureOptions(true, new SignerPins(List.of("Eclipse.org Foundation, Inc.")),
                        Optional.of(TrustStore.load(store, null)))).build();
        List<String> wrong = new ArrayList<>();
        for (Path f : eclipse) {
            VerifyReport r = new DllVerifier().verify(f, options);
            Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
            Check t = check(r, CheckIds.AUTHENTICODE_TIMESTAMP);
            Check c = check(r, CheckIds.AUTHENTICODE_CHAIN);
            if (s.verdict() != Verdict.PASS || t.verdict() != Verdict.PASS || !t.found().startsWith("Authenticode ")
                    || t.details().stream().noneMatch(d -> d.contains("content type"))
                    || c.verdict() != Verdict.PASS || !c.details().get(0).contains("the timestamp's time")) {
                wrong.add(jre.relativize(f) + ": " + s.verdict() + " " + s.found() + "; " + t.verdict() + " " + t.found()
                        + "; " + c.verdict() + " " + c.details());
            }
        }
        VerifyOptions plain = VerifyOptions.builder(new AbiContract.CountContract("x", 0, "test"))
                .signature(SignatureOptions.defaults()).build();
        for (Path f : others) {
            VerifyReport r = new DllVerifier().verify(f, plain);
            Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
            Check t = check(r, CheckIds.AUTHENTICODE_TIMESTAMP);
            if (s.verdict() != Verdict.PASS || t.verdict() != Verdict.PASS) {
                wrong.add(jre.relativize(f) + ": " + s.verdict() + " " + s.found() + "; " + t.verdict() + " " + t.found());
            }
        }
        System.out.printf("Temurin JRE: %d Eclipse-signed files (legacy timestamps), %d others signed%n", eclipse.size(),
                others.size());
        assertEquals(List.of(), wrong);
    }
}
