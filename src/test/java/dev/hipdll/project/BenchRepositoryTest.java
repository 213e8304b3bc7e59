package dev.hipdll.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark scripts ({@code scripts/bench/step-graph}, {@code scripts/bench/remote-cache}) install their
 * {@code 0.1.0-bench-<commit>} plugins into a private local repository with the user's as its read-only tail
 * ({@code scripts/bench/repository}), never into {@code ~/.m2}: a newcomer test found those release versions
 * there, the {@code <release>} of the plugin's metadata, so the short form {@code mvn hipdll:...} ran a stale
 * benchmark build. The install runs through a stand-in Maven ({@code MVN_INSTALL}) that records its arguments.
 */
class BenchRepositoryTest {
    @TempDir
    Path dir;

    private static Path project() {
        return Toolchain.exampleDir().getParent().getParent();
    }

    private Path home() throws Exception {
        return Files.createDirectories(dir.resolve("home/.m2/repository")).getParent().getParent();
    }

    @Test
    void theRepositoryIsPrivateWithTheUsersAsItsTail() throws Exception {
        Path home = home();
        Path proj = Files.createDirectories(dir.resolve("proj"));
        String script = "source " + project().resolve("scripts/bench/repository") + " && bench_repository " + proj
                + " && printf '%s\\n' \"$m2\" \"${repo_args[@]}\"";
        Exec.Result r = Exec.run(dir, List.of("bash", "-c", script), Map.of("HOME", home.toString(), "MAVEN_REPO", ""));
        assertEquals(0, r.exit(), r.output());
        Path privateRepo = proj.resolve("target/bench-repository").toRealPath();
        assertEquals(List.of(privateRepo.toString(), "-Dmaven.repo.local=" + privateRepo,
                "-Dmaven.repo.local.tail=" + home.resolve(".m2/repository")), r.output().lines().toList());
    }

    @Test
    void theUsersRepositoryIsRefusedAsMavenRepo() throws Exception {
        Path home = home();
        String script = "source " + project().resolve("scripts/bench/repository") + " && bench_repository " + dir;
        Exec.Result r = Exec.run(dir, List.of("bash", "-c", script), Map.of("HOME", home.toString(),
                "MAVEN_REPO", home.resolve(".m2/repository").toString()));
        assertNotEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("is the user's local repository"), r.output());
    }

    @Test
    void bothBenchmarksInstallIntoThePrivateRepository() throws Exception {
        Path home = home();
        Path privateRepo = dir.resolve("private");
        Path args = dir.resolve("install-args");
        Path stub = dir.resolve("mvn-stub");
        Files.writeString(stub, "#!/bin/bash\nprintf '%s\\n' \"$@\" >> '" + args + "'\n");
        assertTrue(stub.toFile().setExecutable(true));
        Map<String, String> env = Map.of("HOME", home.toString(), "MAVEN_REPO", privateRepo.toString(),
                "MVN_INSTALL", stub.toString(), "INSTALL_ONLY", "1", "BASELINE", "HEAD", "BENCH_DIR",
                dir.resolve("work").toString());
        for (String name : List.of("bench/step-graph", "bench/remote-cache")) {
            Files.deleteIfExists(args);
            Exec.Result r = Exec.run(dir, List.of(project().resolve("scripts/" + name).toString()), env);
            assertEquals(0, r.exit(), name + ": " + r.output());
            assertTrue(r.output().contains("installed in " + privateRepo.toRealPath()), name + ": " + r.output());
            List<String> given = Files.readAllLines(args);
            assertTrue(given.contains("install"), name + ": " + given);
            assertTrue(given.contains("-Dmaven.repo.local=" + privateRepo.toRealPath()), name + ": " + given);
            assertTrue(given.contains("-Dmaven.repo.local.tail=" + home.resolve(".m2/repository")), name + ": " + given);
            try (Stream<Path> user = Files.list(home.resolve(".m2/repository"))) {
                assertEquals(0, user.count(), name + " wrote into the user's repository");
            }
        }
    }
}
