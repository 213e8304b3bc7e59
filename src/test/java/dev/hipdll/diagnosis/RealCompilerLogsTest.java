package dev.hipdll.diagnosis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A corpus of real compiler and linker logs: each test writes a broken source, runs the stand-in
 * SDK's hipcc (clang-19 for x86_64-pc-windows-msvc + amdgcn, lld-link-19) on it with the options
 * hipdll:build passes, and classifies what it printed with the shipped rule book. The logs are
 * kept in {@code target/diagnosis-corpus/<case>.log} to be read. Each case pins a diagnosis that
 * used to be wrong or vague: a typo is not a "source idiom", a host {@code /usr/include} header
 * is not "add its directory", a missing C++ standard header points at INCLUDE and the toolset pin,
 * a backend fatal error says it names no line, and an error no rule knows says so.
 */
class RealCompilerLogsTest {
    private static final Path CORPUS = Path.of("target/diagnosis-corpus");
    private final FailureClassifier classifier = new FailureClassifier(RuleBook.load());

    @TempDir
    Path dir;

    /** Compiles {@code source} (as {@code name}.cu) with the stand-in hipcc; the run must fail. */
    private Result compile(String name, String source, String... extra) throws Exception {
        Path sdk = Toolchain.standinSdk();
        Files.writeString(dir.resolve(name + ".cu"), source);
        List<String> cmd = new ArrayList<>(List.of(sdk.resolve("bin/hipcc").toString(), "-O3", "-std=c++17", "-x", "hip",
                "--offload-arch=gfx1151", "-shared", "-DCOLI_CUDA_BUILDING_DLL", "--hip-path=" + sdk,
                "--rocm-device-lib-path=" + sdk.resolve("lib/llvm/amdgcn/bitcode"), "-L", sdk.resolve("lib").toString(),
                "-lamdhip64", "-fms-runtime-lib=static"));
        cmd.addAll(Arrays.asList(extra));
        cmd.add(name + ".cu");
        cmd.add("-o");
        cmd.add("coli_hip.dll");
        if (Arrays.stream(extra).anyMatch(a -> a.startsWith("--offload-arch="))) {
            cmd.remove("--offload-arch=gfx1151");
        }
        Exec.Result r = Exec.run(dir, cmd);
        assertNotEquals(0, r.exit(), "the broken source compiled: " + r.output());
        Files.createDirectories(CORPUS);
        Files.writeString(CORPUS.resolve(name + ".log"), r.output(), StandardCharsets.UTF_8);
        List<String> lines = r.output().lines().toList();
        Diagnosis d = classifier.classify(new FailedRun(cmd, lines, r.exit(), false, null));
        return new Result(lines, d);
    }

    private record Result(List<String> log, Diagnosis d) {
        String text() {
            return d.ruleId() + ": " + d.cause() + " / " + d.action() + "\n" + String.join("\n", log);
        }
    }

    @Test
    void aTypoIsAnUnknownTypeInTheUsersCode() throws Exception {
        Result r = compile("typo", """
                #include <hip/hip_runtime.h>
                __global__ void k(float *o) { flaot x = 1.0f; o[threadIdx.x] = x; }
                """);
        assertEquals("unknown-type-name", r.d().ruleId(), r.text());
        assertTrue(r.d().cause().contains("'flaot' in your code at typo.cu:2"), r.text());
        assertFalse(r.d().cause().contains("idiom") || r.d().action().contains("__always_inline"), r.text());
        assertTrue(r.d().action().contains("check the spelling of 'flaot' at typo.cu:2"), r.text());
    }

    @Test
    void aTypoClangCanCorrectNamesTheRightSpelling() throws Exception {
        Result r = compile("misspelled", """
                #include <hip/hip_runtime.h>
                int f(void) { hipStrem_t s; return 0; }
                """);
        assertEquals("unknown-type-misspelled", r.d().ruleId(), r.text());
        assertTrue(r.d().cause().endsWith("at misspelled.cu:2: a misspelling of 'hipStream_t'"), r.text());
    }

    @Test
    void aCudaIdiomIsStillAnIdiom() throws Exception {
        Result r = compile("idiom", """
                #include <hip/hip_runtime.h>
                static __always_inline float twice(float x) { return 2.0f * x; }
                """);
        assertEquals("unknown-type-idiom", r.d().ruleId(), r.text());
        assertTrue(r.d().action().contains("#define __always_inline"), r.text());
    }

