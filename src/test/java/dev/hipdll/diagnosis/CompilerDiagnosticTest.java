package dev.hipdll.diagnosis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CompilerDiagnostic#parse}: on what clang-19 and lld-link-19 really print (the stand-in SDK's
 * hipcc run on broken sources in the test, with a relative source path as hipdll:build passes it),
 * and on the other shapes clang prints (Windows paths, {@code -fdiagnostics-format=msvc}, colours).
 */
class CompilerDiagnosticTest {
    @TempDir
    Path dir;

    private List<CompilerDiagnostic> diagnostics(String output) {
        return output.lines().map(CompilerDiagnostic::parse).flatMap(Optional::stream).toList();
    }

    private String hipcc(String name, String source) throws Exception {
        Path sdk = Toolchain.standinSdk();
        Files.createDirectories(dir.resolve("src"));
        Files.writeString(dir.resolve("src").resolve(name), source);
        List<String> cmd = new ArrayList<>(List.of(sdk.resolve("bin/hipcc").toString(), "-O3", "-std=c++17", "-x", "hip",
                "--offload-arch=gfx1151", "-shared", "--hip-path=" + sdk, "--rocm-device-lib-path="
                + sdk.resolve("lib/llvm/amdgcn/bitcode"), "-L", sdk.resolve("lib").toString(), "-lamdhip64",
                "-fms-runtime-lib=static", "src/" + name, "-o", "out.dll"));
        Exec.Result r = Exec.run(dir, cmd);
        assertNotEquals(0, r.exit(), r.output());
        return r.output();
    }

    @Test
    void clangsErrorsAndWarningsWithFileLineAndColumn() throws Exception {
        String out = hipcc("k.cu", """
                #include <hip/hip_runtime.h>
                __global__ void k(float *o) {
                  int unused = 3;
                  flaot x = 1.0f;
                  o[threadIdx.x] = x;
                }
                #warning "a warning of the test"
                """);
        List<CompilerDiagnostic> ds = diagnostics(out);
        CompilerDiagnostic error = ds.stream().filter(d -> d.severity() == DiagnosticSeverity.ERROR).findFirst()
                .orElseThrow(() -> new AssertionError(out));
        assertEquals(Optional.of("src/k.cu"), error.file(), out);
        assertEquals(4, error.line(), out);
        assertEquals(3, error.column(), out);
        assertEquals("unknown type name 'flaot'", error.message(), out);
        assertEquals("src/k.cu:4:3: error: unknown type name 'flaot'", error.text());
        CompilerDiagnostic warning = ds.stream().filter(d -> d.severity() == DiagnosticSeverity.WARNING
                && d.message().contains("a warning of the test")).findFirst().orElseThrow(() -> new AssertionError(out));
        assertEquals("src/k.cu:7:2", warning.where(), out);
        // source excerpts, carets and the summary are not diagnostics
        long located = out.lines().filter(l -> l.contains(": error: ") || l.contains(": warning: ")).count();
        assertEquals(located, ds.stream().filter(d -> d.severity() == DiagnosticSeverity.ERROR
                || d.severity() == DiagnosticSeverity.WARNING).count(), out);
        assertTrue(out.lines().anyMatch(l -> l.contains("error generated") || l.contains("errors generated")), out);
    }

    @Test
    void lldLinksUndefinedSymbolHasNoLocation() throws Exception {
        String out = hipcc("u.cu", """
                #include <hip/hip_runtime.h>
                extern "C" int coli_helper(int);
                extern "C" __declspec(dllexport) int coli_cuda_init(void) { return coli_helper(1); }
                """);
        CompilerDiagnostic d = diagnostics(out).stream().filter(x -> x.tool().equals(Optional.of("lld-link")))
                .findFirst().orElseThrow(() -> new AssertionError(out));
        assertEquals(DiagnosticSeverity.ERROR, d.severity());
        assertEquals(Optional.empty(), d.file());
        assertEquals("undefined symbol: coli_helper", d.message());
        assertEquals("lld-link: error: undefined symbol: coli_helper", d.text());
    }

    @Test
    void otherShapes() {
        CompilerDiagnostic win = CompilerDiagnostic.parse("C:\\src\\backend_cuda.cu:12:5: warning: unused variable 'x'"
                + " [-Wunused-variable]").orElseThrow();
        assertEquals(Optional.of("C:\\src\\backend_cuda.cu"), win.file());
        assertEquals(12, win.line());
        assertEquals(5, win.column());
        assertEquals(DiagnosticSeverity.WARNING, win.severity());
        CompilerDiagnostic msvc = CompilerDiagnostic.parse("C:\\Program Files\\x\\k.cu(7,10): error: expected ';'")
                .orElseThrow();
        assertEquals(Optional.of("C:\\Program Files\\x\\k.cu"), msvc.file());
        assertEquals(7, msvc.line());
        assertEquals(10, msvc.column());
        CompilerDiagnostic fatal = CompilerDiagnostic.parse("\u001B[1mk.cu:2:10: \u001B[0;1;31mfatal error: \u001B[0m"
                + "\u001B[1m'cstdio' file not found\u001B[0m").orElseThrow();
        assertEquals(DiagnosticSeverity.FATAL, fatal.severity());
        assertEquals("'cstdio' file not found", fatal.message());
        CompilerDiagnostic noColumn = CompilerDiagnostic.parse("k.cu:3: note: declared here").orElseThrow();
        assertEquals(0, noColumn.column());
        assertEquals("k.cu:3", noColumn.where());
        CompilerDiagnostic driver = CompilerDiagnostic.parse("clang: error: invalid target ID 'gfx9999'").orElseThrow();
        assertEquals(Optional.of("clang"), driver.tool());
        CompilerDiagnostic backend = CompilerDiagnostic.parse("error: unsupported code object version").orElseThrow();
        assertEquals(Optional.empty(), backend.tool());
        assertEquals("error: unsupported code object version", backend.text());
        for (String not : List.of("   74 | #error \"x\"", "      |  ^", "1 error generated when compiling for gfx1100.",
                "In file included from src/k.cu:1:", ">>> referenced by k.obj", "", "k.cu:99999999999: error: too big")) {
            assertEquals(Optional.empty(), CompilerDiagnostic.parse(not), not);
        }
    }
}
