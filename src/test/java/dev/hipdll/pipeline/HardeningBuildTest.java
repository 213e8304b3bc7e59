package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.compile.Driver;
import dev.hipdll.compile.HardeningFlags;
import dev.hipdll.compile.LaunchOptions;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.testing.ReadobjHardening;
import dev.hipdll.testing.SigningFixtures;
import dev.hipdll.testing.StandinBuild;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.verify.DllVerifier;
import dev.hipdll.verify.HardeningPolicy;
import dev.hipdll.verify.SignatureOptions;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hipdll:build's hardening parameters ({@link HardeningFlags}: {@code hip.guardCf}, {@code hip.dynamicBase},
 * {@code hip.highEntropyVa}, {@code hip.nxCompat}, {@code hip.cetCompat}, {@code hip.forceIntegrity}) through the
 * stand-in SDK's clang and lld-link-19, read back by verify's {@code hardening.*} checks and by llvm-readobj-19.
 */
class HardeningBuildTest {
    @TempDir
    Path dir;

    private Path build(String name, HardeningFlags flags) throws Exception {
        Path project = dir.resolve(name);
        StandinBuild.copyExample(project);
        BuildOptions o = new BuildOptions(true, Driver.HIPCC, 2, Optional.empty(), Duration.ofMinutes(5),
                Duration.ofSeconds(30), LaunchOptions.DEFAULT_COMMAND_LINE_LIMIT, false, true, null, null, null,
                Schedule.CRITICAL_PATH, Optional.of(flags));
        return StandinBuild.build(StandinBuild.request(project, "gfx1151", List.of(), o), StandinBuild.quiet()).dll();
    }

    private static VerifyOptions options(HardeningPolicy policy, SignatureOptions s) throws Exception {
        AbiContract.NamedContract loader = new LoaderSourceParser("coli_cuda_")
                .parse(Toolchain.exampleDir().resolve("host/backend_loader.c"));
        return VerifyOptions.builder(loader).hardening(policy).signature(s).build();
    }

    private static Verdict verdict(VerifyReport r, String id) {
        return check(r, id).verdict();
    }

