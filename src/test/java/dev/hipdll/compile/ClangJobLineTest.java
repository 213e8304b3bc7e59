package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Job lines as clang 19 prints them with -v (Linux lines copied from a run of the stand-in SDK). */
class ClangJobLineTest {

    @Test
    void deviceCompileNamesSourceAndProcessor() {
        String line = " \"/usr/lib/llvm-19/bin/clang\" -cc1 -triple amdgcn-amd-amdhsa -aux-triple x86_64-pc-windows-msvc"
                + " -Werror=atomic-alignment -emit-obj -main-file-name backend_cuda.cu -target-cpu gfx1151 -o /tmp/x.o -x hip"
                + " src/main/hip/backend_cuda.cu";
        assertEquals(Optional.of(new CompileStep(CompileStep.Kind.DEVICE, "backend_cuda.cu", "gfx1151")),
                ClangJobLine.stepOf(line));
        assertEquals("backend_cuda.cu [gfx1151]", ClangJobLine.stepOf(line).orElseThrow().describe());
    }

    @Test
    void hostCompileAndWindowsQuotedExecutables() {
        String host = " \"C:\\\\Program Files\\\\AMD\\\\ROCm\\\\6.4\\\\lib\\\\llvm\\\\bin\\\\clang.exe\" -cc1 -triple"
                + " x86_64-pc-windows-msvc19.44.35207 -aux-triple amdgcn-amd-amdhsa -emit-obj -main-file-name cuda_chain.cu";
        assertEquals(Optional.of(new CompileStep(CompileStep.Kind.HOST, "cuda_chain.cu", "x86_64-pc-windows-msvc19.44.35207")),
                ClangJobLine.stepOf(host));
        String link = " \"C:\\\\Program Files\\\\AMD\\\\ROCm\\\\6.4\\\\lib\\\\llvm\\\\bin\\\\lld-link.exe\" -out:coli_hip.dll -dll";
        assertEquals(CompileStep.Kind.LINK, ClangJobLine.stepOf(link).orElseThrow().kind());
        String msvcLink = " \"C:\\\\VS\\\\VC\\\\Tools\\\\MSVC\\\\14.44.35207\\\\bin\\\\Hostx64\\\\x64\\\\link.exe\" -out:a.dll";
        assertEquals(CompileStep.Kind.LINK, ClangJobLine.stepOf(msvcLink).orElseThrow().kind());
    }

    @Test
    void helperJobsContinueTheCurrentStep() {
        assertTrue(ClangJobLine.isJobLine(" \"/usr/lib/llvm-19/bin/lld\" -flavor gnu -m elf64_amdgpu -plugin-opt=mcpu=gfx1151"));
        assertEquals(Optional.empty(), ClangJobLine.stepOf(" \"/usr/lib/llvm-19/bin/lld\" -flavor gnu -plugin-opt=mcpu=gfx1151"));
        assertEquals(Optional.empty(), ClangJobLine.stepOf(" \"/usr/lib/llvm-19/bin/clang-offload-bundler\" -type=o"));
        assertEquals(Optional.empty(), ClangJobLine.stepOf(" \"/usr/bin/clang\" -cc1as -triple x86_64-pc-windows-msvc"));
    }

    @Test
    void quotedArgumentsAreOneArgument() {
        // clang -v quotes an argument with a space, ", \\ or $ and escapes those three (llvm::sys::printArg)
        String line = " \"/usr/lib/llvm-19/bin/clang\" -cc1 -triple amdgcn-amd-amdhsa -main-file-name \"fused kernels.cu\""
                + " -target-cpu gfx1100 -o \"/tmp/a b/x.o\" -D \"MSG=\\\"hi\\\" \\$x\"";
        assertEquals(Optional.of(new CompileStep(CompileStep.Kind.DEVICE, "fused kernels.cu", "gfx1100")), ClangJobLine.stepOf(line));
        assertEquals(java.util.List.of("-cc1", "-o", "/tmp/a b/x.o", "-D", "MSG=\"hi\" $x"),
                ClangJobLine.arguments(" -cc1 -o \"/tmp/a b/x.o\" -D \"MSG=\\\"hi\\\" \\$x\"  "));
    }

    @Test
    void aRealClangJobLineForASourceWithASpace(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        dev.hipdll.testing.Toolchain.require("clang-19");
        java.nio.file.Path src = java.nio.file.Files.writeString(dir.resolve("a b ü.c"), "int f(void) { return 1; }\n");
        String out = dev.hipdll.testing.Exec.ok(dir, java.util.List.of(dev.hipdll.testing.Toolchain.tool("clang-19").toString(),
                "-v", "--target=x86_64-pc-windows-msvc", "-c", src.toString(), "-o", dir.resolve("a b.o").toString()));
        CompileStep step = out.lines().map(ClangJobLine::stepOf).flatMap(Optional::stream).findFirst().orElseThrow(() -> new AssertionError(out));
        assertEquals(CompileStep.Kind.HOST, step.kind());
        assertEquals("a b ü.c", step.source(), out);
        assertTrue(step.target().startsWith("x86_64-pc-windows-msvc"), step.target());
    }

    @Test
    void ordinaryOutputIsNoJobLine() {
        assertFalse(ClangJobLine.isJobLine("src/main/hip/a.cu:3:5: error: use of undeclared identifier 'x'"));
        assertFalse(ClangJobLine.isJobLine("    3 |     x = 1;"));
        assertFalse(ClangJobLine.isJobLine(" \""));
        assertEquals(Optional.empty(), ClangJobLine.stepOf(" \"unterminated -cc1"));
    }
}
