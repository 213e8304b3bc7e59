package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.authenticode.AuthenticodeSignature;
import dev.hipdll.authenticode.CertificateTable;
import dev.hipdll.authenticode.Certificates;
import dev.hipdll.authenticode.DigestPolicy;
import dev.hipdll.authenticode.SignatureReader;
import dev.hipdll.authenticode.WinCertificate;
import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.authenticode.TrustStore;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.pe.PeFile;
import dev.hipdll.testing.JarDlls;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.SigningFixtures;
import dev.hipdll.testing.SigningFixtures.Identity;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.testing.VcRuntimeDlls;
import dev.hipdll.testing.WindowsJre;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jsign.DigestAlgorithm;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Authenticode differential (the signature part): Debian's {@code osslsigncode verify} and
 * verify's signature verdict on files made here from the example DLL: signed with jsign and with osslsigncode;
 * SHA-256, SHA-1 and MD5 image hashes; nested signatures; RFC 3161 timestamps (jsign with an in-process authority,
 * osslsigncode's built-in one) and a legacy Authenticode timestamp (jsign, a DigiCert-style counter-signature made
 * in-process); a second table entry, bytes after the SignedData inside the entry, bytes appended after the table, a
 * changed byte, a changed CheckSum. Both trust the throwaway root the test made (osslsigncode {@code -CAfile} and
 * {@code -TSA-CAfile}; verify {@code hip.trustStore}); verify accepts when {@code authenticode.signature} and
 * {@code authenticode.chain} pass and {@code authenticode.timestamp} does not fail. Accept and reject agree for
 * every file except where {@link #DIFFERENCES} says why, with the Windows rule that decides it (docs/verify-reference.md,
 * "osslsigncode and verify"). Under CI=true a missing osslsigncode fails the test.
 */
class OsslsigncodeDifferentialTest {
    @TempDir
    Path dir;

    /** The files where the two differ, and why: the rule Windows follows, which verify follows. */
    static final Map<String, String> DIFFERENCES = Map.of(
            "jsign-sha1", "SHA-1 image hash: refused by verify's default digest policy (Microsoft's SHA-1 deprecation"
                    + " for Authenticode); osslsigncode has no policy",
            "osslsigncode-sha1", "as jsign-sha1",
            "jsign-md5", "MD5 image hash: verify never accepts MD5 (Windows distrusts MD5 since MS13-098's year,"
                    + " Security Advisory 2862973); osslsigncode has no policy",
            "osslsigncode-md5", "as jsign-md5",
            "bytes-inside-the-entry", "bytes after the PKCS#7 SignedData inside its WIN_CERTIFICATE: Windows with"
                    + " EnableCertPaddingCheck (MS13-098, CVE-2013-3900) refuses them; osslsigncode reads the DER and"
                    + " ignores what follows");

