package dev.hipdll.maven;

import java.util.Properties;
import org.apache.maven.artifact.versioning.ComparableVersion;
import org.apache.maven.execution.MavenSession;

/**
 * Whether the Apache Maven Build Cache Extension can be active on the running Maven. The extension needs
 * Maven 3.9.0 or later: on an older Maven it is loaded from {@code .mvn/extensions.xml} but disables itself
 * ({@code Cache requires Maven >= 3.9, but version is 3.8.7. Disabling cache.}), so the plugin's warnings
 * about the cache key and its SDK key line would be wrong there (docs/build-cache.md).
 */
final class BuildCacheMaven {
    /** The first Maven version the extension runs on. */
    static final String FIRST = "3.9.0";
    private static final ComparableVersion FIRST_VERSION = new ComparableVersion(FIRST);

    private BuildCacheMaven() {
    }

    /**
     * The running Maven's version ({@code 3.8.7}): the {@code maven.version} system property that Maven's
     * launcher puts into the session's system properties; null when it is not there (a unit test).
     */
    static String version(MavenSession session) {
        Properties system = session == null ? null : session.getSystemProperties();
        String v = system == null ? null : system.getProperty("maven.version");
        return v == null || v.isBlank() ? null : v.strip();
    }

    /**
     * Whether the extension is active on Maven {@code mavenVersion} (Maven's version ordering,
     * {@link ComparableVersion}: 3.9.0 and later, pre-releases of 3.9.0 not). An unknown version (null or
     * blank) counts as active: the plugin then says what it says on a current Maven.
     */
    static boolean extensionActive(String mavenVersion) {
        if (mavenVersion == null || mavenVersion.isBlank()) {
            return true;
        }
        return new ComparableVersion(mavenVersion.strip()).compareTo(FIRST_VERSION) >= 0;
    }

    /** The one line said instead of the cache warnings on a Maven older than {@link #FIRST}. */
    static String inactive(String mavenVersion) {
        return "the Build Cache Extension is not active on Maven " + mavenVersion + " (it needs Maven " + FIRST
                + " or later and disables itself): nothing of this build is cached";
    }
}
