package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.OsFamily;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.Origin;
import dev.hipdll.sdk.SdkComponent;
import dev.hipdll.gfx.GfxTargetList;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Each step of a plan owns the files it writes. A step writes its output and, before it runs, the
 * inputs the executor makes for it (the bundle's empty host entry, {@link StepPlanner#EMPTY_HOST_FILE}); no other
 * step may write or read such a file, except a step that depends on the writer reading its output. One empty host
 * entry shared by every bundle step was rewritten by each of them, and on Windows the rename onto it failed while
 * another bundle step's clang-offload-bundler had it open.
 */
class StepOwnershipTest {
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

    /** Eight units, three of them named {@code k.cu} in different directories, for three targets. */
    private List<BuildStep> plan(Optional<Integer> compress) {
        Path hip = project.resolve("src/main/hip");
        List<Path> sources = new ArrayList<>();
        for (String s : List.of("backend_cuda.cu", "cuda_chain.cu", "k.cu", "a/k.cu", "b/k.cu", "ops/a.cu", "ops/b.hip",
                "deep/er/c.cu")) {
            sources.add(hip.resolve(s));
        }
        CompileRequest c = new CompileRequest(sdk(), GfxTargetList.parse("gfx1151,gfx1100,gfx90a"), sources,
                List.of(hip.resolve("include")), List.of("X=1"), List.of(), true, project.resolve("target/hipdll/coli_hip.dll"));
        return StepPlanner.plan(new StepPlanRequest(c, hip, project, project.resolve("target/hipdll/steps"),
                project.resolve("target/hipdll/.tmp/b1/coli_hip.dll"), Driver.HIPCC, OsFamily.WINDOWS,
                new ReproducibleBuild(null), compress));
    }

    /** The files {@code s} writes: its output and the inputs the executor makes for it before it runs. */
    private static Set<Path> writes(BuildStep s) {
        Set<Path> w = new HashSet<>();
        w.add(s.output());
        s.depFile().ifPresent(w::add);
        for (Path in : s.inputs()) {
            if (in.getFileName().toString().equals(StepPlanner.EMPTY_HOST_FILE)) {
                w.add(in);
            }
        }
        return w;
    }

    @Test
    void noFileAStepWritesIsWrittenOrReadByAnotherStepExceptItsOutputByItsDependents() {
        for (Optional<Integer> compress : List.of(Optional.<Integer>empty(), Optional.of(3))) {
            List<BuildStep> steps = plan(compress);
            Map<Path, String> writer = new HashMap<>();
            for (BuildStep s : steps) {
                for (Path f : writes(s)) {
                    String before = writer.putIfAbsent(f, s.id());
                    assertEquals(null, before, f + " is written by " + before + " and by " + s.id());
                }
            }
            for (BuildStep s : steps) {
                for (Path in : s.inputs()) {
                    String w = writer.get(in);
                    if (w == null || w.equals(s.id())) {
                        continue;  // a source or library, or a file this step makes for itself
                    }
                    BuildStep by = steps.stream().filter(x -> x.id().equals(w)).findFirst().orElseThrow();
                    assertEquals(by.output(), in, s.id() + " reads " + in + ", which " + w + " writes for itself");
                    assertTrue(s.dependsOn().contains(w), s.id() + " reads " + in + " of " + w + " without depending on it");
                }
            }
        }
    }

    @Test
    void everyBundleStepHasItsOwnEmptyHostEntryInItsUnitsDirectory() {
        List<BuildStep> bundles = plan(Optional.empty()).stream().filter(s -> s.kind() == StepKind.BUNDLE).toList();
        assertEquals(8, bundles.size());
        Set<Path> entries = new HashSet<>();
        for (BuildStep b : bundles) {
            List<Path> own = b.inputs().stream()
                    .filter(p -> p.getFileName().toString().equals(StepPlanner.EMPTY_HOST_FILE)).toList();
            assertEquals(1, own.size(), b.id() + ": " + b.inputs());
            Path entry = own.get(0);
            assertEquals(b.output().getParent(), entry.getParent(), b.id() + ": beside its fat binary, in its unit's directory");
            assertTrue(entries.add(entry), entry + " is the empty host entry of two bundle steps");
            assertTrue(b.arguments().stream().anyMatch(a -> a.startsWith("-input=") && a.endsWith(StepPlanner.EMPTY_HOST_FILE)
                    && Path.of(a.substring("-input=".length())).endsWith(project.relativize(entry))), b.arguments().toString());
        }
    }
}
