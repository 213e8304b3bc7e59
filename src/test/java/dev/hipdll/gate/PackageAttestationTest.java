package dev.hipdll.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.digest.Sha256;
import dev.hipdll.attestation.Attestations;
import dev.hipdll.attestation.DllAttestor;
import dev.hipdll.attestation.ExternalParameters;
import dev.hipdll.attestation.SigningKeyFile;
import dev.hipdll.attestation.TrustedKeys;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.findings.Check;
import dev.hipdll.attestation.AttestationCheck;
import dev.hipdll.findings.CheckResults;
import dev.hipdll.findings.DetailBound;
import dev.hipdll.findings.Verdict;
import dev.hipdll.provenance.Provenance;
import dev.hipdll.provenance.ProvenanceJson;
import dev.hipdll.release.PackageReport;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.PackageFixtures;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.trust.TrustPolicy;
import dev.hipdll.verify.DeviceCodeOptions;
import dev.hipdll.verify.DllChoice;
import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A release package ignored the trusted keys. The same real backend (the example DLL, built here,
 * signed by the throwaway EC key) that the gate rejects alone under {@code hip.attestation.trustedKeys} (no
 * attestation; one signed by a key that is not trusted) is rejected inside a directory and inside a zip with the same
 * keys, and passes there when the package carries its valid attestation ({@code coli_hip.dll.intoto.jsonl} beside it).
 * Before the gate applied the policy to a package, no {@code artifact.attestation} row was made for a package at all.
 */
class PackageAttestationTest {
    @TempDir
    static Path built;
    @TempDir
    Path dir;
    static Path dll;
    static Path attestation;

    private static Path key(String name) throws Exception {
        return Path.of(PackageAttestationTest.class.getResource("/dev/hipdll/attestation/keys/" + name).toURI());
    }

    @BeforeAll
    static void ciBuild() throws Exception {
        dll = Fixtures.exampleDll(built.resolve("target/hipdll"), "coli_hip.dll", List.of("gfx1151"), List.of());
        Path provenance = dll.resolveSibling("provenance.json");
        new ProvenanceJson().write(new Provenance(Provenance.FORMAT_VERSION, "dev.hipdll:hipdll-maven-plugin:test",
                new Provenance.Output("coli_hip.dll", Files.size(dll), Sha256.of(dll)),
                new Provenance.Sdk("6.2", "${HIP_SDK_ROOT}", List.of()), null, null, List.of("gfx1151"),
                new Provenance.Compiler("hipcc", "${HIP_SDK_ROOT}/bin/hipcc", "${project.basedir}", List.of()),
                List.of(), null), provenance);
        attestation = new DllAttestor().attest(new DllAttestor.Request(dll, provenance, false,
                new ExternalParameters("hipcc", true, List.of(), List.of(), null), "https://ci.example.org", "test",
                Optional.of(SigningKeyFile.load(key("ec-p256.p12"), "throwaway-test-password".toCharArray(), "test")),
                ""), line -> { }).orElseThrow();
    }

    private static TrustPolicy trusting(String keyFile) throws Exception {
        return TrustPolicy.none().withTrustedKeys(TrustedKeys.load(List.of(key(keyFile))));
    }

