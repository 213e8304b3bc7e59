package dev.hipdll.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.digest.Sha256;
import dev.hipdll.attestation.DllAttestor;
import dev.hipdll.attestation.ExternalParameters;
import dev.hipdll.attestation.SigningKeyFile;
import dev.hipdll.attestation.TrustedKeys;
import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.authenticode.TrustStore;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.CheckResults;
import dev.hipdll.findings.DetailBound;
import dev.hipdll.findings.Verdict;
import dev.hipdll.provenance.Provenance;
import dev.hipdll.provenance.ProvenanceJson;
import dev.hipdll.release.PackageReport;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.PackageFixtures;
import dev.hipdll.testing.SigningFixtures;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.trust.TrustPolicy;
import dev.hipdll.verify.DeviceCodeOptions;
import dev.hipdll.verify.DllChoice;
import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/verify.md's threat model, third row: trusted keys, {@code hip.requireSignature} and a trust store together,
 * for each input path (a DLL, a file of a package, an attestation). The two signatures are independent: a PASS then
 * says the bytes are the ones a trusted key attested (in-toto) and that they carry an Authenticode signature whose
 * chain ends in the trust store; losing either fails.
 */
class TrustMatrixTest {
    @TempDir
    static Path built;
    @TempDir
    Path dir;
    static Path dll;
    static SigningFixtures.Identity root;
    static SigningFixtures.Identity signer;

    private static Path key(String name) throws Exception {
        return Path.of(TrustMatrixTest.class.getResource("/dev/hipdll/attestation/keys/" + name).toURI());
    }

    @BeforeAll
    static void build() throws Exception {
        dll = Fixtures.exampleDll(built.resolve("build"), "coli_hip.dll", List.of("gfx1151"), List.of());
        root = SigningFixtures.root("matrix root", Duration.ofDays(30));
        signer = SigningFixtures.codeSigner("matrix signer", root, Duration.ofDays(30));
    }

    /** A copy of the DLL in {@code where}, Authenticode-signed by {@code by} (or not), then attested by the EC key. */
    private static Path release(Path where, SigningFixtures.Identity by) throws Exception {
        Path copy = Files.copy(dll, Files.createDirectories(where).resolve("coli_hip.dll"));
        if (by != null) {
            SigningFixtures.sign(copy, by);
        }
        Path provenance = Files.createDirectories(where.resolveSibling(where.getFileName() + "-meta"))
                .resolve("provenance.json");
        new ProvenanceJson().write(new Provenance(Provenance.FORMAT_VERSION, "dev.hipdll:hipdll-maven-plugin:test",
                new Provenance.Output("coli_hip.dll", Files.size(copy), Sha256.of(copy)),
                new Provenance.Sdk("6.2", "${HIP_SDK_ROOT}", List.of()), null, null, List.of("gfx1151"),
                new Provenance.Compiler("hipcc", "${HIP_SDK_ROOT}/bin/hipcc", "${project.basedir}", List.of()),
                List.of(), null), provenance);
        new DllAttestor().attest(new DllAttestor.Request(copy, provenance, false,
                new ExternalParameters("hipcc", true, List.of(), List.of(), null), "https://ci.example.org", "test",
                Optional.of(SigningKeyFile.load(key("ec-p256.p12"), "throwaway-test-password".toCharArray(), "test")),
                ""), line -> { }).orElseThrow();
        return copy;
    }

    private TrustPolicy strict(String trustedKey) throws Exception {
        return new TrustPolicy(TrustedKeys.load(List.of(key(trustedKey))), true, SignerPins.none(),
                Optional.of(TrustStore.load(SigningFixtures.pem(dir.resolve("root.pem"), root.certificate()), null)));
    }

