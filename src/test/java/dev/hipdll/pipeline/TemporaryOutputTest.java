package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.pe.PeFile;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.StandinBuild;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The linker records the output file's name as the DLL name in the export directory: the atomic
 * write (the link step writes {@code .tmp/build-<pid>-<n>/coli_hip.dll}, moved over the output only
 * when complete) must not leak its temporary name into the published DLL (llvm-readobj-19 as the
 * oracle), and leaves no temporary file or directory behind.
 */
class TemporaryOutputTest {
    @TempDir
    Path project;

    @Test
    void exportDirectoryNamesTheFinalFile() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        StandinBuild.copyExample(project);
        HipDllBuildRequest request = StandinBuild.request(project, "gfx1151", List.of(),
                StandinBuild.options(Duration.ofSeconds(300)));
        HipDllBuildResult r = StandinBuild.build(request, StandinBuild.quiet());
        Path dll = request.output();
        assertEquals(dll, r.dll());
        try (PeFile pe = PeFile.open(dll)) {
            assertEquals("coli_hip.dll", pe.exports().dllName());
        }
        String readobj = Exec.ok(project, List.of(Toolchain.tool("llvm-readobj-19").toString(), "--coff-exports", dll.toString()));
        assertTrue(readobj.contains("coli_cuda_"), readobj);
        assertFalse(readobj.contains(".tmp") || readobj.contains("build-"), readobj);
        assertFalse(Files.exists(dll.resolveSibling(".tmp")), "temporary directory left behind");
        assertEquals(List.of(), List.of(dll.getParent().toFile().list()).stream().filter(n -> n.contains("tmp")).toList());
    }
}