    private static Check check(VerifyReport r, String id) {
        return r.checks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void theDefaultsGiveEveryMitigationVerifyAndReadobjSeeThem() throws Exception {
        Path dll = build("defaults", HardeningFlags.DEFAULTS);
        VerifyReport r = new DllVerifier().verify(dll, options(HardeningPolicy.parse(HardeningPolicy.NAMES.subList(0, 6)),
                SignatureOptions.defaults()));
        for (String id : List.of(CheckIds.HARDENING_DYNAMIC_BASE, CheckIds.HARDENING_HIGH_ENTROPY_VA,
                CheckIds.HARDENING_NX_COMPAT, CheckIds.HARDENING_GUARD_CF, CheckIds.HARDENING_CET_COMPAT,
                CheckIds.HARDENING_WX_SECTIONS, CheckIds.HARDENING_FORCE_INTEGRITY)) {
            assertEquals(Verdict.PASS, verdict(r, id), check(r, id).toString());
        }
        assertTrue(r.passed(), r.toString());
        ReadobjHardening ro = ReadobjHardening.of(dll);
        assertEquals(0x4160, ro.dllCharacteristics() & 0x41e0, "GUARD_CF, NX_COMPAT, DYNAMIC_BASE, HIGH_ENTROPY_VA, no FORCE_INTEGRITY");
        assertTrue(ro.guardCfFunctionCount() > 0 && (ro.guardFlags() & 0x100) != 0, ro.toString());
        assertEquals(1L, ro.exCharacteristics().orElse(0), "CET_COMPAT");
    }

    @Test
    void everyMitigationOffFailsTheRequiredOnesAndWarnsTheOthers() throws Exception {
        Path dll = build("off", new HardeningFlags(false, false, false, false, false, false));
        VerifyReport r = new DllVerifier().verify(dll, options(HardeningPolicy.defaults(), SignatureOptions.defaults()));
        assertEquals(Verdict.FAIL, verdict(r, CheckIds.HARDENING_DYNAMIC_BASE), check(r, CheckIds.HARDENING_DYNAMIC_BASE).toString());
        assertEquals(Verdict.FAIL, verdict(r, CheckIds.HARDENING_HIGH_ENTROPY_VA));
        assertEquals(Verdict.FAIL, verdict(r, CheckIds.HARDENING_NX_COMPAT));
        assertEquals(Verdict.WARN, verdict(r, CheckIds.HARDENING_GUARD_CF));
        assertEquals(Verdict.WARN, verdict(r, CheckIds.HARDENING_CET_COMPAT));
        assertEquals(Verdict.PASS, verdict(r, CheckIds.HARDENING_WX_SECTIONS));
        assertEquals("GUARD_CF not set (link without /guard:cf; compile with -Xclang -cfguard)",
                check(r, CheckIds.HARDENING_GUARD_CF).found());
        ReadobjHardening ro = ReadobjHardening.of(dll);
        assertEquals(0, ro.dllCharacteristics() & 0x41e0, ro.toString());

        VerifyReport none = new DllVerifier().verify(dll, options(HardeningPolicy.parse(List.of("none")),
                SignatureOptions.defaults()));
        assertEquals(Verdict.WARN, verdict(none, CheckIds.HARDENING_NX_COMPAT));
        VerifyReport cfg = new DllVerifier().verify(dll, options(HardeningPolicy.parse(List.of("hardening.guard-cf")),
                SignatureOptions.defaults()));
        assertEquals(Verdict.FAIL, verdict(cfg, CheckIds.HARDENING_GUARD_CF));
        assertEquals(Verdict.WARN, verdict(cfg, CheckIds.HARDENING_DYNAMIC_BASE));
    }

    @Test
    void forceIntegrityNeedsASignature() throws Exception {
        Path dll = build("integrity", new HardeningFlags(true, true, true, true, true, true));
        VerifyReport unsigned = new DllVerifier().verify(dll, options(HardeningPolicy.defaults(), SignatureOptions.defaults()));
        Check fi = check(unsigned, CheckIds.HARDENING_FORCE_INTEGRITY);
        assertEquals(Verdict.FAIL, fi.verdict(), fi.toString());
        assertTrue(fi.found().contains("Windows refuses to load it"), fi.found());

        Path signed = Files.copy(dll, dir.resolve("signed.dll"));
        SigningFixtures.Identity root = SigningFixtures.root("root", Duration.ofDays(30));
        SigningFixtures.sign(signed, SigningFixtures.codeSigner("signer", root, Duration.ofDays(30)));
        SignatureOptions required = new SignatureOptions(true, SignerPins.none(), Optional.empty());
        VerifyReport ok = new DllVerifier().verify(signed, options(HardeningPolicy.defaults(), required));
        assertEquals(Verdict.PASS, verdict(ok, CheckIds.HARDENING_FORCE_INTEGRITY), check(ok, CheckIds.HARDENING_FORCE_INTEGRITY).toString());
        assertEquals(Verdict.PASS, verdict(ok, CheckIds.AUTHENTICODE_SIGNATURE));

        Path plain = build("plain", HardeningFlags.DEFAULTS);
        Path plainSigned = Files.copy(plain, dir.resolve("plain-signed.dll"));
        SigningFixtures.sign(plainSigned, SigningFixtures.codeSigner("signer", root, Duration.ofDays(30)));
        Check missing = check(new DllVerifier().verify(plainSigned, options(HardeningPolicy.parse(List.of("force-integrity")),
                required)), CheckIds.HARDENING_FORCE_INTEGRITY);
        assertEquals(Verdict.FAIL, missing.verdict(), missing.toString());
    }
}
