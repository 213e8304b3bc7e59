package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** includeDirectories adds to src/main/hip/include instead of replacing it (a newcomer's test). */
class IncludeDirectoriesTest {
    @TempDir
    Path dir;

    @Test
    void theOwnIncludeDirectoryComesFirstThenTheUsersEachOnce() throws Exception {
        Path src = Files.createDirectories(dir.resolve("src/main/hip"));
        Path own = Files.createDirectories(src.resolve("include"));
        Path extra = Files.createDirectories(dir.resolve("third_party/include"));
        assertEquals(List.of(own), IncludeDirectories.of(src, List.of()));
        assertEquals(List.of(own), IncludeDirectories.of(src, null));
        assertEquals(List.of(own, extra), IncludeDirectories.of(src, List.of(extra)));
        // listing the default again, or spelled another way, does not repeat it
        assertEquals(List.of(own, extra), IncludeDirectories.of(src, List.of(extra, src.resolve("x/../include"))));
    }

    @Test
    void withoutItsOwnIncludeDirectoryOnlyTheUsersAreSearched() throws Exception {
        Path src = Files.createDirectories(dir.resolve("src/main/hip"));
        Path extra = Files.createDirectories(dir.resolve("inc"));
        assertEquals(List.of(), IncludeDirectories.of(src, List.of()));
        assertEquals(List.of(extra), IncludeDirectories.of(src, List.of(extra)));
    }
}
