package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.graph.StepGraph;
import dev.hipdll.host.OsFamily;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.Origin;
import dev.hipdll.sdk.SdkComponent;
import dev.hipdll.gfx.GfxTargetList;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The steps of a build: one device compile per (unit, target), a bundle and a host compile per unit,
 * one link; the commands follow clang's own split (checked with clang-19 {@code -###}).
 */
class StepPlannerTest {
    private final Path sdkRoot = Path.of("/opt/AMD/ROCm/7.1");
    private final Path project = Path.of("/work/proj");

    private HipSdk sdk() {
        Origin o = new Origin("test");
        return new HipSdk(new SdkComponent("root", sdkRoot, o), new SdkComponent("hipcc", sdkRoot.resolve("bin/hipcc"), o),
                new SdkComponent("clangDir", sdkRoot.resolve("lib/llvm/bin"), o),
                new SdkComponent("includeDir", sdkRoot.resolve("include"), o), new SdkComponent("libDir", sdkRoot.resolve("lib"), o),
                new SdkComponent("deviceLibDir", sdkRoot.resolve("lib/llvm/amdgcn/bitcode"), o),
                new SdkComponent("runtimeDll", sdkRoot.resolve("bin/amdhip64_7.dll"), o), "7.1");
    }

    private List<BuildStep> plan(String arch, Driver driver, List<String> extra, Optional<Integer> compress, Path projectDir,
                                 HipSdk sdk) {
        Path hip = projectDir.resolve("src/main/hip");
        CompileRequest c = new CompileRequest(sdk, GfxTargetList.parse(arch),
                List.of(hip.resolve("backend_cuda.cu"), hip.resolve("ops/chain.cu")), List.of(hip.resolve("include")),
                List.of("X=1"), extra, true, projectDir.resolve("target/hipdll/coli_hip.dll"));
        return StepPlanner.plan(new StepPlanRequest(c, hip, projectDir, projectDir.resolve("target/hipdll/steps"),
                projectDir.resolve("target/hipdll/.tmp/b1/coli_hip.dll"), driver, OsFamily.UNIX,
                new ReproducibleBuild(null), compress));
    }

    private List<BuildStep> plan(String arch) {
        return plan(arch, Driver.HIPCC, List.of(), Optional.empty(), project, sdk());
    }

