package dev.hipdll.incremental;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.Origin;
import dev.hipdll.sdk.SdkComponent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each stamped input, changed alone, gives exactly its own reason; nothing changed gives none. */
class UpToDateCheckTest {
    @TempDir
    Path dir;
    private HipSdk sdk;
    private Path src;
    private Path header;
    private Path dll;
    private Map<String, String> env;
    private TreeMap<String, String> params;
    private List<String> targets;

    @BeforeEach
    void setUp() throws IOException {
        Path root = dir.resolve("sdk");
        Origin o = new Origin("-Dhip.sdkRoot");
        Files.createDirectories(root.resolve("bin"));
        Files.createDirectories(root.resolve("lib/llvm/bin"));
        Files.createDirectories(root.resolve("lib/llvm/amdgcn/bitcode"));
        Files.createDirectories(root.resolve("include/hip"));
        Files.writeString(root.resolve("bin/hipcc"), "#!/bin/sh\n");
        Files.writeString(root.resolve("include/hip/hip_runtime.h"), "#pragma once\n");
        Files.writeString(root.resolve("bin/amdhip64_7.dll"), "MZ");
        Files.writeString(root.resolve("lib/llvm/bin/clang"), "clang");
        Files.writeString(root.resolve("lib/llvm/bin/lld-link"), "lld");
        Files.writeString(root.resolve("lib/amdhip64.lib"), "!<arch>\n");
        Files.writeString(root.resolve("lib/llvm/amdgcn/bitcode/ocml.bc"), "BC");
        sdk = new HipSdk(new SdkComponent("sdkRoot", root, o), new SdkComponent("hipcc", root.resolve("bin/hipcc"), o),
                new SdkComponent("clangDir", root.resolve("lib/llvm/bin"), o),
                new SdkComponent("includeDir", root.resolve("include"), o), new SdkComponent("libDir", root.resolve("lib"), o),
                new SdkComponent("deviceLibDir", root.resolve("lib/llvm/amdgcn/bitcode"), o),
                new SdkComponent("runtimeDll", root.resolve("bin/amdhip64_7.dll"), o), "7.1.25424");
        Files.createDirectories(dir.resolve("src/include"));
        src = Files.writeString(dir.resolve("src/k.cu"), "#include \"ops.h\"\n");
        header = Files.writeString(dir.resolve("src/include/ops.h"), "#define N 1\n");
        dll = Files.writeString(dir.resolve("coli_hip.dll"), "MZ dll");
        env = new HashMap<>(Map.of("PATH", "/usr/bin", "HIP_PATH", "/sdk"));
        params = new TreeMap<>(Map.of("defines", "", "hip.staticRuntime", "true"));
        targets = List.of("gfx1151");
    }

    private StampInputs inputs() {
        return new StampInputs("0.1.0", params, targets, List.of(src), dir.resolve("src"), sdk, Optional.of("14.44.35207"),
                Optional.of("10.0.26100.0"), env, false, dll);
    }

    private BuildStamp stamp() throws IOException {
        return Fingerprints.stamp(inputs(), List.of(src, header, sdk.includeDir().path().resolve("hip/hip_runtime.h")), dll);
    }

    private List<String> reasons(BuildStamp before) throws IOException {
        return UpToDateCheck.decide(before, inputs(), false).reasons();
    }

    private static void bumpMtime(Path p) throws IOException {
        Files.setLastModifiedTime(p, FileTime.fromMillis(Files.getLastModifiedTime(p).toMillis() + 5000));
    }

    @Test
    void unchangedIsUpToDate() throws IOException {
        BuildStamp s = stamp();
        StampDecision d = UpToDateCheck.decide(s, inputs(), false);
        assertTrue(d.upToDate(), d.reasons()::toString);
        assertTrue(d.checked() > 10);
    }

    private static long mtime(Path p) throws IOException {
        return Files.getLastModifiedTime(p).toMillis();
    }