    private static int indexOf(byte[] b, byte[] what, int from) {
        for (int i = from; i + what.length <= b.length; i++) {
            if (java.util.Arrays.equals(b, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        return -1;
    }

    private static Check check(VerifyReport r, String id) {
        return r.checks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private static Path pem(Path file, Object... objects) throws Exception {
        StringWriter w = new StringWriter();
        try (JcaPEMWriter p = new JcaPEMWriter(w)) {
            for (Object o : objects) {
                p.writeObject(o);
            }
        }
        return Files.writeString(file, w.toString());
    }

    @Test
    void osslsigncodeAndVerifyAcceptAndRejectTheSameFiles() throws Exception {
        Path ossl = Toolchain.tool("osslsigncode");
        Path unsigned = Fixtures.exampleDll(dir.resolve("x"), "coli_hip.dll", List.of("gfx1151"), List.of());
        Identity root = SigningFixtures.root("hipdll differential root", Duration.ofDays(3650));
        Identity signer = SigningFixtures.codeSigner("hipdll differential signing", root, Duration.ofDays(365));
        Identity tsa = SigningFixtures.timestampAuthority("hipdll differential timestamps", root,
                Instant.now().minus(Duration.ofDays(2)));
        Path rootPem = pem(dir.resolve("root.pem"), root.certificate());
        Path certs = pem(dir.resolve("signer-chain.pem"), signer.certificate(), root.certificate());
        Path key = pem(dir.resolve("signer-key.pem"), signer.key());
        Path tsaCerts = pem(dir.resolve("tsa-chain.pem"), tsa.certificate(), root.certificate());
        Path tsaKey = pem(dir.resolve("tsa-key.pem"), tsa.key());

        Map<String, Path> files = new LinkedHashMap<>();
        for (DigestAlgorithm a : List.of(DigestAlgorithm.SHA256, DigestAlgorithm.SHA384, DigestAlgorithm.SHA1,
                DigestAlgorithm.MD5)) {
            Path p = copy(unsigned, "jsign-" + a.id.toLowerCase().replace("-", ""));
            SigningFixtures.sign(p, signer, a, null, true);
            files.put(name(p), p);
        }
        for (String h : List.of("sha256", "sha512", "sha1", "md5")) {
            Path out = dir.resolve("osslsigncode-" + h + ".dll");
            Exec.ok(dir, List.of(ossl.toString(), "sign", "-certs", certs.toString(), "-key", key.toString(), "-h", h,
                    "-in", unsigned.toString(), "-out", out.toString()));
            files.put(name(out), out);
        }
        Path rfc = copy(unsigned, "jsign-rfc3161");
        SigningFixtures.sign(rfc, signer, DigestAlgorithm.SHA256, tsa, true);
        files.put(name(rfc), rfc);
        Path legacy = copy(unsigned, "jsign-legacy-timestamp");
        SigningFixtures.signWith(legacy, signer, DigestAlgorithm.SHA256, SigningFixtures.legacy(tsa, "SHA256withRSA"), true);
        files.put(name(legacy), legacy);
        Path builtin = dir.resolve("osslsigncode-rfc3161.dll");
        Exec.ok(dir, List.of(ossl.toString(), "sign", "-certs", certs.toString(), "-key", key.toString(), "-h", "sha256",
                "-TSA-certs", tsaCerts.toString(), "-TSA-key", tsaKey.toString(), "-in", unsigned.toString(), "-out",
                builtin.toString()));
        files.put(name(builtin), builtin);
        Path nested = copy(unsigned, "jsign-nested");
        SigningFixtures.sign(nested, signer, DigestAlgorithm.SHA256, null, true);
        SigningFixtures.sign(nested, signer, DigestAlgorithm.SHA512, tsa, false);
        files.put(name(nested), nested);
        Path osslNested = dir.resolve("osslsigncode-nested.dll");
        Exec.ok(dir, List.of(ossl.toString(), "sign", "-nest", "-certs", certs.toString(), "-key", key.toString(), "-h",
                "sha384", "-in", files.get("osslsigncode-sha256").toString(), "-out", osslNested.toString()));
        files.put(name(osslNested), osslNested);

        byte[] good = Files.readAllBytes(files.get("jsign-sha256"));
        WindowsSignatureRulesTest.Table t = WindowsSignatureRulesTest.Table.of(good);
        files.put("second-entry", Files.write(dir.resolve("second-entry.dll"),
                WindowsSignatureRulesTest.withSecondEntry(good, Files.readAllBytes(unsigned))));
        files.put("bytes-inside-the-entry", Files.write(dir.resolve("bytes-inside-the-entry.dll"),
                WindowsSignatureRulesTest.withBytesInsideTheEntry(good, "C:\\Users\\mallory\\stage2.c"
                        .getBytes(StandardCharsets.US_ASCII))));
        byte[] appended = java.util.Arrays.copyOf(good, good.length + 64);
        files.put("appended-after-the-table", Files.write(dir.resolve("appended.dll"), appended));
        byte[] changed = good.clone();
        changed[0x1000] ^= 0x01;
        files.put("changed-byte", Files.write(dir.resolve("changed.dll"), changed));
        byte[] checksum = good.clone();
        ByteBuffer bb = ByteBuffer.wrap(checksum).order(ByteOrder.LITTLE_ENDIAN);
        int at = bb.getInt(0x3c) + 24 + 64;
        bb.putInt(at, bb.getInt(at) ^ 0x5555);
        files.put("changed-checksum", Files.write(dir.resolve("checksum.dll"), checksum));
        // the SignedData's digestAlgorithms: its SHA-256 OID (the first in the table, before SpcIndirectDataContent's)
        // turned into another, valid one; no hash covers it, and osslsigncode refuses the signature
        byte[] declared = good.clone();
        int oid = indexOf(declared, new byte[] {0x06, 0x09, 0x60, (byte) 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01},
                t.offset());
        assertTrue(oid > t.offset() && oid < t.offset() + 64, "the digestAlgorithms OID near the SignedData's start: " + oid);
        for (int i = 2; i < 10; i++) {
            declared[oid + i] ^= 0x5a;
        }
        files.put("digest-algorithms-changed", Files.write(dir.resolve("digest-algorithms.dll"), declared));
        assertEquals(t.offset() + t.size(), good.length, "jsign's table ends the file");

        VerifyOptions options = VerifyOptions.builder(new AbiContract.CountContract("x", 0, "test")).signature(
                new SignatureOptions(true, SignerPins.none(), Optional.of(TrustStore.load(rootPem, null)))).build();
        List<String> disagree = new ArrayList<>();
        StringBuilder table = new StringBuilder("file | osslsigncode | verify | verify's signature, chain, timestamp\n");
        for (Map.Entry<String, Path> f : files.entrySet()) {
            Exec.Result o = Exec.run(dir, List.of(ossl.toString(), "verify", "-CAfile", rootPem.toString(), "-TSA-CAfile",
                    rootPem.toString(), "-ignore-crl", "-in", f.getValue().toString()));
            boolean osslAccepts = o.exit() == 0;
            VerifyReport r = new DllVerifier().verify(f.getValue(), options);
            Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
            Check c = check(r, CheckIds.AUTHENTICODE_CHAIN);
            Check ts = check(r, CheckIds.AUTHENTICODE_TIMESTAMP);
            boolean accepts = s.verdict() == Verdict.PASS && c.verdict() == Verdict.PASS && ts.verdict() != Verdict.FAIL;
            table.append(String.format("%s | %s | %s | %s: %s; %s; %s: %s%n", f.getKey(), osslAccepts ? "accept" : "reject",
                    accepts ? "accept" : "reject", s.verdict(), s.found(), c.verdict(), ts.verdict(), ts.found()));
            if (!osslAccepts) {
                table.append("    osslsigncode: ").append(o.output().lines().filter(l -> l.contains("ailed")
                        || l.contains("orrupt") || l.contains("No signature") || l.contains("rror")).limit(3).toList())
                        .append('\n');
            }
            if (osslAccepts != accepts && !DIFFERENCES.containsKey(f.getKey())) {
                disagree.add(f.getKey() + ": osslsigncode " + (osslAccepts ? "accepts" : "rejects") + ", verify "
                        + (accepts ? "accepts" : "rejects") + " (" + s.found() + ")");
            }
            if (osslAccepts == accepts && DIFFERENCES.containsKey(f.getKey())) {
                disagree.add(f.getKey() + ": expected to differ (" + DIFFERENCES.get(f.getKey()) + ") but both "
                        + (accepts ? "accept" : "reject"));
            }
        }
        // with SHA-1 named in hip.signature.digests, verify agrees with osslsigncode on the SHA-1 files too
        VerifyOptions sha1 = options.toBuilder().signature(options.signature().withDigests(DigestPolicy.parse(
                List.of("SHA-1", "SHA-256", "SHA-384", "SHA-512")))).build();
        for (String f : List.of("jsign-sha1", "osslsigncode-sha1")) {
            Check s = check(new DllVerifier().verify(files.get(f), sha1), CheckIds.AUTHENTICODE_SIGNATURE);
            table.append(f).append(" with hip.signature.digests=SHA-1,...: ").append(s.verdict()).append('\n');
            if (s.verdict() != Verdict.PASS) {
                disagree.add(f + " with SHA-1 accepted: " + s.found());
            }
        }
        System.out.println(table);
        assertEquals(List.of(), disagree, table.toString());
    }

    /**
     * The real signed files the tests fetch (last part): Microsoft's {@code mssql-jdbc_auth} DLL
     * and the Visual C++ runtime of bytedeco's JavaCPP jar (Maven Central), and every signed DLL and EXE of the Temurin
     * 17 JRE of the Windows tier ({@link WindowsJre}: Eclipse-signed with DigiCert's legacy timestamps, and Microsoft's
     * runtime DLLs, two of them dual-signed SHA-1 + SHA-256). The tests have no Microsoft root, so both trust Debian's
     * CA bundle ({@code /etc/ssl/certs/ca-certificates.crt}; osslsigncode {@code -CAfile}/{@code -TSA-CAfile} with
     * {@code -ignore-crl}, verify {@code hip.trustStore}): accept and reject must agree on every file (the DigiCert
     * chains accepted, Microsoft's rejected by both for want of its root), and for every signature, primary and nested,
     * what is comparable without a root must be equal: the digest algorithm, the signed image hash, whether the image
     * hash matches the file, the signer's common name and the timestamp's time.
     */
    @Test
    void realSignedFilesTheTestsFetchAgreeWithOsslsigncode() throws Exception {
        Path ossl = Toolchain.tool("osslsigncode");
        Path bundle = Path.of("/etc/ssl/certs/ca-certificates.crt");
        if (!Files.isRegularFile(bundle)) {
            Toolchain.missing("Debian's CA bundle (package ca-certificates) is not at " + bundle);
        }
        Map<String, Path> files = new LinkedHashMap<>();
        files.putAll(JarDlls.signedDlls());
        Path jre = WindowsJre.get();
        try (java.util.stream.Stream<Path> s = Files.walk(jre)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".dll") || p.toString().endsWith(".exe")).sorted().toList()) {
                try (PeFile pe = PeFile.open(p)) {
                    if (CertificateTable.present(pe)) {
                        files.put("jre " + jre.relativize(p), p);
                    }
                }
            }
        }
        VerifyOptions options = VerifyOptions.builder(new AbiContract.CountContract("x", 0, "test")).signature(
                new SignatureOptions(true, SignerPins.none(), Optional.of(TrustStore.load(bundle, null)))).build();
        List<String> disagree = new ArrayList<>();
        Map<String, Integer> tally = new java.util.TreeMap<>();
        for (Map.Entry<String, Path> f : files.entrySet()) {
            ProcessBuilder pb = new ProcessBuilder(ossl.toString(), "verify", "-CAfile", bundle.toString(), "-TSA-CAfile",
                    bundle.toString(), "-ignore-crl", "-in", f.getValue().toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).directory(dir.toFile());
            Process proc = pb.start();
            proc.getOutputStream().close();
            String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!proc.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
                proc.destroyForcibly();
                throw new AssertionError("osslsigncode verify hung on " + f.getValue());
            }
            boolean osslAccepts = proc.exitValue() == 0;
            List<String> theirs = osslsigncodeFacts(out);
            List<String> ours = new ArrayList<>();
            try (PeFile pe = PeFile.open(f.getValue())) {
                WinCertificate e = CertificateTable.read(pe).signedData().orElseThrow();
                for (AuthenticodeSignature sig : SignatureReader.read(pe.source().read(e.contentOffset(),
                        (int) e.contentLength(), "test"))) {
                    ours.add(String.join(" | ", sig.digestAlgorithm().replace("-", "").toUpperCase(java.util.Locale.ROOT),
                            sig.signedDigestHex().toUpperCase(java.util.Locale.ROOT), "matches",
                            Certificates.commonName(sig.signer()).orElse("?"),
                            sig.timestamp().map(t -> t.time().truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                                    .toString()).orElse("no timestamp")));
                }
            }
            VerifyReport r = new DllVerifier().verify(f.getValue(), options);
            Check s = check(r, CheckIds.AUTHENTICODE_SIGNATURE);
            Check c = check(r, CheckIds.AUTHENTICODE_CHAIN);
            Check ts = check(r, CheckIds.AUTHENTICODE_TIMESTAMP);
            boolean accepts = s.verdict() == Verdict.PASS && c.verdict() == Verdict.PASS && ts.verdict() != Verdict.FAIL;
            tally.merge((osslAccepts ? "accept" : "reject") + "/" + (accepts ? "accept" : "reject") + ", signature "
                    + s.verdict() + ", timestamp " + ts.verdict(), 1, Integer::sum);
            if (osslAccepts != accepts) {
                disagree.add(f.getKey() + ": osslsigncode " + (osslAccepts ? "accepts" : "rejects") + ", verify "
                        + (accepts ? "accepts" : "rejects") + " (" + s.found() + "; " + c.verdict() + " " + c.found()
                        + "; " + ts.verdict() + " " + ts.found() + ")");
            }
            if (s.verdict() != Verdict.PASS || ts.verdict() == Verdict.FAIL) {
                disagree.add(f.getKey() + ": the signature or timestamp of a real signed file does not pass: " + s.found()
                        + "; " + ts.found());
            }
            if (!theirs.equals(ours)) {
                disagree.add(f.getKey() + ": osslsigncode reads " + theirs + ", verify " + ours);
            }
        }
        System.out.println(files.size() + " real signed files (osslsigncode/verify): " + tally);
        assertEquals(List.of(), disagree);
        assertTrue(files.size() >= 70, files.size() + " real signed files");
    }

