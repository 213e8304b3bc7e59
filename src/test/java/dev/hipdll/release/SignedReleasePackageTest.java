package dev.hipdll.release;

import static dev.hipdll.testing.PackageFixtures.imports;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.PackageFixtures;
import dev.hipdll.testing.SigningFixtures;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.verify.DeviceCodeOptions;
import dev.hipdll.verify.SignatureOptions;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With item 1: a release package gated with signatures required (as a pipeline that signs every
 * PE file and then checks the finished zip): each file's {@code authenticode.signature} is judged, so the one file
 * left unsigned is named, and signing it too makes the package pass.
 */
class SignedReleasePackageTest {
    @TempDir
    Path dir;

    @Test
    void theUnsignedFileOfAPackageIsNamedWhenSignaturesAreRequired() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path release = Files.createDirectories(dir.resolve("release"));
        Files.copy(Fixtures.exampleDll(bin, "coli_hip.dll", List.of("gfx1151"), List.of()), release.resolve("coli_hip.dll"));
        Files.copy(PackageFixtures.library(bin, "hipblas.dll", imports("amdhip64_7.dll", List.of("hipMalloc"),
                "KERNEL32.dll", List.of("GetLastError"))), release.resolve("hipblas.dll"));
        SigningFixtures.Identity ca = SigningFixtures.root("hipdll test release CA", Duration.ofDays(30));
        SigningFixtures.Identity signer = SigningFixtures.codeSigner("hipdll test release", ca, Duration.ofDays(30));
        SigningFixtures.sign(release.resolve("coli_hip.dll"), signer);  // hipblas.dll left unsigned

        AbiContract.NamedContract loader = new LoaderSourceParser("coli_cuda_")
                .parse(Toolchain.exampleDir().resolve("host/backend_loader.c"));
        PackageOptions options = PackageOptions.builder(VerifyOptions.builder(loader)
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets()))
                .maxBundleBytes(64L << 20)
                .signature(new SignatureOptions(true, SignerPins.none(), Optional.empty())).build())
                .temporaryParent(dir.resolve("tmp")).build();

        PackageReport r = new PackageVerifier().verify(release, options);
        assertEquals(Verdict.PASS, ReleasePackageTest.check(r, "coli_hip.dll", CheckIds.AUTHENTICODE_SIGNATURE).verdict());
        assertEquals(Verdict.FAIL, ReleasePackageTest.check(r, "hipblas.dll", CheckIds.AUTHENTICODE_SIGNATURE).verdict());
        assertFalse(r.passed(), "a package with an unsigned file passed with signatures required");

        SigningFixtures.sign(release.resolve("hipblas.dll"), signer);
        PackageReport signed = new PackageVerifier().verify(release, options);
        assertEquals(Verdict.PASS, ReleasePackageTest.check(signed, "hipblas.dll", CheckIds.AUTHENTICODE_SIGNATURE).verdict());
        assertTrue(signed.files().stream().allMatch(f -> f.report().check(CheckIds.AUTHENTICODE_SIGNATURE).orElseThrow()
                .verdict() == Verdict.PASS), "every PE file of the package is signed");
    }
}