    @Test
    void filesWithNewTimesAndTheSameContentAreRecordedWithTheirNewTimesSoTheyAreHashedOnce() throws IOException {
        BuildStamp s = stamp();
        assertTrue(UpToDateCheck.decide(s, inputs(), false).refreshedStamp().isEmpty(), "nothing touched");
        Path hipcc = sdk.hipcc().path();
        for (Path p : List.of(header, hipcc, dll)) {
            bumpMtime(p);
        }
        StampDecision d = UpToDateCheck.decide(s, inputs(), false);
        assertTrue(d.upToDate(), d.reasons()::toString);
        BuildStamp r = d.refreshedStamp().orElseThrow();
        FileFingerprint h = r.headers().stream().filter(f -> f.path().equals(header.toString())).findFirst().orElseThrow();
        assertEquals(mtime(header), h.mtime());
        assertEquals(s.headers().stream().filter(f -> f.path().equals(header.toString())).findFirst().orElseThrow().sha256(),
                h.sha256(), "the content hash stays the one taken when it was built");
        SdkFingerprint c = r.sdk().stream().filter(f -> f.name().equals("hipcc")).findFirst().orElseThrow();
        assertEquals(mtime(hipcc), c.file().mtime());
        assertEquals(mtime(dll), r.output().mtime());
        assertEquals(s.output().sha256(), r.output().sha256());
        assertEquals(s.sources(), r.sources(), "untouched files are recorded as they were");
        assertTrue(UpToDateCheck.decide(r, inputs(), false).refreshedStamp().isEmpty(),
                "with the refreshed stamp the files take the size-and-time path again");

        Files.writeString(header, "#define N 2\n");
        assertTrue(UpToDateCheck.decide(s, inputs(), false).refreshedStamp().isEmpty(), "a rebuild refreshes nothing");
    }

    @Test
    void theCheckWritesTheRefreshedStampBack() throws IOException {
        StampStore store = new StampStore(dll);
        store.commit(stamp());
        bumpMtime(header);
        assertTrue(new IncrementalBuild(store).check(inputs(), false).upToDate());
        assertEquals(mtime(header), store.committed().orElseThrow().headers().stream()
                .filter(f -> f.path().equals(header.toString())).findFirst().orElseThrow().mtime());
    }

    @Test
    void forceAndMissingStamp() throws IOException {
        assertEquals(List.of("hip.force is set"), UpToDateCheck.decide(stamp(), inputs(), true).reasons());
        // the DLL there but no stamp: its last build failed or was stopped, or verify rejected it
        Files.writeString(inputs().output(), "MZ");
        assertEquals(List.of("no stamp of a previous successful build: the last build of " + inputs().output().getFileName()
                + " failed or was stopped, or hipdll:verify rejected it"), reasons(null));
        Files.delete(inputs().output());
        assertEquals(List.of("no stamp of a previous successful build (no " + inputs().output().getFileName()
                + " yet: a first build, or one after clean)"), reasons(null));
    }

    @Test
    void headerChangedButTouchAloneIsNoChange() throws IOException {
        BuildStamp s = stamp();
        bumpMtime(header);
        assertEquals(List.of(), reasons(s), "same content, newer timestamp");
        Files.writeString(header, "#define N 2\n");
        assertEquals(List.of("header include/ops.h changed"), reasons(s));
        Files.delete(header);
        assertEquals(List.of("header include/ops.h is gone"), reasons(s));
    }

    @Test
    void archChangeNamesOldAndNew() throws IOException {
        BuildStamp s = stamp();
        targets = List.of("gfx1151", "gfx1100");
        assertEquals(List.of("hip.arch changed: gfx1151 → gfx1151,gfx1100"), reasons(s));
    }

    @Test
    void parameterChange() throws IOException {
        BuildStamp s = stamp();
        params.put("defines", "COLI_FAST=1");
        assertEquals(List.of("defines changed: (empty) → COLI_FAST=1"), reasons(s));
    }

    @Test
    void sdkHipccClangAndLibAreHashed() throws IOException {
        BuildStamp s = stamp();
        Files.writeString(sdk.hipcc().path(), "#!/bin/sh\n# patched\n");
        assertEquals(List.of("SDK hipcc changed (" + sdk.hipcc().path() + ")"), reasons(s));
        s = stamp();
        Path lib = sdk.libDir().path().resolve("amdhip64.lib");
        bumpMtime(lib);
        assertEquals(List.of(), reasons(s), "a touched amdhip64.lib has the same content");
        Files.writeString(lib, "!<arch>\nnew");
        assertEquals(List.of("SDK amdhip64.lib changed (" + lib + ")"), reasons(s));
    }

