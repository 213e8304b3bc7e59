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
    void ordinaryOutputIsNoJobLine() {
        assertFalse(ClangJobLine.isJobLine("src/main/hip/a.cu:3:5: error: use of undeclared identifier 'x'"));
        assertFalse(ClangJobLine.isJobLine("    3 |     x = 1;"));
        assertFalse(ClangJobLine.isJobLine(" \""));
        assertEquals(Optional.empty(), ClangJobLine.stepOf(" \"unterminated -cc1"));
    }
}
