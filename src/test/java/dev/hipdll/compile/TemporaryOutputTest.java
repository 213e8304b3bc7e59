package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.hipdll.pe.PeFile;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.StandinBuild;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The linker records the output file's name as the DLL name in the export directory: the atomic
 * write must not leak its temporary name into the published DLL (llvm-readobj-19 as the oracle).
 */
class TemporaryOutputTest {
    @TempDir
    Path project;

    @Test
    void exportDirectoryNamesTheFinalFile() throws Exception {
        StandinBuild.copyExample(project);
        CompileRequest request = StandinBuild.request(project, "gfx1151", List.of());
        new HipDllBuilder(new ProcessRunner(Duration.ofSeconds(300))).build(request, Map.of("PATH", System.getenv("PATH")),
                project, line -> { });
        Path dll = request.output();
        try (PeFile pe = PeFile.open(dll)) {
            assertEquals("coli_hip.dll", pe.exports().dllName());
        }
        String readobj = Exec.ok(project, List.of(Toolchain.tool("llvm-readobj-19").toString(), "--coff-exports", dll.toString()));
        assertFalse(readobj.contains(".tmp"), readobj);
        assertFalse(Files.exists(dll.resolveSibling(".tmp")), "temporary directory left behind");
        assertEquals(List.of(), List.of(dll.getParent().toFile().list()).stream().filter(n -> n.contains("tmp")).toList());
    }
}
