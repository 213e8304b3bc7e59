package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.SigningFixtures;
import dev.hipdll.testing.SigningFixtures.Identity;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jsign.DigestAlgorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed PKCS#7 never ends verify: a fixed number of seeded mutants of a signed DLL's
 * certificate table (the example DLL built here, signed with jsign: SHA-256 with an RFC 3161 timestamp, and a SHA-512
 * signature with a legacy Authenticode timestamp nested in it), each verified in full; every one must give a report
 * whose {@code authenticode.signature} is a verdict, never an exception from the ASN.1 or certificate libraries
 * (BouncyCastle's "unknown object in getInstance", "Invalid UTF-8 input", a ClassCastException). The mutators know
 * DER: they change a TLV's tag, its short-form length, its first content byte, a character of a string (to bytes
 * that are not UTF-8), or flip a random bit. Seed {@code -Dhipdll.fuzz.seed}, count {@code -Dhipdll.fuzz.tableMutants}
 * (default 400). The time limit (20 minutes for all, on a busy machine) is only a hang guard.
 */
class CertificateTableMutationTest {
    @TempDir
    Path dir;

    /** One DER TLV: where its tag, length and content are in the table's bytes. */
    record Tlv(int tag, int length, int content, int contentLength) {
    }

    /** The TLVs of {@code b[from, to)}, constructed ones walked into (at most {@code 20000}). */
    static void walk(byte[] b, int from, int to, List<Tlv> out) {
        int at = from;
        while (at + 2 <= to && out.size() < 20000) {
            int tag = at;
            int first = b[at + 1] & 0xff;
            int len;
            int content;
            if (first < 0x80) {
                len = first;
                content = at + 2;
            } else {
                int n = first & 0x7f;
                if (n == 0 || n > 3 || at + 2 + n > to) {
                    return;
                }
                len = 0;
                for (int i = 0; i < n; i++) {
                    len = len << 8 | b[at + 2 + i] & 0xff;
                }
                content = at + 2 + n;
            }
            if (content + len > to) {
                return;
            }
            out.add(new Tlv(tag, at + 1, content, len));
            if ((b[at] & 0x20) != 0) {
                walk(b, content, content + len, out);
            }
            at = content + len;
        }
    }

    @Test
    void mutantsOfTheCertificateTableGiveAReportNeverAnException() throws Exception {
        Path unsigned = Fixtures.exampleDll(dir.resolve("x"), "coli_hip.dll", List.of("gfx1151"), List.of());
        Identity root = SigningFixtures.root("hipdll fuzz root", Duration.ofDays(3650));
        Identity signer = SigningFixtures.codeSigner("hipdll fuzz signing", root, Duration.ofDays(365));
        Identity tsa = SigningFixtures.timestampAuthority("hipdll fuzz timestamps", root);
        Path signed = Files.copy(unsigned, dir.resolve("signed.dll"), StandardCopyOption.REPLACE_EXISTING);
        SigningFixtures.sign(signed, signer, DigestAlgorithm.SHA256, tsa, true);
        SigningFixtures.signWith(signed, signer, DigestAlgorithm.SHA512, SigningFixtures.legacy(tsa, "SHA256withRSA"), false);
        byte[] good = Files.readAllBytes(signed);
        ByteBuffer bb = ByteBuffer.wrap(good).order(ByteOrder.LITTLE_ENDIAN);
        int pe = bb.getInt(0x3c);
        int table = bb.getInt(pe + 24 + 112 + 8 * 4);
        int size = bb.getInt(pe + 24 + 112 + 8 * 4 + 4);
        List<Tlv> tlvs = new ArrayList<>();
        walk(good, table + 8, table + size, tlvs);
        assertTrue(tlvs.size() > 100, "the PKCS#7 walks as DER: " + tlvs.size() + " TLVs");
        List<Tlv> strings = tlvs.stream().filter(t -> (good[t.tag()] & 0xff) == 0x0c || (good[t.tag()] & 0xff) == 0x13)
                .filter(t -> t.contentLength() > 0).toList();

        long seed = Long.getLong("hipdll.fuzz.seed", 20261206L);
        int mutants = Integer.getInteger("hipdll.fuzz.tableMutants", 400);
        VerifyOptions options = VerifyOptions.builder(new AbiContract.CountContract("x", 0, "test"))
                .signature(new SignatureOptions(true, dev.hipdll.authenticode.SignerPins.none(), java.util.Optional.empty())).build();
        int[] tags = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x0c, 0x13, 0x16, 0x17, 0x18, 0x30, 0x31, 0x80, 0xa0, 0xa1, 0xa3};
        Map<String, Integer> found = new TreeMap<>();
        List<String> thrown = new ArrayList<>();
        Random random = new Random(seed);
        Path mutant = dir.resolve("mutant.dll");
        assertTimeoutPreemptively(Duration.ofMinutes(20), () -> {
            for (int i = 0; i < mutants; i++) {
                byte[] b = good.clone();
                String how;
                int kind = random.nextInt(5);
                Tlv t = tlvs.get(random.nextInt(tlvs.size()));
                switch (kind) {
                    case 0 -> {
                        b[t.tag()] = (byte) tags[random.nextInt(tags.length)];
                        how = String.format("tag at 0x%X", t.tag());
                    }
                    case 1 -> {
                        if ((b[t.length()] & 0x80) == 0) {
                            b[t.length()] = (byte) Math.max(0, Math.min(0x7f, (b[t.length()] & 0xff) + random.nextInt(5) - 2));
                        } else {
                            b[t.length() + 1 + random.nextInt(b[t.length()] & 0x7f)] ^= (byte) (1 << random.nextInt(8));
                        }
                        how = String.format("length at 0x%X", t.length());
                    }
                    case 2 -> {
                        if (t.contentLength() > 0) {
                            b[t.content()] = (byte) random.nextInt(256);
                        }
                        how = String.format("content at 0x%X", t.content());
                    }
                    case 3 -> {
                        Tlv s = strings.isEmpty() ? t : strings.get(random.nextInt(strings.size()));
                        int at = s.content() + random.nextInt(Math.max(1, s.contentLength()));
                        b[at] = (byte) (0xc0 | random.nextInt(0x40));
                        how = String.format("string byte at 0x%X", at);
                    }
                    default -> {
                        int at = table + 8 + random.nextInt(size - 8);
                        b[at] ^= (byte) (1 << random.nextInt(8));
                        how = String.format("bit at 0x%X", at);
                    }
                }
                Files.write(mutant, b);
                try {
                    VerifyReport r = new DllVerifier().verify(mutant, options);
                    Check c = r.checks().stream().filter(x -> x.id().equals(CheckIds.AUTHENTICODE_SIGNATURE)).findFirst()
                            .orElseThrow();
                    String text = c.verdict() == Verdict.PASS ? "" : c.found().replaceAll("0x[0-9A-F]+", "0x…")
                            .replaceAll("[0-9a-f]{16,}", "…").replaceAll("\\d+", "N");
                    String key = c.verdict() + " " + text.substring(0, Math.min(100, text.length()));
                    found.merge(key, 1, Integer::sum);
                } catch (Exception | Error e) {
                    thrown.add("mutant " + i + " (" + how + "): " + e);
                }
            }
        });
        found.forEach((k, v) -> System.out.println("table fuzz: " + v + " x " + k));
        System.out.printf("table fuzz figures: seed %d, %d mutants, %d ended in an exception%n", seed, mutants, thrown.size());
        assertEquals(List.of(), thrown, "every mutant gives a report");
    }
}