    @Test
    void deviceLibrariesBySizeAndTime() throws IOException {
        BuildStamp s = stamp();
        Path bc = sdk.deviceLibDir().path().resolve("ocml.bc");
        bumpMtime(bc);
        assertEquals(List.of("SDK deviceLib ocml.bc changed (" + bc + ")"), reasons(s));
        Files.writeString(sdk.deviceLibDir().path().resolve("ockl.bc"), "BC2");
        assertTrue(reasons(s).contains("SDK deviceLib ockl.bc added: " + sdk.deviceLibDir().path().resolve("ockl.bc")));
    }

    @Test
    void environmentByNameWithoutValues() throws IOException {
        BuildStamp s = stamp();
        assertTrue(s.environment().values().stream().noneMatch(v -> v.contains("/usr/bin")), "values are hashed");
        env.put("HIP_PATH", "/other-sdk");
        env.put("ROCM_PATH", "/opt/rocm");
        env.put("MAVEN_CMD_LINE_ARGS", "package -Dhip.arch=gfx1100");
        assertEquals(List.of("environment variable HIP_PATH changed", "environment variable ROCM_PATH appeared"), reasons(s));
    }

    @Test
    void variablesThatCannotChangeTheOutputDoNotRebuild() throws IOException {
        BuildStamp s = stamp();
        env.put("FOO", "1");
        env.put("MAVEN_OPTS", "-Xmx2g");
        env.put("SSH_CONNECTION", "10.0.0.1 22 10.0.0.2 22");
        env.put("TMP", "/elsewhere");
        env.put("TEMP", "/elsewhere");
        env.put("SystemRoot", "C:\\Windows");
        env.put("HIP_SDK_ROOT", "/sdk");  // the SDK counts by its resolved components, not by how it was named
        assertEquals(List.of(), reasons(s));
        assertTrue(s.environment().keySet().stream().noneMatch(n -> n.equals("FOO") || n.equals("HIP_SDK_ROOT")));
    }

    @Test
    void compilerAndLinkerVariablesRebuild() throws IOException {
        BuildStamp s = stamp();
        env.put("CPATH", "/opt/include");
        env.put("HIPCC_COMPILE_FLAGS_APPEND", "-O0");
        env.put("CCC_OVERRIDE_OPTIONS", "+-g");
        env.put("PATH", "/opt/bin:/usr/bin");
        assertEquals(List.of("environment variable CCC_OVERRIDE_OPTIONS appeared", "environment variable CPATH appeared",
                "environment variable HIPCC_COMPILE_FLAGS_APPEND appeared", "environment variable PATH changed"), reasons(s));
    }

    @Test
    void userSetVariablesAlwaysCount() throws IOException {
        StampInputs in = inputs();
        Map<String, String> withFoo = new HashMap<>(env);
        withFoo.put("COLI_FLAVOUR", "fast");
        StampInputs user = new StampInputs(in.pluginVersion(), in.parameters(), in.targets(), in.sources(),
                in.sourceRoot(), sdk, in.toolsetVersion(), in.windowsSdkVersion(), withFoo, false, dll, java.util.Set.of("COLI_FLAVOUR"));
        BuildStamp s = Fingerprints.stamp(user, List.of(src), dll);
        assertTrue(s.environment().containsKey("COLI_FLAVOUR"));
        withFoo.put("COLI_FLAVOUR", "small");
        StampInputs changed = new StampInputs(in.pluginVersion(), in.parameters(), in.targets(), in.sources(),
                in.sourceRoot(), sdk, in.toolsetVersion(), in.windowsSdkVersion(), withFoo, false, dll, java.util.Set.of("COLI_FLAVOUR"));
        assertEquals(List.of("environment variable COLI_FLAVOUR changed"), UpToDateCheck.decide(s, changed, false).reasons());
    }

    @Test
    void windowsVariablesMatchInAnyCase() {
        Map<String, String> win = Map.of("Path", "C:\\x", "VCToolsVersion", "14.44.35207", "WindowsSdkDir", "C:\\Kits",
                "UCRTVersion", "10.0.26100.0", "SystemRoot", "C:\\Windows", "TEMP", "C:\\t", "lib", "C:\\lib");
        assertEquals(java.util.Set.of("PATH", "VCTOOLSVERSION", "WINDOWSSDKDIR", "UCRTVERSION", "LIB"),
                CompilerEnvironment.fingerprint(win, true, java.util.Set.of()).keySet());
        assertTrue(CompilerEnvironment.decidesOutput("coli_flavour", java.util.Set.of("COLI_FLAVOUR")));
    }

