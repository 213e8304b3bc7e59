package dev.hipdll.incremental;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The header files of the project's include places: added or removed ones change it, edited ones do not. */
class HeaderFilesTest {
    @TempDir
    Path dir;

    @Test
    void aHeaderAddedOrRemovedChangesItAnEditDoesNot() throws Exception {
        Path src = Files.createDirectories(dir.resolve("src/main/hip/include"));
        Files.writeString(src.resolve("ops.h"), "#pragma once\n");
        Path hip = src.getParent();
        Files.writeString(hip.resolve("backend.cu"), "int x;\n");
        HeaderFiles before = HeaderFiles.of(List.of(hip), null);
        assertEquals(1, before.count());
        assertEquals(before, HeaderFiles.of(List.of(hip, src), null), "include/ inside the source directory is listed once");
        Files.writeString(src.resolve("ops.h"), "#pragma once\n#define EDITED 1\n");
        assertEquals(before, HeaderFiles.of(List.of(hip), null), "content is the dependency file's business");
        Files.writeString(hip.resolve("backup.cu~"), "x");
        assertEquals(before, HeaderFiles.of(List.of(hip), null), "not a header");
        Files.writeString(hip.resolve("ops.h"), "#error shadow\n");
        HeaderFiles shadowed = HeaderFiles.of(List.of(hip), null);
        assertEquals(2, shadowed.count());
        assertNotEquals(before.sha256(), shadowed.sha256());
        Files.delete(hip.resolve("ops.h"));
        assertEquals(before, HeaderFiles.of(List.of(hip), null));
    }

    @Test
    void eachRootCountsTheBuildDirectoryAndMissingRootsDoNot() throws Exception {
        Path a = Files.createDirectories(dir.resolve("a"));
        Path b = Files.createDirectories(dir.resolve("b"));
        Files.writeString(a.resolve("x.hpp"), "");
        Files.writeString(b.resolve("y.hpp"), "");
        HeaderFiles ab = HeaderFiles.of(List.of(a, b), null);
        assertEquals(2, ab.count());
        assertNotEquals(ab.sha256(), HeaderFiles.of(List.of(b, a, dir.resolve("gone")), null).sha256(),
                "the same name in another place of the search order is another list");
        Path target = Files.createDirectories(a.resolve("target/steps"));
        Files.writeString(target.resolve("generated.h"), "");
        assertEquals(ab, HeaderFiles.of(List.of(a, b), a.resolve("target")), "the build directory is left out");
        assertEquals("2 (sha256 " + ab.sha256().substring(0, 12) + ")", ab.summary());
    }
}