    @Test
    void aHostHeaderFromUsrIncludeIsALeakNotAMissingDirectory() throws Exception {
        Result r = compile("hostheader", """
                #include <hip/hip_runtime.h>
                #include <stdio.h>
                __global__ void k(float *o) { o[threadIdx.x] = 1.0f; }
                """, "-I", "/usr/include");
        assertTrue(r.log().stream().anyMatch(l -> l.startsWith("/usr/include/")), "clang read no host header: " + r.text());
        assertEquals("host-headers-in-windows-compile", r.d().ruleId(), r.text());
        assertTrue(r.d().cause().contains("/usr/include/stdio.h"), r.text());
        assertTrue(r.d().action().contains("remove /usr/include"), r.text());
        assertFalse(r.d().action().contains("add its directory"), r.text());
    }

    @Test
    void aMissingCppStandardHeaderPointsAtIncludeAndTheToolsetPin() throws Exception {
        Result r = compile("cstdio", """
                #include <hip/hip_runtime.h>
                #include <cstdio>
                __global__ void k(float *o) { o[threadIdx.x] = 1.0f; }
                """);
        assertEquals("standard-header-missing", r.d().ruleId(), r.text());
        assertTrue(r.d().cause().contains("<cstdio>") && r.d().cause().contains("MSVC STL"), r.text());
        assertTrue(r.d().action().contains("INCLUDE") && r.d().action().contains("-Dhip.vcToolsVersion"), r.text());
        assertFalse(r.d().action().contains("includeDirectories"), r.text());
    }

    /**
     * A missing Windows SDK header is the SDK's include directories, not the user's includeDirectories (the
     * a newcomer's test got the generic header-not-found advice for {@code <windows.h>}).
     */
    @Test
    void aMissingWindowsSdkHeaderPointsAtIncludeAndTheSdkPin() throws Exception {
        Result r = compile("windows", """
                #include <hip/hip_runtime.h>
                #include <Windows.h>
                __global__ void k(float *o) { o[threadIdx.x] = 1.0f; }
                """);
        assertEquals("windows-sdk-header-missing", r.d().ruleId(), r.text());
        assertTrue(r.d().cause().contains("<Windows.h>") && r.d().cause().contains("Windows Kits"), r.text());
        assertTrue(r.d().action().contains("INCLUDE") && r.d().action().contains("-Dhip.windowsSdkVersion"), r.text());
    }

    @Test
    void aBackendFatalErrorSaysItNamesNoLine() throws Exception {
        Result r = compile("generic", """
                #include <hip/hip_runtime.h>
                __global__ void k(float *o) { o[threadIdx.x] = 1.0f; }
                """, "--offload-arch=gfx11-generic");
        assertEquals("generic-target-code-object-version", r.d().ruleId(), r.text());
        assertTrue(r.d().cause().startsWith("a fatal error in clang's backend, naming no source file or line"), r.text());
        assertTrue(r.d().action().contains("-mcode-object-version=6"), r.text());
    }

    @Test
    void anOlderCodeObjectVersionTheUserGaveIsToBeChangedNotAdded() throws Exception {
        Result r = compile("generic5", """
                #include <hip/hip_runtime.h>
                __global__ void k(float *o) { o[threadIdx.x] = 1.0f; }
                """, "--offload-arch=gfx11-generic", "-mcode-object-version=5");
        assertEquals("generic-target-code-object-version-given", r.d().ruleId(), r.text());
        assertTrue(r.d().cause().contains("its own -mcode-object-version"), r.text());
        assertTrue(r.d().action().startsWith("change the -mcode-object-version in compilerArgs"), r.text());
        assertFalse(r.d().action().startsWith("add "), r.text());
    }

    @Test
    void anErrorNoSetupRuleKnowsIsAnErrorInYourCode() throws Exception {
        Result r = compile("undeclared", """
                #include <hip/hip_runtime.h>
                __global__ void k(float *o) { o[threadIdx.x] = undeclared_thing; }
                """);
        assertEquals("error-in-your-code", r.d().ruleId(), r.text());
        assertTrue(r.d().cause().startsWith("error in your code at undeclared.cu:2:"), r.text());
        assertTrue(r.d().action().startsWith("fix the code at undeclared.cu:2:"), r.text());
    }

    @Test
    void anUndefinedSymbolFromLldLinkIsNamed() throws Exception {
        Result r = compile("undefined", """
                #include <hip/hip_runtime.h>
                extern "C" int coli_helper(int);
                extern "C" __declspec(dllexport) int coli_cuda_init(int d) { return coli_helper(d); }
                """);
        assertTrue(r.log().stream().anyMatch(l -> l.contains("lld-link: error: undefined symbol: coli_helper")), r.text());
        assertEquals("unresolved-symbols", r.d().ruleId(), r.text());
        assertEquals(Stage.HOST_LINK, r.d().stage(), r.text());
        assertTrue(r.d().action().startsWith("coli_helper is defined in no source or library given to the link"), r.text());
    }
}
