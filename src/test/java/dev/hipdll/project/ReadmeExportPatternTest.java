package dev.hipdll.project;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * README's "Declaring the exports" shows the pattern the example backend builds with (export only where
 * {@code __HIP_DEVICE_COMPILE__} is not defined), so a first project copied from it builds without a wall of
 * {@code -Wignored-attributes} warnings; the example's builds (and their warning-free logs) are
 * tested elsewhere, this keeps the README's words equal to the example's header.
 */
class ReadmeExportPatternTest {
    private static final String GUARD = "#if defined(COLI_CUDA_BUILDING_DLL) && !defined(__HIP_DEVICE_COMPILE__)";
    private static final String EXPORT = "#define COLI_CUDA_API extern \"C\" __declspec(dllexport)";

    @Test
    void readmeShowsTheExampleHeadersExportPattern() throws Exception {
        Path example = Toolchain.exampleDir();
        String header = Files.readString(example.resolve("src/main/hip/include/coli_cuda.h"));
        String readme = Files.readString(example.getParent().getParent().resolve("README.md"));
        int section = readme.indexOf("**Declaring the exports.**");
        assertTrue(section >= 0, "README has no 'Declaring the exports' paragraph");
        String shown = readme.substring(section, readme.indexOf("```\n\n", section));
        for (String line : new String[] {GUARD, EXPORT}) {
            assertTrue(header.contains(line), "the example's coli_cuda.h lost: " + line);
            assertTrue(shown.contains(line), "README's export pattern lost: " + line);
        }
    }
}
