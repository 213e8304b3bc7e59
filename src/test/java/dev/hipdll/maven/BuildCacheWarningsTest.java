package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hipdll:build's warnings about a build cached by the Build Cache Extension: the plugin not declared as
 * an extension (no SDK in the key) and a pom-packaged module (the newcomer test of issue 14: the example,
 * which has pom packaging, restored the old DLL after a source edit, with no warning).
 */
class BuildCacheWarningsTest {
    @TempDir
    Path dir;

    private Path extensions(String body) throws Exception {
        Path f = Files.createDirectories(dir.resolve(".mvn")).resolve("extensions.xml");
        Files.writeString(f, body);
        return f;
    }

    private static final String CACHE = "<extensions><extension><groupId>org.apache.maven.extensions</groupId>"
            + "<artifactId>maven-build-cache-extension</artifactId><version>1.2.1</version></extension></extensions>";

    @Test
    void aPomModuleIsWarnedAndAJarModuleWithTheKeyIsNot() throws Exception {
        Path f = extensions(CACHE);
        List<String> pom = BuildMojo.buildCacheWarnings(f, "pom", true);
        assertEquals(1, pom.size(), pom.toString());
        assertTrue(pom.get(0).contains("<packaging>pom</packaging>") && pom.get(0).contains("use jar packaging"), pom.get(0));
        assertEquals(List.of(), BuildMojo.buildCacheWarnings(f, "jar", true));
    }

    @Test
    void noKeyIsWarnedBesideThePomPackaging() throws Exception {
        Path f = extensions(CACHE);
        List<String> both = BuildMojo.buildCacheWarnings(f, "pom", false);
        assertEquals(2, both.size(), both.toString());
        assertTrue(both.get(1).contains("the HIP SDK is not in its key"), both.get(1));
        assertEquals(1, BuildMojo.buildCacheWarnings(f, "jar", false).size());
    }

    @Test
    void withoutTheExtensionNothingIsSaid() throws Exception {
        assertEquals(List.of(), BuildMojo.buildCacheWarnings(dir.resolve("none.xml"), "pom", false));
        assertEquals(List.of(), BuildMojo.buildCacheWarnings(extensions("<extensions/>"), "pom", false));
    }
}
