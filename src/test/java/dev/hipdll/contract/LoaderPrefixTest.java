package dev.hipdll.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Fixtures;
import dev.hipdll.findings.Check;
import dev.hipdll.verify.DllVerifier;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A loader that looks its names up as {@code "vecops_" #name} was checked for
 * {@code coli_cuda_add}, a name that host never asks for. The prefix now comes from the loader, with
 * {@code file:line:column}; an explicit {@code hip.exportPrefix} that disagrees fails {@code exports.prefix}
 * naming both. Checked on a DLL built here with clang-19/lld-link-19 that exports {@code vecops_*}.
 */
class LoaderPrefixTest {
    @TempDir
    Path dir;

    static final String LITERAL = """
            #include <windows.h>
            #define RESOLVE(name, type) b->name = (type)GetProcAddress(m, "vecops_" #name)
            #define RESOLVE_OPT(name, type) b->name = (type)GetProcAddress(m, "vecops_" #name)
            void load(void) {
                RESOLVE(add, add_fn);
                RESOLVE(scale, scale_fn);
                RESOLVE_OPT(fma, fma_fn);
            }
            """;

    static final String DEFINED = """
            #define VEC_PREFIX "vecops_"
            #define RESOLVE(name, type) \\
                b->name = (type)GetProcAddress(m, VEC_PREFIX #name)
            RESOLVE(add, add_fn);
            RESOLVE(scale, scale_fn);
            """;

    @Test
    void theLiteralIsThePrefixAndItsPlaceIsNamed() throws Exception {
        Path loader = Files.writeString(dir.resolve("vec_loader.c"), LITERAL);
        AbiContract.NamedContract c = new ContractSource(loader, List.of(), null, 48, "coli_cuda_").load() instanceof
                AbiContract.NamedContract n ? n : null;
        assertEquals(List.of("vecops_add", "vecops_scale"), c.required());
        assertEquals(List.of("vecops_fma"), c.optional());
        assertEquals("vecops_", c.prefix());
        assertEquals(loader + ":2:63", c.loaderPrefix().orElseThrow().where());
    }

    @Test
    void aDefineOfTheLiteralIsFollowed() throws Exception {
        AbiContract.NamedContract c = new LoaderSourceParser("coli_cuda_").parse("d.c", DEFINED);
        assertEquals(List.of("vecops_add", "vecops_scale"), c.required());
        assertEquals("d.c:1:1", c.loaderPrefix().orElseThrow().where());
    }

    @Test
    void anExplicitPrefixThatDisagreesFailsNamingBoth() throws Exception {
        Path dll = Fixtures.cDll(dir, "vecops.dll", "x86_64-pc-windows-msvc", """
                __declspec(dllexport) int vecops_add(int a, int b) { return a + b; }
                __declspec(dllexport) int vecops_scale(int a, int b) { return a * b; }
                __declspec(dllexport) int vecops_fma(int a, int b) { return a * b + 1; }
                """, List.of());
        Path loader = Files.writeString(dir.resolve("vec_loader.c"), LITERAL);
        AbiContract fromLoader = new ContractSource(loader, List.of(), null, 48, "coli_cuda_").load();
        VerifyReport ok = new DllVerifier().verify(dll, VerifyOptions.of(fromLoader));
        assertEquals(Verdict.PASS, ok.check("exports.prefix").orElseThrow().verdict(), ok.toString());
        assertEquals(Verdict.PASS, ok.check("exports.required").orElseThrow().verdict(), ok.toString());
        assertEquals(Verdict.PASS, ok.check("exports.extra").orElseThrow().verdict(), ok.toString());

        AbiContract explicit = new ContractSource(loader, List.of(), null, 48, "coli_cuda_", true).load();
        VerifyReport bad = new DllVerifier().verify(dll, VerifyOptions.of(explicit));
        Check p = bad.check("exports.prefix").orElseThrow();
        assertEquals(Verdict.FAIL, p.verdict());
        assertEquals("hip.exportPrefix is \"coli_cuda_\" but the loader looks names up as \"vecops_\" + name ("
                + loader + ":2:63); checked the loader's names", p.found());
        assertFalse(bad.passed());
        // the same explicit prefix as the loader's agrees
        AbiContract same = new ContractSource(loader, List.of(), null, 48, "vecops_", true).load();
        assertEquals(Verdict.PASS, new DllVerifier().verify(dll, VerifyOptions.of(same)).check("exports.prefix")
                .orElseThrow().verdict());
    }
}