    private static VerifyOptions options() throws Exception {
        return VerifyOptions.builder(new LoaderSourceParser("coli_cuda_").parse(Toolchain.exampleDir()
                .resolve("host/backend_loader.c")))
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets()))
                .maxBundleBytes(64L << 20).build();
    }

    private VerificationOutcome alone(Path file, TrustPolicy trust) throws Exception {
        return new ReleaseGate().verify(new VerificationRequest(new DllSubject(DllChoice.choose(file, true, null,
                Optional.empty()), false, false, "", Optional.empty(), Optional.empty()), options(), trust,
                DetailBound.standard(), dir.resolve("tmp")));
    }

    private VerificationOutcome gate(Path pkg, TrustPolicy trust) throws Exception {
        return new ReleaseGate().verify(new VerificationRequest(PackageSubject.of(pkg), options(), trust, DetailBound.standard(), dir.resolve("tmp")));
    }

    private static Verdict verdict(CheckResults r, String id) {
        return r.check(id).orElseThrow(() -> new AssertionError("no " + id)).verdict();
    }

    private static Verdict verdict(CheckResults r, String file, String id) {
        return verdict(((PackageReport) r).files().stream().filter(f -> f.name().equals(file)).findFirst().orElseThrow()
                .report(), id);
    }

    @Test
    void aDllPassesOnlyWithBothSignatures() throws Exception {
        TrustPolicy trust = strict("ec-p256-cert.pem");
        VerificationOutcome both = alone(release(dir.resolve("both"), signer), trust);
        assertTrue(both.passed(), both.report().failureSummary());
        assertEquals(Verdict.PASS, verdict(both.report(), CheckIds.AUTHENTICODE_CHAIN));
        assertEquals(Verdict.PASS, verdict(both.report(), CheckIds.ARTIFACT_ATTESTATION));

        VerificationOutcome unsigned = alone(release(dir.resolve("unsigned"), null), trust);
        assertEquals(Verdict.FAIL, verdict(unsigned.report(), CheckIds.AUTHENTICODE_SIGNATURE));
        assertEquals(Verdict.PASS, verdict(unsigned.report(), CheckIds.ARTIFACT_ATTESTATION), "attested all the same");
        assertFalse(unsigned.passed());

        SigningFixtures.Identity stranger = SigningFixtures.codeSigner("stranger",
                SigningFixtures.root("another root", Duration.ofDays(30)), Duration.ofDays(30));
        VerificationOutcome elsewhere = alone(release(dir.resolve("elsewhere"), stranger), trust);
        assertEquals(Verdict.FAIL, verdict(elsewhere.report(), CheckIds.AUTHENTICODE_CHAIN));
        assertFalse(elsewhere.passed());
    }

    @Test
    void eachFileOfAPackageIsHeldToBoth() throws Exception {
        TrustPolicy trust = strict("ec-p256-cert.pem");
        Path pkg = dir.resolve("release");
        release(pkg, signer);
        Path library = PackageFixtures.library(pkg, "helper.dll", PackageFixtures.imports("KERNEL32.dll",
                List.of("GetLastError")));
        VerificationOutcome o = gate(pkg, trust);
        assertEquals(Verdict.FAIL, verdict(o.report(), "helper.dll", CheckIds.AUTHENTICODE_SIGNATURE));
        assertEquals(Verdict.PASS, verdict(o.report(), "coli_hip.dll", CheckIds.ARTIFACT_ATTESTATION));
        assertFalse(o.passed());

        SigningFixtures.sign(library, signer);
        for (Path p : List.of(pkg, PackageFixtures.zip(pkg, dir.resolve("release.zip")))) {
            VerificationOutcome signed = gate(p, trust);
            assertTrue(signed.passed(), p + ": " + signed.report().failureSummary());
            assertEquals(Verdict.PASS, verdict(signed.report(), "coli_hip.dll", CheckIds.AUTHENTICODE_CHAIN));
            assertEquals(Verdict.PASS, verdict(signed.report(), "helper.dll", CheckIds.AUTHENTICODE_CHAIN));
        }
    }

    @Test
    void anAttestationByAKeyNotTrustedFailsThoughAuthenticodePasses() throws Exception {
        TrustPolicy other = strict("other-ec-p256-public.pem");
        Path pkg = dir.resolve("release");
        Path backend = release(pkg, signer);
        VerificationOutcome aloneOutcome = alone(backend, other);
        assertEquals(Verdict.PASS, verdict(aloneOutcome.report(), CheckIds.AUTHENTICODE_CHAIN));
        assertEquals(Verdict.FAIL, verdict(aloneOutcome.report(), CheckIds.ARTIFACT_ATTESTATION));
        VerificationOutcome inPackage = gate(pkg, other);
        assertEquals(Verdict.PASS, verdict(inPackage.report(), "coli_hip.dll", CheckIds.AUTHENTICODE_CHAIN));
        assertEquals(Verdict.FAIL, verdict(inPackage.report(), "coli_hip.dll", CheckIds.ARTIFACT_ATTESTATION));
    }
}
