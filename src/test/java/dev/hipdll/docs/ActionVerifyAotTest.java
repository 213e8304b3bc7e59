package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GitHub Action's AOT cache (scripts/ci/action-verify, HIPDLL_AOT): which JVM options the run step passes for
 * what {@code java -version} says and what the cache directory holds, and that the exit code and the outputs stay the
 * command line's. The Java here is a stand-in (JAVA_HOME) that prints a given {@code -version} text and writes the
 * arguments of its run, one a line; the jar is a downloaded one already in the cache (HIPDLL_CACHE_DIR), so nothing
 * is downloaded. A real Java 25 keeps the exit code of a training run and goes on without a cache it cannot map
 * (IT action-verify-script, case 5).
 */
class ActionVerifyAotTest {
    private static final String VERSION = "1.2.3";
    private static final String JAVA_25 = "openjdk version \"25.0.3\" 2026-04-21 LTS\nOpenJDK Runtime Environment"
            + " Temurin-25.0.3+9 (build 25.0.3+9-LTS)\n";

    @TempDir
    Path dir;

    private record Run(int status, String out, List<String> args, List<String> outputs) {
        /** The JVM options before {@code -jar}. */
        List<String> jvm() {
            return args.subList(0, args.indexOf("-jar"));
        }
    }

    /** The cache's path: the Java version and the first 12 digits of the jar's SHA-1 (the stand-in jar's text). */
    private Path aot(String javaVersion) throws Exception {
        String sha1 = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-1")
                .digest(JAR_TEXT.getBytes(StandardCharsets.UTF_8)));
        return dir.resolve("aot").resolve(VERSION).resolve("hipdll-cli-" + javaVersion + "-" + sha1.substring(0, 12) + ".aot");
    }

    private static final String JAR_TEXT = "stand-in";

    /** What the next {@link #run} writes as the downloaded jar. */
    private String jarText = JAR_TEXT;

    @Test
    void javaTwentyFiveTrainsThenUsesTheCache() throws Exception {
        Run first = run(JAVA_25, 0, 0, Map.of());
        assertEquals(0, first.status(), first.out());
        assertEquals(List.of("-XX:AOTCacheOutput=" + aot("25.0.3")), first.jvm(), first.out());
        Files.write(aot("25.0.3"), new byte[] {1, 2, 3});
        Run second = run(JAVA_25, 0, 0, Map.of());
        assertEquals(List.of("-XX:AOTCache=" + aot("25.0.3")), second.jvm(), second.out());
    }

    /** A rejected DLL on the training run: exit 1 and the verdict rejected, as without the cache. */
    @Test
    void aRejectionOnTheTrainingRunStaysARejection() throws Exception {
        Run r = run(JAVA_25, 0, 1, Map.of());
        assertEquals(1, r.status(), r.out());
        assertEquals(List.of("-XX:AOTCacheOutput=" + aot("25.0.3")), r.jvm(), r.out());
        assertTrue(r.outputs().containsAll(List.of("exit-code=1", "verdict=rejected")), r.outputs().toString());
    }

    @Test
    void earlyAccessAndOldVersionStrings() throws Exception {
        Run ea = run("openjdk version \"25-ea\" 2025-09-16\n", 0, 0, Map.of());
        assertEquals(List.of("-XX:AOTCacheOutput=" + aot("25-ea")), ea.jvm(), ea.out());
        Run eight = run("java version \"1.8.0_392\"\nJava(TM) SE Runtime Environment (build 1.8.0_392-b08)\n", 0, 0, Map.of());
        assertEquals(List.of(), eight.jvm(), eight.out());
        assertEquals(0, eight.status());
        Run seventeen = run("openjdk version \"17.0.12\" 2024-07-16\n", 0, 0, Map.of());
        assertEquals(List.of(), seventeen.jvm(), seventeen.out());
    }

    /**
     * {@code JAVA_TOOL_OPTIONS} or {@code _JAVA_OPTIONS} in the environment (CI images set them) make the JVM print a
     * "Picked up ..." line before its version: the version is the line that says version, not the first line.
     */
    @Test
    void aPickedUpLineBeforeTheVersionDoesNotTurnTheCacheOff() throws Exception {
        Run r = run("Picked up JAVA_TOOL_OPTIONS: -Dfile.encoding=UTF-8\n" + JAVA_25, 0, 0, Map.of());
        assertEquals(List.of("-XX:AOTCacheOutput=" + aot("25.0.3")), r.jvm(), r.out());
    }



    /** A cache the training run wrote that the JVM cannot map is removed at once, so actions/cache never saves it. */
    @Test
    void aCacheTheJvmCannotUseIsRemovedAfterTraining() throws Exception {
        Run good = run(JAVA_25, 0, 0, Map.of());
        assertEquals(List.of("-XX:AOTCacheOutput=" + aot("25.0.3")), good.jvm(), good.out());
        assertTrue(Files.exists(aot("25.0.3")), "a usable cache is kept: " + good.out());
        Files.delete(aot("25.0.3"));
        Run bad = run(JAVA_25, 0, 1, Map.of("FAKE_AOT_STATUS", "1"));
        assertEquals(1, bad.status(), bad.out());
        assertTrue(!Files.exists(aot("25.0.3")), "an unusable cache was left for actions/cache: " + bad.out());
        assertTrue(bad.out().contains("cannot be used by") && bad.out().contains("removed"), bad.out());
        assertTrue(bad.outputs().containsAll(List.of("exit-code=1", "verdict=rejected")), bad.outputs().toString());
    }

    /**
     * A run that fails with the cache (a JVM crash at its start, exit 134, as a cache overwritten in place gives):
     * the cache is removed and the gate runs again without it, whose exit code and outputs are the step's.
     */
    @Test
    void aCrashWithTheCacheRunsTheGateAgainWithoutIt() throws Exception {
        Files.createDirectories(aot("25.0.3").getParent());
        Files.writeString(aot("25.0.3"), "damaged");
        Run r = run(JAVA_25, 0, 1, Map.of("FAKE_CACHE_STATUS", "134"));
        assertEquals(1, r.status(), r.out());
        assertEquals(List.of(), r.jvm(), "the second run has no cache: " + r.out());
        assertTrue(!Files.exists(aot("25.0.3")), r.out());
        assertTrue(r.out().contains("java exited with 134 using the AOT cache"), r.out());
        assertTrue(r.outputs().containsAll(List.of("exit-code=1", "verdict=rejected")), r.outputs().toString());
    }

    /** Another jar under the same version (a SNAPSHOT downloaded again) gets a cache of its own, never the old one. */
    @Test
    void anotherJarGetsAnotherCache() throws Exception {
        Run first = run(JAVA_25, 0, 0, Map.of());
        assertEquals(List.of("-XX:AOTCacheOutput=" + aot("25.0.3")), first.jvm(), first.out());
        Path jar = dir.resolve("cli").resolve(VERSION).resolve("hipdll-maven-plugin-" + VERSION + "-cli.jar");
        Files.delete(Path.of(jar + ".sha1"));  // as after the jar's cache was evicted and the version downloaded again
        jarText = "another stand-in";
        Run second = run(JAVA_25, 0, 0, Map.of());
        assertTrue(second.jvm().size() == 1 && second.jvm().get(0).startsWith("-XX:AOTCacheOutput=")
                && !second.jvm().get(0).endsWith(aot("25.0.3").getFileName().toString()), second.out());
    }

    /** An empty cache (a training run cut short) is written again, not handed to every later run. */
    @Test
    void anEmptyCacheIsWrittenAgain() throws Exception {
        Files.createDirectories(aot("25.0.3").getParent());
        Files.write(aot("25.0.3"), new byte[0]);
        Run r = run(JAVA_25, 0, 0, Map.of());
        assertEquals(List.of("-XX:AOTCacheOutput=" + aot("25.0.3")), r.jvm(), r.out());
        assertEquals(0, r.status());
    }
    /**
     * A Java whose {@code -version} fails (a JVM that cannot start) is the run's failure, reported as one: the
     * exit code, the outputs exit-code and verdict=error; the script does not die in the version probe without them.
     */
    @Test
    void aJavaThatCannotSayItsVersionIsReportedAsTheRunsFailure() throws Exception {
        Run r = run("Error: could not find libjava.so\nError: Could not find Java SE Runtime Environment.\n", 3, 3, Map.of());
        assertEquals(3, r.status(), r.out());
        assertTrue(r.outputs().containsAll(List.of("exit-code=3", "verdict=error")), r.outputs() + "\n" + r.out());
    }
    /** A home directory with a space: the cache path is one argument. */
    @Test
    void aHomeWithASpace() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home dir"));
        Map<String, String> env = new HashMap<>();
        env.put("HOME", home.toString());
        env.put("HIPDLL_AOT_DIR", "");
        Run r = run(JAVA_25, 0, 0, env);
        assertEquals(List.of("-XX:AOTCacheOutput=" + home.resolve(".hipdll/aot/" + VERSION + "/" + aot("25.0.3").getFileName())),
                r.jvm(), r.out());
        assertTrue(Files.isDirectory(home.resolve(".hipdll/aot/" + VERSION)), r.out());
    }

    /** Runs the script with a stand-in java printing {@code version} (exit {@code versionStatus}) and exiting {@code status}. */
    private Run run(String version, int versionStatus, int status, Map<String, String> more) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("jdk/bin"));
        Files.writeString(dir.resolve("version.txt"), version);
        Path args = dir.resolve("args.txt");
        Files.deleteIfExists(args);
        Path output = dir.resolve("output.txt");
        Files.deleteIfExists(output);
        Path java = bin.resolve("java");
        // -XX:AOTMode=on (the check of a cache just written): exit FAKE_AOT_STATUS (default 0), the args untouched
        Files.writeString(java, "#!/bin/bash\nif [[ \"$1\" == -version ]]; then cat '" + dir.resolve("version.txt")
                + "' >&2; exit " + versionStatus + "; fi\nif [[ \"$1\" == -XX:AOTMode=on ]]; then exit ${FAKE_AOT_STATUS:-0};"
                + " fi\nif [[ \"$1\" == -XX:AOTCache=* && -n \"${FAKE_CACHE_STATUS:-}\" ]]; then exit $FAKE_CACHE_STATUS;"
                + " fi\nfor a in \"$@\"; do [[ \"$a\" == -XX:AOTCacheOutput=* ]] && printf 'cache' > \"${a#*=}\"; done\n"
                + "printf '%s\\n' \"$@\" > '" + args + "'\nexit " + status + "\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path jar = Files.createDirectories(dir.resolve("cli").resolve(VERSION))
                .resolve("hipdll-maven-plugin-" + VERSION + "-cli.jar");
        Files.writeString(jar, jarText);
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.writeString(work.resolve("coli_hip.dll"), "not a DLL");
        ProcessBuilder pb = new ProcessBuilder("bash", Path.of("scripts/ci/action-verify").toAbsolutePath().toString())
                .directory(work.toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("HIPDLL_") || k.startsWith("GITHUB_") || k.endsWith("JAVA_OPTIONS"));
        env.putAll(Map.of("HIPDLL_PATH", "coli_hip.dll", "HIPDLL_VERSION", VERSION, "HIPDLL_CACHE_DIR",
                dir.resolve("cli").toString(), "HIPDLL_AOT", "true", "HIPDLL_AOT_DIR", dir.resolve("aot").toString(),
                "JAVA_HOME", dir.resolve("jdk").toString(), "GITHUB_OUTPUT", output.toString()));
        env.putAll(more);
        if (env.get("HIPDLL_AOT_DIR").isEmpty()) {
            env.remove("HIPDLL_AOT_DIR");
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        return new Run(p.exitValue(), out, Files.exists(args) ? Files.readAllLines(args) : List.of(),
                Files.exists(output) ? Files.readAllLines(output) : List.of());
    }
}
