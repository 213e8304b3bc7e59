package dev.hipdll.redteam;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.findings.Check;
import dev.hipdll.release.PackageOptions;
import dev.hipdll.release.PackageReport;
import dev.hipdll.release.PackageVerifier;
import dev.hipdll.testing.PackageFixtures;
import dev.hipdll.testing.PeImage;
import dev.hipdll.verify.VerifyOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Red team (report size): the summary of passing files does not bound a package of failing
 * files. Each file here imports 2,000 DLLs of 200-character names that nobody ships, so each fails
 * {@code package.dependencies} with one detail line per missing DLL (the allow-list repeated in each); a zip of 100
 * such files (the same bytes, so the zip is small) must not make a report of hundreds of MB.
 */
class PackageReportSizeAttackTest {
    @TempDir
    Path dir;

    /** A PE importing {@code dlls} distinct DLLs of {@code nameLength}-character names, one function each. */
    static byte[] manyMissingImports(int dlls, int nameLength) {
        int descAt = 0;
        int iltAt = 20 * (dlls + 1);
        int hintAt = iltAt + 16;
        int namesAt = hintAt + 16;
        byte[] sec = new byte[namesAt + dlls * (nameLength + 1) + 1];
        PeImage img = new PeImage();
        int rva = img.nextRva();
        ByteBuffer b = ByteBuffer.wrap(sec).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(iltAt, rva + hintAt);
        b.put(hintAt + 2, "f".getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < dlls; i++) {
            int at = namesAt + i * (nameLength + 1);
            String name = String.format("%06d", i) + "x".repeat(nameLength - 10) + ".dll";
            b.put(at, name.getBytes(StandardCharsets.US_ASCII));
            b.putInt(descAt + 20 * i, rva + iltAt).putInt(descAt + 20 * i + 12, rva + at)
                    .putInt(descAt + 20 * i + 16, rva + iltAt);
        }
        img.data(".idata", sec);
        img.directory(1, rva, 20L * (dlls + 1));
        return img.build();
    }

    private static long size(Check c) {
        long n = c.found().length() + c.expected().length();
        for (String d : c.details()) {
            n += d.length();
        }
        return n;
    }

    @Test
    void aPackageOfFailingFilesWithHugeDetailsMakesABoundedReport() throws Exception {
        byte[] dll = manyMissingImports(2000, 200);
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("coli_hip.dll", dll);
        for (int i = 0; i < 99; i++) {
            e.put(String.format("lib%03d.dll", i), dll);
        }
        Path zip = PackageFixtures.zip(dir.resolve("huge-details.zip"), e);
        PackageReport r = new PackageVerifier().verify(zip, PackageOptions.builder(VerifyOptions.of(
                new AbiContract.CountContract("coli_cuda_", 0, "t"))).temporaryParent(dir.resolve("tmp")).build());
        assertFalse(r.passed());
        long chars = 0;
        long lines = 0;
        for (PackageReport.FileReport f : r.files()) {
            for (Check c : f.report().checks()) {
                chars += size(c);
                lines += c.details().size();
            }
        }
        for (Check c : r.packageChecks()) {
            chars += size(c);
        }
        System.out.println("zip " + java.nio.file.Files.size(zip) + " bytes; report " + chars + " characters, " + lines
                + " detail lines");
        assertTrue(chars < 16L << 20, "a " + java.nio.file.Files.size(zip) + "-byte zip made a report of " + chars
                + " characters in " + lines + " detail lines");
    }
}
