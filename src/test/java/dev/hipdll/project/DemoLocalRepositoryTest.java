package dev.hipdll.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/demo} installs the plugin only when the local repository lacks this checkout's jar; it asks Maven
 * where that repository is ({@code scripts/dev/maven-local-repository}) instead of reading {@code $HOME/.m2}: Maven follows
 * the JVM's {@code user.home} and settings, so with another {@code $HOME} the demo's check could never hit
 *.
 */
class DemoLocalRepositoryTest {
    @TempDir
    Path dir;

    private static Path project() {
        return Toolchain.exampleDir().getParent().getParent();
    }

    private Exec.Result ask(Map<String, String> env) {
        return Exec.run(project(), List.of(project().resolve("scripts/dev/maven-local-repository").toString()), env);
    }

    @Test
    void anotherHomeVariableDoesNotMoveTheRepositoryMavenUses() throws Exception {
        Path fakeHome = Files.createDirectories(dir.resolve("home"));
        String userHome = System.getProperty("user.home");
        Exec.Result r = ask(Map.of("HOME", fakeHome.toString(),
                "MAVEN_USER_HOME", Path.of(userHome, ".m2").toString()));  // the wrapper's Maven, not a download
        assertEquals(0, r.exit(), r.output());
        String repo = r.output().strip().lines().reduce((a, b) -> b).orElse("");
        assertFalse(repo.startsWith(fakeHome.toString()), "the script followed $HOME: " + r.output());
        Path settings = Path.of(userHome, ".m2", "settings.xml");
        if (!Files.isRegularFile(settings) || !Files.readString(settings).contains("<localRepository>")) {
            assertEquals(Path.of(userHome, ".m2", "repository").toString(), repo, r.output());
        }
    }
}
