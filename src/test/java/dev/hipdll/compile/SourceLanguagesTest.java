package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** HIP or host-only, by extension, overridden per pattern. */
class SourceLanguagesTest {
    @Test
    void byExtension() {
        SourceLanguages l = SourceLanguages.BY_EXTENSION;
        assertEquals(SourceLanguage.HIP, l.of("backend_cuda.cu"));
        assertEquals(SourceLanguage.HIP, l.of("ops/gemm.hip"));
        assertEquals(SourceLanguage.CXX, l.of("host/table.cpp"));
        assertEquals(SourceLanguage.CXX, l.of("a.cc"));
        assertEquals(SourceLanguage.CXX, l.of("a.CXX"));
        assertEquals(SourceLanguage.C, l.of("version.c"));
        assertEquals(SourceLanguage.HIP, l.of("kernels.inc"), "an unknown extension an include pattern took is HIP");
    }

    @Test
    void patternsOverrideTheExtension() {
        SourceLanguages l = new SourceLanguages(List.of("kernels/**/*.cpp"), List.of("host/*.cu", "**/*.c"));
        assertEquals(SourceLanguage.HIP, l.of("kernels/gemm.cpp"));
        assertEquals(SourceLanguage.HIP, l.of("kernels/deep/gemm.cpp"));
        assertEquals(SourceLanguage.CXX, l.of("other.cpp"));
        assertEquals(SourceLanguage.CXX, l.of("host/plain.cu"));
        assertEquals(SourceLanguage.C, l.of("x/version.c"));
        assertEquals(SourceLanguage.HIP, new SourceLanguages(List.of("a.cu"), List.of("a.cu")).of("a.cu"),
                "hipSources wins");
    }
}
