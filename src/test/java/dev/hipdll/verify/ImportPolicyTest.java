package dev.hipdll.verify;

import dev.hipdll.findings.CheckIds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** DLL name globs, the runtime-dependent default allow-list, and which check ids can be switched off. */
class ImportPolicyTest {
    static boolean allowed(ImportPolicy p, String dll) {
        return p.allowed().stream().anyMatch(a -> a.matches(dll));
    }

    @Test
    void staticRuntimeAllowsTheHipRuntimeAndKernel32Only() {
        ImportPolicy p = ImportPolicy.forRuntime(true, OptionalInt.empty());
        assertTrue(allowed(p, "amdhip64_7.dll"));
        assertTrue(allowed(p, "AMDHIP64_6.DLL"));
        assertTrue(allowed(p, "kernel32.dll"));
        assertFalse(allowed(p, "VCRUNTIME140.dll"));
        assertFalse(allowed(p, "api-ms-win-crt-runtime-l1-1-0.dll"));
        assertFalse(allowed(p, "amdhip64.dll.evil"));
    }

    @Test
    void dynamicRuntimeAlsoAllowsVcruntimeAndTheUcrtApiSets() {
        ImportPolicy p = ImportPolicy.forRuntime(false, OptionalInt.of(7));
        assertTrue(allowed(p, "VCRUNTIME140.dll"));
        assertTrue(allowed(p, "VCRUNTIME140_1.dll"));
        assertTrue(allowed(p, "api-ms-win-crt-heap-l1-1-0.dll"));
        assertTrue(allowed(p, "amdhip64_7.dll"));
        assertFalse(allowed(p, "amdhip64_6.dll"), "the runtime major pins the HIP runtime");
    }

    @Test
    void forbiddenDefaults() {
        ImportPolicy p = ImportPolicy.forRuntime(true, OptionalInt.empty());
        for (String dll : List.of("cudart64_12.dll", "nvcuda.dll", "NVCUDA.DLL", "nvrtc64_120_0.dll", "cublas64_12.dll")) {
            assertTrue(p.forbidden().stream().anyMatch(f -> f.matches(dll)), dll);
        }
        assertFalse(p.forbidden().stream().anyMatch(f -> f.matches("amdhip64_7.dll")));
    }

    @Test
    void globsMatchWholeNamesOnly() {
        assertTrue(new DllNamePattern("a?c.dll").matches("abc.dll"));
        assertFalse(new DllNamePattern("a?c.dll").matches("abbc.dll"));
        assertFalse(new DllNamePattern("a.dll").matches("axdll"), "a dot is a dot, not a regex wildcard");
    }

    @Test
    void checksAndGroupsCanBeSwitchedOff() {
        VerifyOptions o = VerifyOptions.builder(new AbiContract.CountContract("coli_cuda_", 48, "t"))
                .skippedChecks(Set.of("paths.", "runtime.major")).build();
        assertTrue(o.skips("paths.pdb") && o.skips("paths.build") && o.skips("runtime.major"));
        assertFalse(o.skips("pe.machine"));
        assertTrue(CheckIds.known("exports.") && CheckIds.known("device-code.targets"));
        assertFalse(CheckIds.known("exports.undecorated"), "old ids are not silently accepted");
        assertEquals(CheckIds.PE_FORMAT, CheckIds.ALL.get(0));
    }
}
