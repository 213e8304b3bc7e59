package dev.hipdll.authenticode;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.pe.DataDirectory;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SignatureExtent;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.ReaderFuzz;
import dev.hipdll.testing.SigningFixtures;
import dev.hipdll.testing.SigningFixtures.Identity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jsign.DigestAlgorithm;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The certificate table and PKCS#7 readers under seeded mutants ({@link ReaderFuzz}): the
 * certificate tables of a DLL built with clang-19/lld-link-19 and signed with jsign (SHA-256 with an RFC 3161
 * timestamp; the same with a SHA-1 signature nested and a legacy Authenticode timestamp) and of the real signed
 * {@code mssql-jdbc_auth} DLL from Maven Central, mutated inside the table only. Each mutant is read as verify reads
 * it: {@link CertificateTable#read}, {@link SignatureExtent#of}, {@link SignatureReader#read} and every signature's
 * certificates and timestamp, {@link ImageDigest#compute}. Only {@link BinaryFormatException} and
 * {@link SignatureFormatException} may come out.
 */
@Tag("fuzz")
class CertificateTableFuzzTest {
    @TempDir
    Path dir;

    @Test
    void mutantsOfCertificateTablesReadOrFailByName() throws Exception {
        Identity root = SigningFixtures.root("hipdll fuzz root", Duration.ofDays(3650));
        Identity signer = SigningFixtures.codeSigner("hipdll fuzz signing", root, Duration.ofDays(365));
        Identity tsa = SigningFixtures.timestampAuthority("hipdll fuzz tsa", root);
        Path built = Fixtures.cDll(dir.resolve("b"), "s.dll", "x86_64-pc-windows-msvc",
                "__declspec(dllexport) int __cdecl f(int x) { return x + 1; }\n", List.of());
        Path rfc = Files.copy(built, dir.resolve("rfc3161.dll"));
        SigningFixtures.sign(rfc, signer, DigestAlgorithm.SHA256, tsa, true);
        Path nested = Files.copy(built, dir.resolve("nested.dll"));
        SigningFixtures.signWith(nested, signer, DigestAlgorithm.SHA256, SigningFixtures.legacy(tsa, "SHA256withRSA"), true);
        SigningFixtures.signWith(nested, signer, DigestAlgorithm.SHA1, null, false);
        List<ReaderFuzz.Seed> seeds = new ArrayList<>();
        for (Path p : List.of(rfc, nested, Path.of(System.getProperty("hipdll.signedDll")))) {
            byte[] b = Files.readAllBytes(p);
            try (PeFile pe = PeFile.read(ByteSource.of(p.getFileName().toString(), b))) {
                DataDirectory d = pe.optionalHeader().directory(DataDirectory.CERTIFICATE_TABLE);
                seeds.add(new ReaderFuzz.Seed(p.getFileName().toString(), b, (int) d.rva(), (int) (d.rva() + d.size()),
                        List.of()));
            }
        }
        ReaderFuzz.run("certificateTable", 20261207L, seeds, CertificateTableFuzzTest::read, BinaryFormatException.class,
                SignatureFormatException.class);
    }

    /** Reads the certificate table of {@code bytes} as verify does; returns the signatures. */
    static Object read(String name, byte[] bytes) throws Exception {
        try (PeFile pe = PeFile.read(ByteSource.of(name, bytes))) {
            if (!CertificateTable.present(pe)) {
                return List.of();
            }
            CertificateTable table = CertificateTable.read(pe);
            Optional<WinCertificate> entry = table.signedData();
            if (entry.isEmpty()) {
                return table;
            }
            WinCertificate e = entry.get();
            SignatureExtent.of(pe, table.offset(), table.end(), table.entries().indexOf(e), e.offset(), e.length());
            byte[] pkcs7 = pe.source().read(e.contentOffset(), (int) e.contentLength(), "WIN_CERTIFICATE bCertificate");
            List<AuthenticodeSignature> sigs = SignatureReader.read(pkcs7);
            List<String> seen = new ArrayList<>();
            for (AuthenticodeSignature s : sigs) {
                seen.add(s.subject() + s.digestAlgorithm() + s.signerDigest() + s.certificates().size()
                        + s.timestamp().map(t -> t.kind() + t.time() + t.authority()).orElse(""));
            }
            ImageDigest.compute(pe, table, List.of("SHA-256"), pe.budget());
            return seen;
        }
    }
}