    private static BuildStep step(List<BuildStep> steps, String id) {
        return steps.stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id));
    }

    @Test
    void oneDeviceCompilePerUnitAndTargetThenBundleHostAndLink() {
        List<BuildStep> steps = plan("gfx1151,gfx1100");
        assertEquals(List.of("device:backend_cuda.cu:gfx1100", "device:backend_cuda.cu:gfx1151", "bundle:backend_cuda.cu",
                "host:backend_cuda.cu", "device:ops/chain.cu:gfx1100", "device:ops/chain.cu:gfx1151", "bundle:ops/chain.cu",
                "host:ops/chain.cu", "link"), steps.stream().map(BuildStep::id).toList());
        assertEquals(9, StepGraph.of(steps).size(), "a valid graph");
        assertEquals(List.of("device:ops/chain.cu:gfx1100", "device:ops/chain.cu:gfx1151"), step(steps, "bundle:ops/chain.cu").dependsOn());
        assertEquals(List.of("host:backend_cuda.cu", "host:ops/chain.cu"), step(steps, "link").dependsOn());
        assertEquals("device compile ops/chain.cu [gfx1151]", step(steps, "device:ops/chain.cu:gfx1151").describe());
        assertEquals("link coli_hip.dll", step(steps, "link").describe());
    }

    @Test
    void aDeviceCompileNamesItsOneTargetAndWritesACodeObject() {
        List<String> a = step(plan("gfx1151,gfx1100"), "device:backend_cuda.cu:gfx1151").arguments();
        assertEquals(1, a.stream().filter(x -> x.startsWith("--offload-arch=")).count());
        assertTrue(a.containsAll(List.of("--offload-arch=gfx1151", "--offload-device-only", "--no-gpu-bundle-output",
                "-x", "hip", "-O3", "-std=c++17", "-DCOLI_CUDA_BUILDING_DLL", "-DX=1", "--hip-path=" + sdkRoot,
                "-I" + sdkRoot.resolve("include"), "-Isrc/main/hip/include",
                "--rocm-device-lib-path=" + sdkRoot.resolve("lib/llvm/amdgcn/bitcode"))), a.toString());
        assertEquals(List.of("-MD", "-MF", "target/hipdll/steps/backend_cuda.cu/gfx1151.d", "-c",
                "src/main/hip/backend_cuda.cu", "-o", "target/hipdll/steps/backend_cuda.cu/gfx1151.co"),
                a.subList(a.size() - 7, a.size()), "project paths relative to the working directory");
        assertFalse(a.contains("-fms-runtime-lib=static"), "the runtime choice is a host flag");
    }

    @Test
    void theBundleListsTheTargetsSortedAsClangsDriverDoes() {
        BuildStep b = step(plan("gfx90a:xnack+:sramecc-,gfx1151,gfx11-generic,gfx1100"), "bundle:backend_cuda.cu");
        assertEquals(sdkRoot.resolve("lib/llvm/bin/clang-offload-bundler"), b.executable());
        // clang-19 -### for --offload-arch=gfx1151 --offload-arch=gfx90a:xnack+:sramecc- --offload-arch=gfx11-generic
        // --offload-arch=gfx1100 gives exactly this list
        assertTrue(b.arguments().contains("-targets=host-x86_64-unknown-linux,hipv4-amdgcn-amd-amdhsa--gfx11-generic,"
                + "hipv4-amdgcn-amd-amdhsa--gfx1100,hipv4-amdgcn-amd-amdhsa--gfx1151,hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+"),
                b.arguments().toString());
        assertEquals(List.of("-type=o", "-bundle-align=4096"), b.arguments().subList(0, 2));
        assertTrue(b.arguments().contains("-input=target/hipdll/steps/backend_cuda.cu/bundle-host-entry.empty"));
        assertTrue(b.arguments().contains("-input=target/hipdll/steps/backend_cuda.cu/gfx90a_sramecc-_xnack+.co"),
                "a target ID's ':' never reaches a file name: " + b.arguments());
        assertFalse(b.arguments().contains("-compress"));
        assertTrue(b.environment().isEmpty());
    }

    @Test
    void compressionAsksForTheBundleVersion() {
        BuildStep b = step(plan("gfx1151", Driver.HIPCC, List.of(), Optional.of(3), project, sdk()), "bundle:backend_cuda.cu");
        assertTrue(b.arguments().contains("-compress"));
        assertEquals("3", b.environment().get(StepPlanner.BUNDLE_VERSION_VARIABLE));
    }

    @Test
    void theHostCompileEmbedsTheFatBinaryWithTheSameCuid() {
        List<BuildStep> steps = plan("gfx1151,gfx1100");
        List<String> d = step(steps, "device:backend_cuda.cu:gfx1100").arguments();
        List<String> h = step(steps, "host:backend_cuda.cu").arguments();
        String cuid = d.stream().filter(x -> x.startsWith("-cuid=")).findFirst().orElseThrow();
        int i = h.indexOf(cuid);
        assertTrue(i > 0 && h.get(i - 1).equals("-Xclang"), "host-only: the driver does not forward -cuid=, so -Xclang: " + h);
        int g = h.indexOf("-fcuda-include-gpubinary");
        assertEquals("-Xclang", h.get(g - 1));
        assertEquals(List.of("-Xclang", "target/hipdll/steps/backend_cuda.cu/fatbin.hipfb"), h.subList(g + 1, g + 3));
        assertTrue(h.containsAll(List.of("--offload-host-only", "-fms-runtime-lib=static", "--offload-arch=gfx1100",
                "--offload-arch=gfx1151", "-mno-incremental-linker-compatible")), h.toString());
        String other = step(steps, "device:ops/chain.cu:gfx1100").arguments().stream().filter(x -> x.startsWith("-cuid="))
                .findFirst().orElseThrow();
        assertFalse(other.equals(cuid), "two units of one DLL get different CUIDs");
    }

    @Test
    void theCuidDependsNeitherOnPathsNorOnTheTargets() {
        HipSdk elsewhere = sdk();
        String a = cuid(plan("gfx1151", Driver.HIPCC, List.of(), Optional.empty(), project, sdk()));
        String b = cuid(plan("gfx1151,gfx1100", Driver.CLANG, List.of(), Optional.empty(), Path.of("/tmp/other/clone"), elsewhere));
        assertEquals(a, b);
        String c = cuid(plan("gfx1151", Driver.HIPCC, List.of("-ffast-math"), Optional.empty(), project, sdk()));
        assertFalse(a.equals(c), "an option that changes the code changes the CUID");
    }

    private static String cuid(List<BuildStep> steps) {
        return step(steps, "device:backend_cuda.cu:gfx1151").arguments().stream().filter(x -> x.startsWith("-cuid="))
                .findFirst().orElseThrow();
    }

    @Test
    void aGenericTargetGetsCodeObjectVersion6AndANote() {
        List<BuildStep> steps = plan("gfx11-generic,gfx1151");
        BuildStep g = step(steps, "device:backend_cuda.cu:gfx11-generic");
        assertTrue(g.arguments().contains("-mcode-object-version=6"));
        assertTrue(g.notes().get(0).startsWith("gfx11-generic is a generic target: -mcode-object-version=6 added"), g.notes().toString());
        assertFalse(step(steps, "device:backend_cuda.cu:gfx1151").arguments().contains("-mcode-object-version=6"));
        BuildStep own = step(plan("gfx11-generic", Driver.HIPCC, List.of("-mcode-object-version=6"), Optional.empty(), project,
                sdk()), "device:backend_cuda.cu:gfx11-generic");
        assertEquals(1, own.arguments().stream().filter(x -> x.startsWith("-mcode-object-version=")).count(),
                "the user's own choice is not doubled");
    }

    @Test
    void linkOnlyExtraArgumentsGoToTheLink() {
        List<BuildStep> steps = plan("gfx1151", Driver.HIPCC, List.of("-ffast-math", "-Wl,/debug", "-L", "/x/lib", "-lfoo"),
                Optional.empty(), project, sdk());
        List<String> link = step(steps, "link").arguments();
        List<String> dev = step(steps, "device:backend_cuda.cu:gfx1151").arguments();
        assertTrue(link.containsAll(List.of("-Wl,/debug", "-L", "/x/lib", "-lfoo", "-shared", "-lamdhip64",
                "target/hipdll/steps/backend_cuda.cu/host.obj", "target/hipdll/steps/ops/chain.cu/host.obj")), link.toString());
        assertEquals(List.of("-o", "target/hipdll/.tmp/b1/coli_hip.dll"), link.subList(link.size() - 2, link.size()));
        assertFalse(link.contains("-ffast-math"));
        assertTrue(dev.contains("-ffast-math") && !dev.contains("-lfoo") && !dev.contains("-Wl,/debug"));
    }

    @Test
    void theClangDriverRunsClangWithTheLinkFlagsHipccAdds() {
        List<BuildStep> steps = plan("gfx1151", Driver.CLANG, List.of(), Optional.empty(), project, sdk());
        BuildStep link = step(steps, "link");
        assertEquals(sdkRoot.resolve("lib/llvm/bin/clang"), link.executable());
        assertEquals(List.of("--hip-link", "-fuse-ld=lld", "--ld-path=" + sdkRoot.resolve("lib/llvm/bin/lld-link")),
                link.arguments().subList(0, 3));
        BuildStep dev = step(steps, "device:backend_cuda.cu:gfx1151");
        assertEquals(sdkRoot.resolve("lib/llvm/bin/clang"), dev.executable());
        assertEquals(step(plan("gfx1151"), "device:backend_cuda.cu:gfx1151").arguments(), dev.arguments(),
                "a compile's flags are the same for both drivers");
        assertEquals(sdkRoot.resolve("bin/hipcc"), step(plan("gfx1151"), "link").executable());
    }

    @Test
    void reproducibleModeAddsThePrefixMapToCompilesAndBreproToTheLink() {
        Path hip = project.resolve("src/main/hip");
        CompileRequest c = new CompileRequest(sdk(), GfxTargetList.parse("gfx1151"), List.of(hip.resolve("k.cu")), List.of(),
                List.of(), List.of(), true, project.resolve("target/hipdll/coli_hip.dll"));
        List<BuildStep> steps = StepPlanner.plan(new StepPlanRequest(c, hip, project, project.resolve("target/hipdll/steps"),
                project.resolve("target/hipdll/.tmp/x/coli_hip.dll"), Driver.HIPCC, OsFamily.WINDOWS,
                new ReproducibleBuild("2026-01-01T00:00:00Z"), Optional.empty()));
        assertTrue(step(steps, "device:k.cu:gfx1151").arguments().contains("-ffile-prefix-map=" + sdkRoot + "=hip-sdk"));
        assertTrue(step(steps, "link").arguments().contains("-Wl,/Brepro"));
        assertFalse(step(steps, "host:k.cu").arguments().contains("-Wl,/Brepro"));
        assertEquals(sdkRoot.resolve("lib/llvm/bin/clang-offload-bundler.exe"), step(steps, "bundle:k.cu").executable(),
                "Windows tools are .exe");
    }

    @Test
    void unitDirectoriesNeverHoldPatternOrForbiddenCharacters() {
        assertEquals("50~25.cu", StepPlanner.directoryName("50%.cu"));
        assertEquals("a b/c~3ad.cu", StepPlanner.directoryName("a b/c:d.cu"));
        assertEquals("x~7e1.cu", StepPlanner.directoryName("x~1.cu"), "~ is escaped too, so names never collide");
        assertEquals("~c3~bc.cu", StepPlanner.directoryName("\u00fc.cu"));
        List<BuildStep> steps = plan("gfx1151");
        assertTrue(step(steps, "bundle:backend_cuda.cu").arguments().stream().noneMatch(a -> a.contains("steps/host")),
                "the bundles' empty host entry lives outside steps/, where a unit could be named like it");
    }

    @Test
    void hardeningFlagsGoToTheHostCompilesAndTheLinkBeforeTheExtraArguments() {
        Path hip = project.resolve("src/main/hip");
        CompileRequest c = new CompileRequest(sdk(), GfxTargetList.parse("gfx1151"), List.of(hip.resolve("k.cu")), List.of(),
                List.of(), List.of("-Wl,/CETCOMPAT:NO"), true, project.resolve("target/hipdll/coli_hip.dll"));
        List<BuildStep> steps = StepPlanner.plan(new StepPlanRequest(c, hip, project, project.resolve("target/hipdll/steps"),
                project.resolve("target/hipdll/.tmp/x/coli_hip.dll"), Driver.HIPCC, OsFamily.WINDOWS,
                new ReproducibleBuild(null), Optional.empty(), Optional.of(HardeningFlags.DEFAULTS)));
        List<String> host = step(steps, "host:k.cu").arguments();
        int cf = host.indexOf("-cfguard");
        assertTrue(cf > 0 && host.get(cf - 1).equals("-Xclang"), host.toString());
        assertFalse(step(steps, "device:k.cu:gfx1151").arguments().contains("-cfguard"), "device code is AMDGPU code");
        List<String> link = step(steps, "link").arguments();
        List<String> flags = List.of("-Wl,/guard:cf", "-Wl,/DYNAMICBASE", "-Wl,/HIGHENTROPYVA", "-Wl,/NXCOMPAT",
                "-Wl,/CETCOMPAT");
        assertEquals(flags, link.subList(link.indexOf("-Wl,/guard:cf"), link.indexOf("-Wl,/guard:cf") + flags.size()));
        assertTrue(link.indexOf("-Wl,/CETCOMPAT") < link.indexOf("-Wl,/CETCOMPAT:NO"), "compilerArgs come after and win");
        assertFalse(link.contains("-Wl,/INTEGRITYCHECK"));
        List<String> off = step(StepPlanner.plan(new StepPlanRequest(c, hip, project, project.resolve("target/hipdll/steps"),
                project.resolve("target/hipdll/.tmp/x/coli_hip.dll"), Driver.HIPCC, OsFamily.WINDOWS,
                new ReproducibleBuild(null), Optional.empty(), Optional.of(new HardeningFlags(false, false, false, false,
                false, true)))), "link").arguments();
        assertTrue(off.containsAll(List.of("-Wl,/guard:no", "-Wl,/DYNAMICBASE:NO", "-Wl,/HIGHENTROPYVA:NO",
                "-Wl,/NXCOMPAT:NO", "-Wl,/CETCOMPAT:NO", "-Wl,/INTEGRITYCHECK")), off.toString());
        List<String> none = step(StepPlanner.plan(new StepPlanRequest(c, hip, project, project.resolve("target/hipdll/steps"),
                project.resolve("target/hipdll/.tmp/x/coli_hip.dll"), Driver.HIPCC, OsFamily.WINDOWS,
                new ReproducibleBuild(null), Optional.empty())), "link").arguments();
        assertFalse(none.contains("-Wl,/guard:cf") || none.contains("-Wl,/guard:no"), "no hardening: the linker's defaults");
    }
}