    private static VerifyOptions options() throws Exception {
        return VerifyOptions.builder(new LoaderSourceParser("coli_cuda_").parse(Toolchain.exampleDir()
                .resolve("host/backend_loader.c")))
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets()))
                .maxBundleBytes(64L << 20).build();
    }

    /** The DLL alone, as {@code -Dhip.dll} without a project gives it, with its attestation (if any) beside it. */
    private VerificationOutcome alone(boolean withAttestation, TrustPolicy trust) throws Exception {
        Path here = Files.createDirectories(dir.resolve("alone"));
        Path copy = Files.copy(dll, here.resolve("coli_hip.dll"));
        if (withAttestation) {
            Files.copy(attestation, Attestations.fileFor(copy));
        }
        DllChoice choice = DllChoice.choose(copy, true, null, Optional.empty());
        return new ReleaseGate().verify(new VerificationRequest(new DllSubject(choice, false, false, "", Optional.empty(),
                Optional.empty()), options(), trust, DetailBound.standard(), dir.resolve("tmp")));
    }

    /** A release directory: {@code bin/coli_hip.dll} (with its attestation, if asked) and a library. */
    private Path release(String name, boolean withAttestation) throws Exception {
        Path release = Files.createDirectories(dir.resolve(name).resolve("bin"));
        Files.copy(dll, release.resolve("coli_hip.dll"));
        if (withAttestation) {
            Files.copy(attestation, release.resolve("coli_hip.dll.intoto.jsonl"));
        }
        PackageFixtures.library(release, "helper.dll", PackageFixtures.imports("KERNEL32.dll", List.of("GetLastError")));
        return release.getParent();
    }

    private VerificationOutcome gate(Path pkg, TrustPolicy trust) throws Exception {
        return new ReleaseGate().verify(new VerificationRequest(PackageSubject.of(pkg), options(), trust, DetailBound.standard(), dir.resolve("tmp")));
    }

    private static Check attestationOf(VerificationOutcome o, String file) {
        if (o.report() instanceof PackageReport p) {
            return p.files().stream().filter(f -> f.name().equals(file)).findFirst().orElseThrow()
                    .report().check(AttestationCheck.CHECK_ID)
                    .orElseThrow(() -> new AssertionError("no artifact.attestation for " + file + ": " + p.checks()));
        }
        return o.report().check(AttestationCheck.CHECK_ID).orElseThrow(() -> new AssertionError("no row"));
    }

    private static void rejectedFor(CheckResults r, String why) {
        assertFalse(r.passed(), "passed: " + r.failureSummary());
        assertTrue(r.failureSummary().contains("artifact.attestation: " + why), r.failureSummary());
    }

    @Test
    void aBackendWithoutAttestationIsRejectedAloneInADirectoryAndInAZip() throws Exception {
        TrustPolicy trust = trusting("ec-p256-cert.pem");
        VerificationOutcome alone = alone(false, trust);
        assertEquals(Verdict.FAIL, attestationOf(alone, null).verdict());
        rejectedFor(alone.report(), "no attestation at ");

        Path directory = release("directory", false);
        VerificationOutcome inDirectory = gate(directory, trust);
        Check c = attestationOf(inDirectory, "bin/coli_hip.dll");
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.details().toString().contains("required: bin/coli_hip.dll arrives in a release package"), c.toString());
        rejectedFor(inDirectory.report(), "no attestation at ");
        assertEquals(Verdict.SKIP, attestationOf(inDirectory, "bin/helper.dll").verdict(), "a library: keys not applied");

        Path zip = PackageFixtures.zip(directory, dir.resolve("release.zip"));
        VerificationOutcome inZip = gate(zip, trust);
        assertEquals(Verdict.FAIL, attestationOf(inZip, "bin/coli_hip.dll").verdict());
        // named inside the zip, not in the temporary directory it was unpacked into and that is deleted after
        rejectedFor(inZip.report(), "no attestation at " + zip + "!bin/coli_hip.dll.intoto.jsonl");
    }

    @Test
    void aBackendSignedByAKeyThatIsNotTrustedIsRejectedAloneInADirectoryAndInAZip() throws Exception {
        TrustPolicy other = trusting("other-ec-p256-public.pem");
        rejectedFor(alone(true, other).report(), "coli_hip.dll.intoto.jsonl line 1: no signature by a trusted key");
        Path directory = release("directory", true);
        rejectedFor(gate(directory, other).report(), "coli_hip.dll.intoto.jsonl line 1: no signature by a trusted key");
        rejectedFor(gate(PackageFixtures.zip(directory, dir.resolve("release.zip")), other).report(),
                "coli_hip.dll.intoto.jsonl line 1: no signature by a trusted key");
    }

    @Test
    void aPackageCarryingTheValidAttestationPassesAsTheDllDoes() throws Exception {
        TrustPolicy trust = trusting("ec-p256-cert.pem");
        VerificationOutcome alone = alone(true, trust);
        assertEquals(Verdict.PASS, attestationOf(alone, null).verdict());
        assertTrue(alone.passed(), alone.report().failureSummary());

        Path directory = release("directory", true);
        for (Path pkg : List.of(directory, PackageFixtures.zip(directory, dir.resolve("release.zip")))) {
            VerificationOutcome o = gate(pkg, trust);
            Check c = attestationOf(o, "bin/coli_hip.dll");
            assertEquals(Verdict.PASS, c.verdict(), pkg + ": " + c);
            assertTrue(c.found().startsWith("signed by O=hipdll tests,CN=hipdll throwaway test signer"), c.found());
            assertTrue(o.passed(), pkg + ": " + o.report().failureSummary());
        }
    }

    @Test
    void withoutTrustedKeysNoAttestationIsAskedOfADllOrAPackage() throws Exception {
        assertTrue(alone(false, TrustPolicy.none()).report().check(AttestationCheck.CHECK_ID).isEmpty());
        VerificationOutcome o = gate(release("directory", false), TrustPolicy.none());
        assertTrue(o.report().check(AttestationCheck.CHECK_ID).isEmpty(), o.report().checks().toString());
        assertTrue(o.passed(), o.report().failureSummary());
    }
}
