package dev.hipdll.testing;

import dev.hipdll.bytes.ReadLimits;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.ContractSource;
import dev.hipdll.findings.DetailBound;
import dev.hipdll.gate.DllSubject;
import dev.hipdll.gate.ReleaseGate;
import dev.hipdll.gate.VerificationOutcome;
import dev.hipdll.gate.VerificationRequest;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.provenance.ExpectedDigest;
import dev.hipdll.trust.TrustPolicy;
import dev.hipdll.verify.DllChoice;
import dev.hipdll.verify.HardeningPolicy;
import dev.hipdll.verify.ImportPolicy;
import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The release gate as hipdll:verify runs it on one DLL outside a project, in a JVM of its own, with the time of
 * each phase: {@code GateMain <dll> [backend_loader.c]}; the goal's defaults (48 exports or the loader's contract,
 * the static-runtime import policy, the default hardening policy and read limits, no trust policy), then the
 * table and the three reports into {@code -Dhipdll.reports} (default a temporary directory). For the benchmark
 * {@code scripts/bench/cli-verify} and for finding where verify's time goes before the command line existed.
 * Properties: {@code hipdll.arch} (hip.arch), {@code hipdll.paths} (hip.buildPaths, comma-separated),
 * {@code hipdll.sha256} (hip.expectedSha256), {@code hipdll.repeat} (runs in this JVM), {@code hipdll.quiet}
 * (no table). Exits 0 when verified, 1 when rejected; prints {@code phases: ...} in milliseconds on stderr.
 */
public final class GateMain {
    private GateMain() {
    }

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        Path dll = Path.of(args[0]);
        AbiContract contract = new ContractSource(args.length > 1 ? Path.of(args[1]) : null, List.of(), null, 48,
                "coli_cuda_").load();
        String arch = System.getProperty("hipdll.arch", "");
        String paths = System.getProperty("hipdll.paths", "");
        VerifyOptions options = VerifyOptions.of(contract)
                .withTargets(arch.isBlank() ? List.of() : GfxTargetList.parse(arch).targets())
                .withImports(ImportPolicy.forRuntime(true, OptionalInt.empty()))
                .withMaxBundleBytes(512L << 20)
                .withBuildPaths(paths.isBlank() ? List.of() : List.of(paths.split(",")))
                .withLimits(new ReadLimits(8L << 20, 262_144, 1024L << 20, Duration.ofSeconds(60)))
                .withMaxOverlayBytes(1L << 20)
                .withHardening(HardeningPolicy.defaults());
        String sha = System.getProperty("hipdll.sha256");
        Optional<ExpectedDigest> expected = sha == null ? Optional.empty()
                : Optional.of(ExpectedDigest.of(sha, "-Dhip.expectedSha256"));
        Path reports = System.getProperty("hipdll.reports") != null ? Path.of(System.getProperty("hipdll.reports"))
                : Files.createTempDirectory("gate-main");
        long t1 = System.nanoTime();
        int repeat = Integer.getInteger("hipdll.repeat", 1);
        VerificationOutcome outcome = null;
        StringBuilder runs = new StringBuilder();
        for (int i = 0; i < repeat; i++) {
            long a = System.nanoTime();
            DllChoice choice = DllChoice.choose(dll, true, dll, Optional.empty());
            DllSubject subject = new DllSubject(choice, false, false, "", Optional.empty(), expected);
            outcome = new ReleaseGate().verify(new VerificationRequest(subject, options, TrustPolicy.none(),
                    DetailBound.standard(), reports));
            runs.append(i == 0 ? "" : " ").append((System.nanoTime() - a) / 1_000_000);
        }
        long t2 = System.nanoTime();
        if (!Boolean.getBoolean("hipdll.quiet")) {
            for (String line : outcome.table().lines()) {
                System.out.println(line);
            }
        }
        long t3 = System.nanoTime();
        String each = "";
        if (Boolean.getBoolean("hipdll.eachReport")) {
            dev.hipdll.verify.VerifyReport r = (dev.hipdll.verify.VerifyReport) outcome.report();
            long a = System.nanoTime();
            new dev.hipdll.report.JsonReport(DetailBound.standard()).write(r, reports.resolve("verify.json"));
            long b = System.nanoTime();
            new dev.hipdll.report.JUnitXmlReport(DetailBound.standard()).write(r, reports.resolve("TEST-hipdll-verify.xml"));
            long c = System.nanoTime();
            new dev.hipdll.report.SarifReport(DetailBound.standard(), Path.of("").toAbsolutePath()).write(r,
                    reports.resolve("verify.sarif"));
            long d = System.nanoTime();
            each = String.format(" (json %d, junit %d, sarif %d)", (b - a) / 1_000_000, (c - b) / 1_000_000,
                    (d - c) / 1_000_000);
        } else {
            outcome.writeReports(reports);
        }
        long t4 = System.nanoTime();
        System.err.printf("phases: options %d ms | verify %s ms | table %d ms | reports %d ms%s | main %d ms%n",
                (t1 - t0) / 1_000_000, runs, (t3 - t2) / 1_000_000, (t4 - t3) / 1_000_000, each, (t4 - t0) / 1_000_000);
        System.exit(outcome.passed() ? 0 : 1);
    }
}
