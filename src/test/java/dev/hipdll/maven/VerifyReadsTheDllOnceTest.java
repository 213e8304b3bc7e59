package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.digest.Sha256;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.incremental.BuildStamp;
import dev.hipdll.incremental.FileFingerprint;
import dev.hipdll.incremental.StampStore;
import dev.hipdll.io.FileOpener;
import dev.hipdll.testing.CountingOpener;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hipdll:verify opens the DLL once and reads its bytes once: the build-path scan, the
 * {@code artifact.sha256} check ({@code -Dhip.expectedSha256}) and the promotion of a pending build
 * stamp share one streaming pass. Counted through the goal's file-open seam on the example backend
 * built here; the verdicts are the same as without the digest.
 *
 * <p>The count: the header, table and bundle readers read a few kilobytes ({@code base}, measured
 * with the scan switched off and nothing to digest); every other byte read is the one pass, so a run
 * that scans, checks the digest and promotes a stamp reads exactly {@code base + size}. Before this
 * pass was shared it read {@code base + 3 * size} over three opens. The DLL gets an 8 MiB overlay
 * so that the pass is most of what is read.
 */
class VerifyReadsTheDllOnceTest {
    @TempDir
    Path dir;
    Path dll;
    long size;
    String sha256;

    @BeforeEach
    void build() throws Exception {
        dll = Fixtures.exampleDll(dir.resolve("target/hipdll"), "coli_hip.dll", List.of("gfx1151"), List.of());
        // an 8 MiB overlay (sparse zeros after the image), so the one pass dwarfs the table readers' reads
        try (RandomAccessFile f = new RandomAccessFile(dll.toFile(), "rw")) {
            f.setLength(8L << 20);
        }
        size = Files.size(dll);
        sha256 = Sha256.of(dll);
    }

    /** The goal as a release pipeline runs it, counting reads; a non-Windows host with an empty environment. */
    private VerifyMojo mojo(CountingOpener opener) {
        VerifyMojo m = new VerifyMojo() {
            @Override
            Host host() {
                return Host.of(OsFamily.UNIX, Map.of());
            }

            @Override
            FileOpener opener() {
                return opener;
            }
        };
        m.dll = dll.toFile();
        m.arch = "gfx1151";
        m.staticRuntime = true;
        m.expectedExports = 48;
        m.exportPrefix = "coli_cuda_";
        m.contract = Toolchain.exampleDir().resolve("host/backend_loader.c").toFile();
        m.failOnExtraExports = true;
        m.maxBundleMiB = 512;
        m.sdkRoot = Toolchain.standinSdk().toFile();
        m.buildPaths = List.of(Toolchain.exampleDir().toAbsolutePath().toString());
        m.reportDirectory = dir.resolve("reports").toFile();
        m.skipChecks = List.of("pe.overlay");   // the 8 MiB overlay is accepted, so the pass reads it
        return m;
    }

    /** Bytes the readers other than the one streaming pass read: no scan, no digest wanted. */
    private long headerBytes() throws Exception {
        CountingOpener base = new CountingOpener();
        VerifyMojo m = mojo(base);
        m.skipChecks = List.of("paths.build", "pe.overlay");
        m.execute();
        assertEquals(1, base.opens(dll));
        assertTrue(base.bytesRead(dll) < size / 4, "the table readers read a part: " + base.bytesRead(dll) + " of " + size);
        return base.bytesRead(dll);
    }

