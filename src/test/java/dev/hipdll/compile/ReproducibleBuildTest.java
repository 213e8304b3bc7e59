package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Maven's outputTimestamp convention and the flags it switches on; project-relative paths. */
class ReproducibleBuildTest {

    @Test
    void onlyATimestampOfTwoCharactersOrMoreSwitchesItOn() {
        assertFalse(new ReproducibleBuild(null).enabled());
        assertFalse(new ReproducibleBuild("").enabled());
        assertFalse(new ReproducibleBuild("a").enabled(), "one character disables, as in maven-archiver");
        assertTrue(new ReproducibleBuild("2026-01-01T00:00:00Z").enabled());
        assertTrue(new ReproducibleBuild("1767225600").enabled());
        assertEquals(Optional.empty(), new ReproducibleBuild("a").outputTimestamp());
        assertEquals(List.of(), new ReproducibleBuild(null).compileArguments(Path.of("/sdk")));
        assertEquals(List.of(), new ReproducibleBuild("a").linkArguments());
    }

    @Test
    void flagsForTheLinkerAndThePrefixMaps() {
        assertEquals(List.of("-ffile-prefix-map=/opt/rocm=hip-sdk", "-fdebug-compilation-dir=."),
                new ReproducibleBuild("2026-01-01T00:00:00Z").compileArguments(Path.of("/opt/rocm")));
        assertEquals(List.of("-Wl,/Brepro"), new ReproducibleBuild("2026-01-01T00:00:00Z").linkArguments());
    }

    @Test
    void projectPathsBecomeRelativeOthersStay() {
        Path base = Path.of("/work/p");
        assertEquals(Path.of("src/main/hip/a.cu"), WorkingDirectoryPaths.relativize(Path.of("/work/p/src/main/hip/a.cu"), base));
        assertEquals(Path.of("target/hipdll/x.dll"), WorkingDirectoryPaths.relativize(Path.of("/work/p/./target/hipdll/x.dll"), base));
        assertEquals(Path.of("/opt/rocm/include"), WorkingDirectoryPaths.relativize(Path.of("/opt/rocm/include"), base));
        assertEquals(Path.of("/work/p2/a.cu"), WorkingDirectoryPaths.relativize(Path.of("/work/p2/a.cu"), base), "prefix of a name is not a parent");
        assertEquals(Path.of("/work/p"), WorkingDirectoryPaths.relativize(Path.of("/work/p"), base));
    }
}
