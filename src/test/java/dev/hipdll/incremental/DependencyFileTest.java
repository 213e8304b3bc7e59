package dev.hipdll.incremental;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Make-style dependency files as clang writes them for -MD -MF. */
class DependencyFileTest {

    @Test
    void rulesContinuationsAndEscapedSpaces() {
        String text = "/src/backend_cuda.cu: /src/backend_cuda.cu \\\n"
                + "  /sdk/include/hip/hip_runtime.h /src/include/coli_cuda.h \\\n"
                + "  /src/include/ops.h\n"
                + "/src/cuda_chain.cu: /src/cuda_chain.cu /sdk/include/hip/hip_runtime.h \\\n"
                + "  /src/my\\ dir/x.h /src/a$$b.h\n";
        assertEquals(List.of("/src/backend_cuda.cu", "/sdk/include/hip/hip_runtime.h", "/src/include/coli_cuda.h",
                "/src/include/ops.h", "/src/cuda_chain.cu", "/src/my dir/x.h", "/src/a$b.h"), DependencyFile.parse(text));
    }

    @Test
    void windowsPathsKeepDriveLettersAndBackslashes() {
        String text = "C:\\work\\k.cu: C:\\work\\k.cu \\\r\n"
                + "  C:\\Program\\ Files\\AMD\\ROCm\\6.4\\include\\hip\\hip_runtime.h\r\n";
        assertEquals(List.of("C:\\work\\k.cu", "C:\\Program Files\\AMD\\ROCm\\6.4\\include\\hip\\hip_runtime.h"),
                DependencyFile.parse(text));
    }

    @Test
    void relativeNamesResolveAgainstTheWorkingDirectory(@TempDir Path dir) throws Exception {
        Path d = dir.resolve("x.d");
        Files.writeString(d, "k.o: src/k.cu include/../include/ops.h\n");
        assertEquals(List.of(dir.resolve("src/k.cu"), dir.resolve("include/ops.h")), DependencyFile.read(d, dir));
    }

    @Test
    @org.junit.jupiter.api.condition.DisabledOnOs(value = org.junit.jupiter.api.condition.OS.WINDOWS,
            disabledReason = "a backslash cannot be part of a file name on Windows")
    void aBackslashInANameThatClangWroteAsASlashIsFound(@TempDir Path dir) throws Exception {
        // Clang-19 on Linux lists the source 'back\slash.cu' and the header 'in\c.h' as
        // 'back/slash.cu' and 'in/c.h' (llvm::sys::path::native); those files do not exist
        Files.writeString(dir.resolve("back\\slash.cu"), "//\n");
        Files.createDirectories(dir.resolve("sub\\dir/x"));
        Files.writeString(dir.resolve("sub\\dir/x/in\\c.h"), "//\n");
        Files.createDirectories(dir.resolve("real"));
        Files.writeString(dir.resolve("real/one.h"), "//\n");
        Path d = dir.resolve("x.d");
        Files.writeString(d, "k.o: back/slash.cu sub/dir/x/in/c.h real/one.h gone/away.h\n");
        assertEquals(List.of(dir.resolve("back\\slash.cu"), dir.resolve("sub\\dir/x/in\\c.h"), dir.resolve("real/one.h"),
                dir.resolve("gone/away.h")), DependencyFile.read(d, dir));
        // a name that exists as written is taken as written
        Files.createDirectories(dir.resolve("back"));
        Files.writeString(dir.resolve("back/slash.cu"), "//\n");
        assertEquals(dir.resolve("back/slash.cu"), DependencyFile.read(d, dir).get(0));
    }
}
