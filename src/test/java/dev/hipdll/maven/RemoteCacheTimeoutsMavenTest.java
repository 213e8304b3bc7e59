package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.buildcache.RemoteCacheTimeouts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.DefaultMavenExecutionResult;
import org.apache.maven.execution.MavenSession;
import org.eclipse.aether.DefaultRepositorySystemSession;
import org.eclipse.aether.util.repository.DefaultMirrorSelector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build extension finds the Build Cache Extension's remote and its timeouts in a Maven session as the extension
 * and Maven Resolver will: from {@code .mvn/}, the {@code -D} properties, the resolver
 * configuration, and through a settings.xml mirror.
 */
class RemoteCacheTimeoutsMavenTest {
    @TempDir
    Path root;

    @SuppressWarnings("deprecation")
    private MavenSession session(Properties user, DefaultRepositorySystemSession repo) {
        DefaultMavenExecutionRequest request = new DefaultMavenExecutionRequest();
        request.setMultiModuleProjectDirectory(root.toFile());
        request.setUserProperties(user);
        request.setSystemProperties(new Properties());
        return new MavenSession(null, repo, request, new DefaultMavenExecutionResult());
    }

    private void project() throws Exception {
        Files.createDirectories(root.resolve(".mvn"));
        Files.writeString(root.resolve(".mvn/extensions.xml"), "<extensions><extension><groupId>org.apache.maven.extensions"
                + "</groupId><artifactId>maven-build-cache-extension</artifactId><version>1.2.1</version></extension></extensions>");
        Files.writeString(root.resolve(".mvn/maven-build-cache-config.xml"), "<cache xmlns=\"http://maven.apache.org/"
                + "BUILD-CACHE-CONFIG/1.0.0\"><configuration><remote enabled=\"true\" id=\"hipdll-build-cache\"/>"
                + "</configuration></cache>");
    }

    @Test
    void theRemotesTimeoutsComeFromTheResolverConfigurationForItsId() throws Exception {
        project();
        Properties user = new Properties();
        DefaultRepositorySystemSession repo = new DefaultRepositorySystemSession();
        assertEquals(Optional.empty(), SdkKeyParticipant.remoteTimeouts(session(user, repo)), "no URL, no remote");

        user.setProperty("maven.build.cache.remote.url", "http://cache.example.org/hipdll-cache");
        RemoteCacheTimeouts none = SdkKeyParticipant.remoteTimeouts(session(user, repo)).orElseThrow();
        assertTrue(none.warning().isPresent(), "no timeout set: warned");

        repo.setConfigProperty("aether.connector.requestTimeout.hipdll-build-cache", "15000");
        repo.setConfigProperty("aether.connector.connectTimeout.hipdll-build-cache", "5000");
        RemoteCacheTimeouts set = SdkKeyParticipant.remoteTimeouts(session(user, repo)).orElseThrow();
        assertEquals(Duration.ofSeconds(15), set.request().value());
        assertEquals(Duration.ofSeconds(5), set.connect().value());
        assertTrue(set.warning().isEmpty());

        // behind a mirror, the extension asks the mirror: its id keys the properties
        DefaultMirrorSelector mirrors = new DefaultMirrorSelector();
        mirrors.add("corporate", "http://mirror.example.org/all", "default", false, false, "*", "*");
        repo.setMirrorSelector(mirrors);
        RemoteCacheTimeouts mirrored = SdkKeyParticipant.remoteTimeouts(session(user, repo)).orElseThrow();
        assertEquals("corporate", mirrored.remote().id());
        assertEquals("http://mirror.example.org/all", mirrored.remote().url());
        assertTrue(mirrored.warning().isPresent(), mirrored.line());

        Files.delete(root.resolve(".mvn/extensions.xml"));
        assertEquals(Optional.empty(), SdkKeyParticipant.remoteTimeouts(session(user, repo)), "no Build Cache Extension");
    }
}
