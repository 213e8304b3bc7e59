package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Toolchain;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The core build of the example with the stand-in SDK (whose hipcc and clang are bash
 * scripts) and Debian's ccache: a program named by {@code CCACHE_PREFIX}, by {@code prefix_command} in the file
 * {@code CCACHE_CONFIGPATH} names, in {@code $CCACHE_DIR/ccache.conf} or in {@code ~/.config/ccache/ccache.conf},
 * or a file named by {@code BASH_ENV}, would put a marker into every compile (each also leaves a file behind when
 * it runs). With the scrub the DLL is byte for byte the one built in a clean environment, nothing ran, and the log
 * names each removed variable. A variable that does pass (a launcher setting, a kept variable) is in each step's
 * key and in the stamp: changing it rebuilds. Needs clang-19 and ccache (a failure under {@code CI=true}).
 */
class CodeRunningVariablesBuildTest {
    @TempDir
    Path tmp;
    Path prefix;
    Path ran;
    Path forced;

    @BeforeEach
    void tools() throws IOException {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19", "ccache");
        Files.createDirectories(tmp.resolve("evil"));
        forced = Files.writeString(tmp.resolve("evil/forced.h"),
                "__attribute__((used)) static const char hipdll_launcher_marker[] = \"INJECTED-AROUND-THE-COMPILE\";\n");
        ran = tmp.resolve("evil/ran");
        // what a prefix_command gets: the compiler's command line; it adds a forced include and runs it
        prefix = Files.writeString(tmp.resolve("evil/prefix.sh"), "#!/bin/sh\ntouch '" + ran + "'\nexec \"$@\" -include '"
                + forced + "'\n");
        prefix.toFile().setExecutable(true);
    }

    private CoreBuild project(String dir, boolean ccache) throws IOException {
        CoreBuild b = new CoreBuild(Files.createDirectories(tmp.resolve(dir))).withExample();
        b.outputTimestamp = "2026-01-01T00:00:00Z";
        if (ccache) {
            b.compilerLauncher = "ccache";
        }
        return b;
    }

    /** The DLL built with the variables, compared with one built in a clean environment. */
    private void sameAsClean(CoreBuild attacked, List<String> log, String... removed) throws Exception {
        CoreBuild clean = project("clean", false);
        clean.build();
        String bytes = new String(Files.readAllBytes(attacked.dll()), StandardCharsets.ISO_8859_1);
        assertFalse(bytes.contains("INJECTED-AROUND-THE-COMPILE"), "the injected bytes are in the DLL");
        assertFalse(Files.exists(ran), "the injected program ran");
        assertArrayEquals(Files.readAllBytes(clean.dll()), Files.readAllBytes(attacked.dll()));
        for (String name : removed) {
            assertTrue(log.stream().anyMatch(l -> l.startsWith("  removed " + name + " (runs code (")), name + ": " + log);
        }
    }

    @Test
    void ccachePrefixAndAConfigPathWithAPrefixCommandRunNothing() throws Exception {
        CoreBuild b = project("prefix", true);
        b.extraEnv.put("CCACHE_DIR", tmp.resolve("ccache-prefix").toString());
        b.extraEnv.put("CCACHE_PREFIX", prefix.toString());
        b.extraEnv.put("CCACHE_PREFIX_CPP", prefix.toString());
        Path conf = Files.writeString(tmp.resolve("evil/ccache.conf"), "prefix_command = " + prefix + "\n");
        b.extraEnv.put("CCACHE_CONFIGPATH", conf.toString());
        List<String> log = b.build();
        sameAsClean(b, log, "CCACHE_PREFIX", "CCACHE_PREFIX_CPP", "CCACHE_CONFIGPATH");
        assertTrue(log.stream().anyMatch(l -> l.equals("  kept CCACHE_DIR (for the compiler launcher ccache"
                + " (hip.compilerLauncher))")), log.toString());
        String buildLog = Files.readString(b.dll().resolveSibling("build.log"));
        assertTrue(buildLog.contains("CCACHE_CONFIGPATH=" + b.dll().resolveSibling("launcher/ccache.conf")), buildLog);
    }

    @Test
    void ccachesOwnConfigurationFilesAreNotRead() throws Exception {
        // $CCACHE_DIR/ccache.conf: no variable names the prefix, ccache finds it itself
        CoreBuild inDir = project("in-cache-dir", true);
        Path cacheDir = Files.createDirectories(tmp.resolve("ccache-own"));
        Files.writeString(cacheDir.resolve("ccache.conf"), "prefix_command = " + prefix + "\n");
        inDir.extraEnv.put("CCACHE_DIR", cacheDir.toString());
        sameAsClean(inDir, inDir.build());

        // ~/.config/ccache/ccache.conf (CoreBuild's HOME is the project directory), no CCACHE_DIR
        CoreBuild inHome = project("in-home", true);
        Path home = Files.createDirectories(inHome.project.resolve(".config/ccache"));
        Files.writeString(home.resolve("ccache.conf"), "prefix_command = " + prefix + "\n");
        sameAsClean(inHome, inHome.build());
    }

    @Test
    void bashEnvDoesNotSteerTheStandinsScriptHipcc() throws Exception {
        // sourced by every non-interactive bash, such as the stand-in's hipcc, before its first line, with the
        // script's arguments: a compile (-c) gets a forced include through the variable hipcc reads
        Path bashEnv = Files.writeString(tmp.resolve("evil/bash-env.sh"), "touch '" + ran + "'\n"
                + "case \" $* \" in *\" -c \"*) export HIPCC_COMPILE_FLAGS_APPEND=\"-include " + forced + "\" ;; esac\n");
        CoreBuild b = project("bash-env", false);
        b.extraEnv.put("BASH_ENV", bashEnv.toString());
        sameAsClean(b, b.build(), "BASH_ENV");
    }

    @Test
    void aPassingVariableChangeRebuilds() throws Exception {
        CoreBuild b = project("passing", true);
        b.extraEnv.put("CCACHE_DIR", tmp.resolve("ccache-passing").toString());
        b.build();
        assertTrue(b.build().stream().anyMatch(l -> l.contains("is up to date")), "the same environment is up to date");

        b.extraEnv.put("CCACHE_SLOPPINESS", "time_macros");  // a launcher setting: passes with hip.compilerLauncher
        List<String> log = b.build();
        assertFalse(log.stream().anyMatch(l -> l.contains("is up to date")), log.toString());
        assertTrue(log.stream().anyMatch(l -> l.startsWith("rebuilding coli_hip.dll: ") && l.contains("CCACHE_SLOPPINESS")),
                log.toString());
        assertTrue(b.ran().stream().anyMatch(s -> s.startsWith("device compile")), "the compiles reran: " + b.ran());

        // a code-running variable kept by name passes too, and counts the same way
        CoreBuild k = project("kept", false);
        k.keepVariables = List.of("LD_LIBRARY_PATH");
        k.extraEnv.put("LD_LIBRARY_PATH", tmp.resolve("libs-a").toString());
        k.build();
        k.extraEnv.put("LD_LIBRARY_PATH", tmp.resolve("libs-b").toString());
        List<String> logK = k.build();
        assertTrue(logK.stream().anyMatch(l -> l.startsWith("rebuilding coli_hip.dll: ") && l.contains("LD_LIBRARY_PATH")),
                logK.toString());
        assertTrue(k.ran().stream().anyMatch(s -> s.startsWith("device compile")), "the compiles reran: " + k.ran());
    }
}
