package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The verifier on the example backend built here, and on DLLs that break one rule each. */
class DllVerifierTest {
    @TempDir
    Path dir;
    Path good;
    AbiContract.NamedContract loader;

    @BeforeEach
    void build() throws Exception {
        good = Fixtures.exampleDll(dir, "coli_hip.dll", List.of("gfx1151"), List.of());
        loader = new LoaderSourceParser("coli_cuda_").parse(Toolchain.exampleDir().resolve("host/backend_loader.c"));
    }

    private VerifyOptions options(String arch, AbiContract contract) {
        return VerifyOptions.builder(contract).deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse(arch).targets()))
                .maxBundleBytes(64L << 20).build();
    }

    private static Check check(VerifyReport r, String id) {
        return r.checks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void exampleBackendPasses() {
        VerifyReport r = new DllVerifier().verify(good, options("gfx1151", loader));
        assertTrue(r.passed(), r.toString());
        assertEquals(Verdict.PASS, check(r, "device-code.targets").verdict());
    }

    @Test
    void missingTargetFails() {
        VerifyReport r = new DllVerifier().verify(good, options("gfx1151,gfx1100", loader));
        assertFalse(r.passed());
        assertTrue(check(r, "device-code.targets").details().contains("missing: gfx1100 in bundle #0"));
    }

    @Test
    void wrongCountFails() {
        VerifyReport r = new DllVerifier().verify(good, options("gfx1151",
                new AbiContract.CountContract("coli_cuda_", 47, "test")));
        assertFalse(r.passed());
        assertEquals(Verdict.FAIL, check(r, "exports.count").verdict());
    }

    @Test
    void missingRequiredAndOptionalNamesAreTold() {
        AbiContract.NamedContract c = new AbiContract.NamedContract("coli_cuda_",
                concat(loader.required(), "coli_cuda_not_built"), concat(loader.optional(), "coli_cuda_maybe"), "test");
        VerifyReport r = new DllVerifier().verify(good, options("gfx1151", c));
        assertEquals(Verdict.FAIL, check(r, "exports.required").verdict());
        assertEquals(List.of("missing required: coli_cuda_not_built"), check(r, "exports.required").details());
        assertEquals(Verdict.WARN, check(r, "exports.optional").verdict());
    }

    @Test
    void disallowedImportFails() {
        VerifyOptions o = VerifyOptions.builder(loader)
                .imports(ImportPolicy.forRuntime(true, java.util.OptionalInt.empty())
                        .withAllowed(List.of("kernel32.dll"), "test")).build();
        VerifyReport r = new DllVerifier().verify(good, o);
        assertEquals(Verdict.FAIL, check(r, "imports.allowed").verdict());
        assertTrue(check(r, "imports.allowed").details().get(0).startsWith("not allowed: amdhip64_7.dll"));
    }

    @Test
    void notAPeFileIsACheckNotAnException() throws Exception {
        Path junk = Files.write(dir.resolve("junk.dll"), "MZ this is not a PE file at all, just text.....".repeat(3).getBytes());
        VerifyReport r = new DllVerifier().verify(junk, options("gfx1151", loader));
        assertFalse(r.passed());
        Check c = check(r, "pe.format");
        assertTrue(c.found().contains("junk.dll") && c.found().contains("offset"), c.found());
    }

    /** A directory or a named pipe given as the DLL was reported as "no such file". */
    @Test
    void aDirectoryOrAPipeIsNamedForWhatItIs() throws Exception {
        Path d = Files.createDirectories(dir.resolve("a-directory/coli_hip.dll"));
        assertEquals("a directory, not a file", check(new DllVerifier().verify(d, options("gfx1151", loader)), "pe.format").found());
        Path fifo = dir.resolve("fifo.dll");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        assertEquals("not a regular file (a named pipe, socket or device)",
                check(new DllVerifier().verify(fifo, options("gfx1151", loader)), "pe.format").found());
        assertEquals("no such file", check(new DllVerifier().verify(dir.resolve("gone.dll"), options("gfx1151", loader)),
                "pe.format").found());
    }

    private static List<String> concat(List<String> a, String b) {
        java.util.ArrayList<String> l = new java.util.ArrayList<>(a);
        l.add(b);
        return l;
    }

    @Test
    void theDigestTakenOnTheWayMatchesTheFileAndChangesNoVerdict() throws Exception {
        // an overlay with more build-path leaks than the scan reports, so it stops looking early
        StringBuilder overlay = new StringBuilder();
        for (int k = 0; k < 2 * PathLeakScanner.MAX_FINDINGS; k++) {
            overlay.append("/work/build/dir/obj").append(k).append(".o\0");
        }
        Files.writeString(good, overlay, java.nio.file.StandardOpenOption.APPEND);
        for (List<String> skip : List.of(List.<String>of(), List.of("paths.build"))) {
            VerifyOptions o = options("gfx1151", loader).toBuilder().buildPaths(List.of("/work/build/dir"))
                    .skippedChecks(java.util.Set.copyOf(skip)).build();
            VerifyReport plain = new DllVerifier().verify(good, o);
            dev.hipdll.testing.CountingOpener reads = new dev.hipdll.testing.CountingOpener();
            dev.hipdll.digest.FileDigests digests = new dev.hipdll.digest.FileDigests(reads);
            VerifyReport digested = new DllVerifier(reads, digests).verify(good, o);
            assertEquals(plain, digested, "skipping " + skip);
            assertEquals(1, reads.opens(good));
            assertEquals(dev.hipdll.digest.Sha256.of(good), digests.of(good), "skipping " + skip);
            assertEquals(1, reads.opens(good), "the digest was recorded, not read again");
        }
        assertEquals(Verdict.FAIL, check(new DllVerifier().verify(good, options("gfx1151", loader).toBuilder()
                .buildPaths(List.of("/work/build/dir")).build()), "paths.build").verdict());
    }
}
