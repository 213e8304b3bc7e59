package dev.hipdll.windowstier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.pipeline.HipDllBuildResult;
import dev.hipdll.compile.Driver;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.findings.Check;
import dev.hipdll.verify.DeviceCodeOptions;
import dev.hipdll.verify.DllVerifier;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On a Windows API: {@code HipDllBuild} builds coli_hip.dll for gfx1151 and
 * gfx1100 with two jobs through the SDK's hipcc.exe and through its clang.exe ({@code hip.driver=clang}),
 * the project under a path with spaces and non-ASCII letters; {@code DllVerifier} in the same JVM passes
 * it; the second build is up to date; an edit reruns only that unit's steps; the project and the SDK at
 * other paths (another drive, spaces) give the same bytes.
 */
@Tag(WindowsTier.TAG)
class EndToEndBuildTest {
    private static final String ARCH = "gfx1151,gfx1100";

    static VerifyReport verify(Path dll) throws Exception {
        AbiContract contract = new LoaderSourceParser("coli_cuda_")
                .parse(WindowsTier.example().resolve("host").resolve("backend_loader.c"));
        VerifyOptions options = VerifyOptions.builder(contract)
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse(ARCH).targets()))
                .maxBundleBytes(64L << 20).build();
        return new DllVerifier().verify(dll, options);
    }

    static Check check(VerifyReport r, String id) {
        return r.checks().stream().filter(c -> c.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no check " + id + " in " + r));
    }

    static void assertVerified(Path dll) throws Exception {
        VerifyReport v = verify(dll);
        assertTrue(v.passed(), v.toString());
        for (String id : List.of("exports.required", "exports.extra", "device-code.targets", "paths.build", "paths.pdb",
                "imports.allowed")) {
            assertEquals(Verdict.PASS, check(v, id).verdict(), id + ": " + check(v, id));
        }
        assertTrue(check(v, "exports.extra").found().contains("48 names"), check(v, "exports.extra").toString());
        assertEquals("gfx1100, gfx1151", check(v, "device-code.targets").found().replaceAll(".*device targets ", ""));
    }

    @Test
    void hipccBuildsAVerifiedDllThenIsUpToDateThenRerunsOnlyTheEditedUnit() throws Exception {
        Path project = WindowsTier.work("end-to-end").resolve("Prüfung mit Lücke").resolve("colibri ñ");
        TierBuild b = new TierBuild(project).withExample();
        HipDllBuildResult first = b.build();
        assertFalse(first.upToDate());
        assertEquals(9, b.ran().size(), "a cold build runs every step: " + b.log);
        assertVerified(b.dll());

        HipDllBuildResult second = b.build();
        assertTrue(second.upToDate(), "nothing changed: " + b.log);
        assertEquals(List.of(), b.ran());

        Path chain = b.sources().resolve("cuda_chain.cu");
        Files.writeString(chain, Files.readString(chain)
                + "\n__global__ void coli_tier_edited_kernel(int *p) { *p = 20; }\n");
        b.build();
        assertEquals(List.of("bundle cuda_chain.cu", "device compile cuda_chain.cu [gfx1100]",
                "device compile cuda_chain.cu [gfx1151]", "host compile cuda_chain.cu", "link coli_hip.dll"), b.ran(),
                String.join("\n", b.log));
        assertVerified(b.dll());
    }

    @Test
    void theClangDriverAndOtherPathsGiveTheSameBytes() throws Exception {
        Path root = WindowsTier.work("reproducible");
        TierBuild a = new TierBuild(Path.of("C:\\work\\a")).withExample();
        WindowsTier.delete(a.project.resolve("target"));
        a.build();
        assertVerified(a.dll());
        byte[] reference = Files.readAllBytes(a.dll());

        Path otherSdk = WindowsTier.copySdk(Path.of("D:\\sdk copy\\ROCm 7.1"));
        TierBuild b = new TierBuild(Path.of("D:\\other dir\\b")).withExample();
        WindowsTier.delete(b.project.resolve("target"));
        b.sdk = otherSdk;
        b.build();
        assertArrayEquals(reference, Files.readAllBytes(b.dll()), "C:\\work\\a and D:\\other dir\\b (SDK at "
                + otherSdk + ") differ");

        TierBuild c = new TierBuild(root.resolve("clang driver")).withExample();
        c.driver = Driver.CLANG;
        c.build();
        assertVerified(c.dll());
        assertArrayEquals(reference, Files.readAllBytes(c.dll()), "hip.driver=clang differs from hipcc.exe");
    }
}
