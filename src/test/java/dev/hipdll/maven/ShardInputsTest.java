package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.shard.ShardException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * As a user meets it: the {@code hip.shards} entries a shell or a CI script builds. Maven hands an empty
 * element of a comma list ({@code a,,b}, {@code a,}) to the mojo as null; a path that does not exist and the parent
 * of the shard directories (the folder a CI job uploads) are named as such, not as "no shard directory".
 */
class ShardInputsTest {
    @TempDir
    Path dir;

    private Path shard(String name) throws Exception {
        Path d = Files.createDirectories(dir.resolve("upload").resolve(name));
        Files.writeString(d.resolve("shard.json"), "{}");
        return d;
    }

    private List<Path> directories(List<String> entries) throws Exception {
        return ShardInputs.directories(entries, dir, dir.resolve("unpacked"), null, null, List.of(), new ArrayList<>(), List.of());
    }

    @Test
    void anEmptyElementOfTheListIsSkippedNotANullPointer() throws Exception {
        Path a = shard("gfx1100");
        Path b = shard("gfx1151");
        // -Dhip.shards=a,,b and -Dhip.shards=a, reach the mojo as [a, null, b] and [a, null]
        assertEquals(List.of(a, b), directories(Arrays.asList(a.toString(), null, b.toString())));
        assertEquals(List.of(a), directories(Arrays.asList(a.toString(), null)));
        assertEquals(List.of(a), directories(Arrays.asList(a.toString(), " ")));
        assertTrue(ShardInputs.none(Arrays.asList((String) null)));
        assertTrue(ShardInputs.none(null));
        assertFalse(ShardInputs.none(Arrays.asList(null, a.toString())), "-Dhip.shards=,a names a shard");
    }

    @Test
    void aPathThatDoesNotExistIsNamedAsMissing() {
        Path nope = dir.resolve("machine-1/target/hipdll/shard/gfx1100");
        ShardException e = assertThrows(ShardException.class, () -> directories(List.of(nope.toString())));
        assertTrue(e.getMessage().startsWith("hip.shards: " + nope + " does not exist"), e.getMessage());
        ShardException z = assertThrows(ShardException.class, () -> directories(List.of("shard-gfx1100.zip")));
        assertTrue(z.getMessage().contains("shard-gfx1100.zip does not exist"), z.getMessage());
    }

    @Test
    void theParentOfShardDirectoriesIsNamedWithTheShardsInIt() throws Exception {
        shard("gfx1100");
        shard("gfx1101_gfx1102");
        Path parent = dir.resolve("upload");
        ShardException e = assertThrows(ShardException.class, () -> directories(List.of(parent.toString())));
        assertEquals("hip.shards: " + parent + " holds no shard.json but shard directories (gfx1100, gfx1101_gfx1102):"
                + " name each of them, not their parent", e.getMessage());
    }
}
