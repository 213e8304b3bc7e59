package dev.hipdll.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PathPlaceholdersTest {
    private final PathPlaceholders p = new PathPlaceholders()
            .add("project.basedir", Path.of("/work/p"))
            .add("project.build.directory", Path.of("/work/p/target"))
            .add("HIP_SDK_ROOT", Path.of("/opt/rocm"));

    @Test
    void longestPathWinsInEveryArgumentShape() {
        assertEquals(List.of("--hip-path=${HIP_SDK_ROOT}", "-I${HIP_SDK_ROOT}/include", "${project.build.directory}/hipdll/x.dll",
                        "-ffile-prefix-map=${project.basedir}=.", "${project.basedir}", "\"${HIP_SDK_ROOT}\""),
                p.apply(List.of("--hip-path=/opt/rocm", "-I/opt/rocm/include", "/work/p/target/hipdll/x.dll",
                        "-ffile-prefix-map=/work/p=.", "/work/p", "\"/opt/rocm\"")));
    }

    @Test
    void aPathIsOnlyReplacedWhereItEnds() {
        assertEquals("/work/p2/a.cu", p.apply("/work/p2/a.cu"));
        assertEquals("/opt/rocm-6.4/bin", p.apply("/opt/rocm-6.4/bin"));
        assertEquals("relative/path", p.apply("relative/path"));
    }
}