    @Test
    void theSameSdkNamedAnotherWayIsNoChange() throws IOException {
        BuildStamp s = stamp();
        Origin env = new Origin("HIP_SDK_ROOT");
        Path root = sdk.root().path();
        // the same directories, given through HIP_SDK_ROOT and spelled with a redundant "./"
        sdk = new HipSdk(new SdkComponent("sdkRoot", root.resolve("."), env), new SdkComponent("hipcc", root.resolve("bin/./hipcc"), env),
                new SdkComponent("clangDir", root.resolve("lib/llvm/bin"), env),
                new SdkComponent("includeDir", root.resolve("include"), env), new SdkComponent("libDir", root.resolve("lib"), env),
                new SdkComponent("deviceLibDir", root.resolve("lib/llvm/amdgcn/bitcode"), env),
                new SdkComponent("runtimeDll", root.resolve("bin/amdhip64_7.dll"), env), "7.1.25424");
        assertEquals(List.of(), reasons(s));
    }

    @Test
    void anUnsetParameterIsNeverPrintedAsNull() throws IOException {
        params.put("hip.vcToolsVersion", "14.44");
        BuildStamp s = stamp();
        params.remove("hip.vcToolsVersion");
        assertEquals(List.of("hip.vcToolsVersion changed: 14.44 → (unset)"), reasons(s));
    }

    @Test
    void windowsEnvironmentNamesAreCaseInsensitive() {
        assertEquals(CompilerEnvironment.fingerprint(Map.of("Path", "C:\\x"), true).keySet(),
                CompilerEnvironment.fingerprint(Map.of("PATH", "C:\\x"), true).keySet());
        assertEquals(CompilerEnvironment.fingerprint(Map.of("Path", "C:\\x"), true),
                CompilerEnvironment.fingerprint(Map.of("PATH", "C:\\x"), true));
    }

    @Test
    void theOutputItself() throws IOException {
        BuildStamp s = stamp();
        Files.writeString(dll, "MZ another dll");
        List<String> why = reasons(s);
        assertEquals(1, why.size(), why.toString());
        // what changed: the content, not only a signature, with both sizes and digests
        assertTrue(why.get(0).startsWith("output coli_hip.dll was modified after it was built: its content differs and"
                + " it carries no Authenticode signature, so it was not only signed (now 14 bytes, SHA-256 "), why.get(0));
        assertTrue(why.get(0).contains("the build wrote " + s.output().size() + " bytes, SHA-256 " + s.output().sha256()),
                why.get(0));
        Files.delete(dll);
        assertEquals(List.of("output coli_hip.dll is missing"), reasons(s));
    }

    @Test
    void sourcesAddedAndRemoved() throws IOException {
        BuildStamp s = stamp();
        Path other = Files.writeString(dir.resolve("src/b.cu"), "int b;\n");
        Path old = src;
        src = other;
        assertEquals(List.of("source k.cu removed", "source b.cu added"), reasons(s));
        src = old;
    }

    @Test
    void toolsetAndFormat() throws IOException {
        BuildStamp s = stamp();
        BuildStamp older = new BuildStamp(0, s.pluginVersion(), s.parameters(), s.targets(), s.sources(), s.headers(),
                s.sdkVersion(), s.sdk(), s.toolsetVersion(), s.windowsSdkVersion(), s.environment(), s.output());
        assertEquals(List.of("stamp format changed: 0 → " + BuildStamp.FORMAT_VERSION), reasons(older));
        BuildStamp otherToolset = new BuildStamp(BuildStamp.FORMAT_VERSION, s.pluginVersion(), s.parameters(), s.targets(), s.sources(),
                s.headers(), s.sdkVersion(), s.sdk(), "14.51.36014", s.windowsSdkVersion(), s.environment(), s.output());
        assertEquals(List.of("MSVC toolset changed: 14.51.36014 → 14.44.35207"), reasons(otherToolset));
    }
}