    /**
     * Per signature of {@code osslsigncode verify}'s output (primary, then nested): "digest | signed image hash |
     * matches or differs | signer CN | timestamp time (ISO, UTC) or no timestamp".
     */
    static List<String> osslsigncodeFacts(String out) {
        java.time.format.DateTimeFormatter time = java.time.format.DateTimeFormatter.ofPattern("MMM d HH:mm:ss yyyy",
                java.util.Locale.ENGLISH);
        List<String> facts = new ArrayList<>();
        String[] blocks = out.split("\nSignature Index: ");
        for (int i = 1; i < blocks.length; i++) {
            String digest = "?";
            String current = "?";
            String calculated = "?";
            String cn = "?";
            String stamp = "no timestamp";
            boolean signer = false;
            for (String line : blocks[i].split("\n")) {
                String l = line.strip();
                if (l.startsWith("Message digest algorithm") && digest.equals("?")) {
                    digest = l.substring(l.indexOf(':') + 1).strip();
                } else if (l.startsWith("Current message digest")) {
                    current = l.substring(l.indexOf(':') + 1).strip();
                } else if (l.startsWith("Calculated message digest")) {
                    calculated = l.substring(l.indexOf(':') + 1).strip();
                } else if (l.startsWith("Signer's certificate:")) {
                    signer = true;
                } else if (signer && l.startsWith("Subject:") && cn.equals("?")) {
                    cn = l.substring(l.lastIndexOf("/CN=") + 4);
                } else if (l.startsWith("Timestamp time:") && stamp.equals("no timestamp")) {
                    String t = l.substring(l.indexOf(':') + 1).strip().replaceAll("\\s+", " ").replace(" GMT", "");
                    stamp = java.time.LocalDateTime.parse(t, time).toInstant(java.time.ZoneOffset.UTC).toString();
                }
            }
            facts.add(String.join(" | ", digest, current, current.equals(calculated) ? "matches" : "differs", cn, stamp));
        }
        return facts;
    }

    private Path copy(Path from, String name) throws Exception {
        return Files.copy(from, dir.resolve(name + ".dll"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static String name(Path p) {
        String n = p.getFileName().toString();
        return n.substring(0, n.length() - 4);
    }
}