    private JsonNode check(String id) throws Exception {
        JsonNode report = new ObjectMapper().readTree(dir.resolve("reports/verify.json").toFile());
        for (JsonNode c : report.get("checks")) {
            if (c.get("id").asText().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no check " + id + " in " + report);
    }

    private void pendingStamp() throws Exception {
        new StampStore(dll).writePending(new BuildStamp(BuildStamp.FORMAT_VERSION, "test", new TreeMap<>(),
                List.of("gfx1151"), List.of(), List.of(), "7.1", List.of(), null, null, new TreeMap<>(),
                FileFingerprint.of(dll)));
    }

    @Test
    void scanDigestCheckAndStampPromotionShareOneRead() throws Exception {
        long base = headerBytes();
        pendingStamp();
        CountingOpener reads = new CountingOpener();
        VerifyMojo m = mojo(reads);
        m.expectedSha256 = sha256;
        OptionalLong before = CountingOpener.processBytesRead();
        m.execute();
        OptionalLong after = CountingOpener.processBytesRead();

        assertEquals(1, reads.opens(dll), "the DLL is opened once");
        assertEquals(base + size, reads.bytesRead(dll), "its bytes are read once (base " + base + ", size " + size + ")");
        if (before.isPresent() && after.isPresent()) {
            // whatever reads the DLL around the seam shows here: the whole process read less than 1.5 DLLs
            long process = after.getAsLong() - before.getAsLong();
            assertTrue(process < base + size + size / 2, "the process read " + process + " bytes for a " + size + "-byte DLL");
        }
        assertEquals("PASS", check("paths.build").get("verdict").asText());
        assertEquals("PASS", check("artifact.sha256").get("verdict").asText());
        assertEquals(sha256, check("artifact.sha256").get("found").asText());
        StampStore stamps = new StampStore(dll);
        assertTrue(stamps.committed().isPresent(), "the pending stamp was promoted");
        assertFalse(Files.exists(stamps.pendingFile()));
    }

    @Test
    void withTheScanSwitchedOffTheDigestStillTakesOnePass() throws Exception {
        long base = headerBytes();
        CountingOpener reads = new CountingOpener();
        VerifyMojo m = mojo(reads);
        m.skipChecks = List.of("paths.build", "pe.overlay");
        m.expectedSha256 = sha256;
        m.execute();

        assertEquals(1, reads.opens(dll));
        assertEquals(base + size, reads.bytesRead(dll));
        assertEquals("SKIP", check("paths.build").get("verdict").asText());
        assertEquals("PASS", check("artifact.sha256").get("verdict").asText());
    }

    @Test
    void aWrongDigestFailsAfterOneReadAndDiscardsThePendingStamp() throws Exception {
        long base = headerBytes();
        pendingStamp();
        CountingOpener reads = new CountingOpener();
        VerifyMojo m = mojo(reads);
        m.expectedSha256 = "0".repeat(64);
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        assertTrue(e.getMessage().contains("1 check(s) failed: artifact.sha256: "), e.getMessage());

        assertEquals(1, reads.opens(dll));
        assertEquals(base + size, reads.bytesRead(dll));
        assertEquals("FAIL", check("artifact.sha256").get("verdict").asText());
        assertEquals(sha256, check("artifact.sha256").get("found").asText());
        StampStore stamps = new StampStore(dll);
        assertTrue(stamps.committed().isEmpty());
        assertFalse(Files.exists(stamps.pendingFile()));
    }

    @Test
    void aFileThatIsNoPeImageIsStillOpenedOnceForItsDigest() throws Exception {
        Files.writeString(dll, "not a PE image, but the digest is still checked\n".repeat(1000));
        size = Files.size(dll);
        CountingOpener reads = new CountingOpener();
        VerifyMojo m = mojo(reads);
        m.expectedSha256 = Sha256.of(dll);
        assertThrows(MojoFailureException.class, m::execute);

        assertEquals(1, reads.opens(dll));
        assertTrue(reads.bytesRead(dll) >= size && reads.bytesRead(dll) <= size + 64,
                "one pass and the MS-DOS header: " + reads.bytesRead(dll));
        assertEquals("FAIL", check("pe.format").get("verdict").asText());
        assertEquals("PASS", check("artifact.sha256").get("verdict").asText());
    }

    @Test
    void aRefusedOverlayIsReadNeitherByTheScanNorForTheDigest() throws Exception {
        // 100 GiB appended (sparse), a digest to check and a pending stamp to promote
        pendingStamp();   // of the DLL as it is (its fingerprint reads it whole)
        try (RandomAccessFile f = new RandomAccessFile(dll.toFile(), "rw")) {
            f.setLength(100L << 30);
        }
        CountingOpener reads = new CountingOpener();
        VerifyMojo m = mojo(reads);
        m.skipChecks = null;
        m.expectedSha256 = sha256;
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        assertTrue(e.getMessage().contains("pe.overlay: ") && e.getMessage().contains("paths.build: ")
                && e.getMessage().contains("artifact.sha256: "), e.getMessage());
        assertTrue(reads.bytesRead(dll) < 1L << 20, "the image only (about 50 KB): " + reads.bytesRead(dll));
        assertEquals("FAIL", check("pe.overlay").get("verdict").asText());
        assertEquals("FAIL", check("artifact.sha256").get("verdict").asText());
        assertEquals("not computed: verify did not read all of coli_hip.dll within its budget (see pe.overlay and paths.build)",
                check("artifact.sha256").get("found").asText());
        StampStore stamps = new StampStore(dll);
        assertTrue(stamps.committed().isEmpty());
        assertFalse(Files.exists(stamps.pendingFile()));
    }
}
