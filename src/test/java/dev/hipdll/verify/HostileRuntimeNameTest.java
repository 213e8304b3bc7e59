package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DLL built here (clang-19, lld-link-19) that imports {@code amdhip64_99999999999.dll}: the
 * major version has more digits than an int, which ended verify with
 * {@code For input string: "99999999999"} and no report.
 */
class HostileRuntimeNameTest {
    @TempDir
    Path dir;

    private Path importing(String dllName) throws Exception {
        Files.writeString(dir.resolve("rt.def"), "LIBRARY " + dllName + "\nEXPORTS\nhipMalloc\n");
        Exec.ok(dir, List.of("llvm-dlltool-19", "-m", "i386:x86-64", "-d", "rt.def", "-l", "rt.lib"));
        return Fixtures.cDll(dir, "t.dll", "x86_64-pc-windows-msvc",
                "__declspec(dllimport) int __cdecl hipMalloc(void **p, unsigned long long n);\n"
                        + "__declspec(dllexport) int __cdecl coli_cuda_init(void) { void *p; return hipMalloc(&p, 1); }\n",
                List.of(dir.resolve("rt.lib").toString()));
    }

    private static Check check(VerifyReport r, String id) {
        return r.check(id).orElseThrow(() -> new AssertionError("no " + id + " in " + r.checks()));
    }

    @Test
    void aMajorVersionBeyondAnyIntegerIsAnotherMajorNotACrash() throws Exception {
        Path dll = importing("amdhip64_99999999999.dll");
        VerifyOptions o = VerifyOptions.of(new AbiContract.CountContract("coli_cuda_", 1, "test"));
        VerifyReport r = new DllVerifier().verify(dll, o.toBuilder().runtimeMajor(OptionalInt.of(7)).build());
        Check major = check(r, CheckIds.RUNTIME_MAJOR);
        assertEquals(Verdict.FAIL, major.verdict(), major.toString());
        assertEquals("amdhip64_99999999999.dll", major.found());
        assertFalse(r.passed());
        assertEquals(Verdict.PASS, check(r, CheckIds.IMPORTS_ALLOWED).verdict(), "amdhip64_*.dll is allowed by default");

        Check any = check(new DllVerifier().verify(dll, o), CheckIds.RUNTIME_MAJOR);
        assertEquals(Verdict.SKIP, any.verdict(), any.toString());
    }

    @Test
    void leadingZerosNameTheSameMajor() throws Exception {
        Path dll = importing("amdhip64_007.dll");
        VerifyReport r = new DllVerifier().verify(dll, VerifyOptions.builder(
                new AbiContract.CountContract("coli_cuda_", 1, "test"))
                .runtimeMajor(OptionalInt.of(7)).build());
        Check major = check(r, CheckIds.RUNTIME_MAJOR);
        assertEquals(Verdict.PASS, major.verdict(), major.toString());
        assertTrue(r.passed(), r.toString());
    }
}
