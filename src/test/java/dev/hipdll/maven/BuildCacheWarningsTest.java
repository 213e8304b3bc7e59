package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hipdll:build's warnings about a build cached by the Build Cache Extension: the plugin not declared as
 * an extension (no SDK in the key) and a pom-packaged module (a newcomer's test: the example,
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

    /**
     * Newcomer test: on Maven 3.8 the extension says "Cache requires Maven >= 3.9 ... Disabling cache." and
     * the plugin warned about a cache that is not there; on a Maven older than 3.9 it warns nothing.
     */
    @Test
    void onAMavenOlderThan39TheInactiveCacheIsNotWarnedAbout() throws Exception {
        Path f = extensions(CACHE);
        assertEquals(List.of(), BuildMojo.buildCacheWarnings(f, "pom", false, "3.8.7"));
        assertEquals(List.of(), BuildMojo.buildCacheWarnings(f, "pom", false, "3.9.0-beta-1"));
        assertEquals(2, BuildMojo.buildCacheWarnings(f, "pom", false, "3.9.11").size());
        assertEquals(2, BuildMojo.buildCacheWarnings(f, "pom", false, "4.0.0-rc-4").size());
        // an unknown version: as on a current Maven
        assertEquals(2, BuildMojo.buildCacheWarnings(f, "pom", false, null).size());
        assertTrue(BuildMojo.configuresTheBuildCache(f));
        assertFalse(BuildMojo.configuresTheBuildCache(dir.resolve("none.xml")));
    }

    @Test
    void theExtensionIsActiveFromMaven390On() {
        assertFalse(BuildCacheMaven.extensionActive("3.8.7"));
        assertFalse(BuildCacheMaven.extensionActive("3.8.8"));
        assertFalse(BuildCacheMaven.extensionActive("3.6.3"));
        assertFalse(BuildCacheMaven.extensionActive("3.9.0-alpha-1"));
        assertTrue(BuildCacheMaven.extensionActive("3.9.0"));
        assertTrue(BuildCacheMaven.extensionActive("3.9.11"));
        assertTrue(BuildCacheMaven.extensionActive("3.10.0"));
        assertTrue(BuildCacheMaven.extensionActive("4.0.0"));
        assertTrue(BuildCacheMaven.extensionActive(" "));
        assertEquals("the Build Cache Extension is not active on Maven 3.8.7 (it needs Maven 3.9.0 or later and"
                + " disables itself): nothing of this build is cached", BuildCacheMaven.inactive("3.8.7"));
    }
}
