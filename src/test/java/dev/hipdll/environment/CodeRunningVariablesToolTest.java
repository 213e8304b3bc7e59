package dev.hipdll.environment;

import dev.hipdll.host.Environment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.OsFamily;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The code-running variables are real: for bash, perl, python3, node, the dynamic loader and
 * ccache, the program of the variable's choosing runs (it creates a marker file) when the variable is inherited,
 * and not in the environment the scrub makes, in which the variable is logged as removed. Each case needs its
 * tool ({@link Toolchain#require}: a skip outside CI, a failure under {@code CI=true}).
 */
class CodeRunningVariablesToolTest {
    @TempDir
    Path tmp;

    /** Runs {@code command} with exactly {@code env} and says whether {@code marker} appeared. */
    private static boolean runs(List<String> command, Map<String, String> env, Path marker, Path dir) throws Exception {
        Files.deleteIfExists(marker);
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), command.toString());
        assertEquals(0, p.exitValue(), command + ": " + out);
        return Files.exists(marker);
    }

    /** The variables' effect inherited and after the scrub (with a ccache launcher, the most permissive policy). */
    private void injects(List<String> command, Map<String, String> variables) throws Exception {
        injects(command, variables, Map.of());
    }

    /** As {@link #injects(List, Map)}, with {@code others} inherited too (and kept by the scrub). */
    private void injects(List<String> command, Map<String, String> variables, Map<String, String> others)
            throws Exception {
        Path marker = tmp.resolve("marker");
        Map<String, String> inherited = new LinkedHashMap<>();
        inherited.put("PATH", "/usr/local/bin:/usr/bin:/bin");
        inherited.put("HOME", tmp.toString());
        inherited.putAll(others);
        inherited.putAll(variables);
        assertTrue(runs(command, inherited, marker, tmp), variables.keySet() + " ran nothing in " + command
                + ": the case shows nothing");
        ScrubResult r = new EnvironmentScrubber(ScrubPolicy.defaults().withLauncher("ccache")).scrub(
                Environment.of(OsFamily.UNIX, inherited), Files.createDirectories(tmp.resolve("sdk")),
                new LinkedHashMap<>(), List.of());
        assertEquals(new ArrayList<>(variables.keySet()), r.removedNames());
        assertFalse(runs(command, r.environment().toMap(), marker, tmp), variables.keySet() + " ran code after the scrub");
    }

    private Path file(String name, String text) throws Exception {
        Path p = tmp.resolve(name);
        Files.createDirectories(p.getParent());
        return Files.writeString(p, text);
    }

    @Test
    void bashEnvAndImportedFunctions() throws Exception {
        Toolchain.require("bash");
        Path marker = tmp.resolve("marker");
        injects(List.of("bash", "-c", "true"), Map.of("BASH_ENV", file("evil.sh", "touch '" + marker + "'\n").toString()));
        injects(List.of("bash", "-c", "true"), Map.of("BASH_FUNC_true%%", "() { touch '" + marker + "'; }"));
    }

    @Test
    void perlOptionsAndLibraryPath() throws Exception {
        Toolchain.require("perl");
        Path marker = tmp.resolve("marker");
        String touch = "open(my $f, '>', '" + marker + "'); close($f);\n";
        file("perl-lib/HipdllMark.pm", "package HipdllMark;\n" + touch + "1;\n");
        injects(List.of("perl", "-e", "1"), Map.of("PERL5OPT", "-I" + tmp.resolve("perl-lib") + " -MHipdllMark"));
        // hipcc.pl (ROCm 5.x) begins with "use strict;": a strict.pm first in the search path runs
        file("shadow/strict.pm", "package strict;\n" + touch + "sub import {}\n1;\n");
        injects(List.of("perl", "-e", "use strict; 1"), Map.of("PERL5LIB", tmp.resolve("shadow").toString()));
        injects(List.of("perl", "-e", "use strict; 1"), Map.of("PERLLIB", tmp.resolve("shadow").toString()));
    }

    @Test
    void pythonPath() throws Exception {
        Path python = Path.of("/usr/bin/python3");
        if (!Files.isExecutable(python)) {
            Toolchain.missing("no /usr/bin/python3");
        }
        Path marker = tmp.resolve("marker");
        file("py/sitecustomize.py", "open(r'" + marker + "', 'w').close()\n");
        injects(List.of(python.toString(), "-c", "pass"), Map.of("PYTHONPATH", tmp.resolve("py").toString()));
    }

    @Test
    void nodeOptions() throws Exception {
        Toolchain.require("node");
        Path marker = tmp.resolve("marker");
        Path js = file("evil.js", "require('fs').writeFileSync(" + quoteJs(marker.toString()) + ", '')\n");
        injects(List.of("node", "-e", "0"), Map.of("NODE_OPTIONS", "--require " + js));
    }

    @Test
    void dynamicLoaderPreload() throws Exception {
        Toolchain.require("cc");
        Path marker = tmp.resolve("marker");
        Path c = file("mark.c", "#include <fcntl.h>\n#include <unistd.h>\n"
                + "__attribute__((constructor)) static void mark(void) {\n"
                + "  int fd = open(\"" + marker + "\", O_CREAT | O_WRONLY, 0644); if (fd >= 0) close(fd);\n}\n");
        Path so = tmp.resolve("mark.so");
        Exec.ok(tmp, List.of("cc", "-shared", "-fPIC", "-o", so.toString(), c.toString()));
        injects(List.of("/bin/true"), Map.of("LD_PRELOAD", so.toString()));
    }

    @Test
    void ccachePrefix() throws Exception {
        Toolchain.require("ccache", "clang-19");
        Path marker = tmp.resolve("marker");
        Path prefix = file("prefix.sh", "#!/bin/sh\ntouch '" + marker + "'\nexec \"$@\"\n");
        prefix.toFile().setExecutable(true);
        file("k.c", "int k(void) { return 1; }\n");
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("CCACHE_PREFIX", prefix.toString());
        vars.put("CCACHE_PREFIX_CPP", prefix.toString());
        injects(List.of("ccache", Toolchain.tool("clang-19").toString(), "-c", "k.c", "-o", "k.o"), vars,
                Map.of("CCACHE_DIR", tmp.resolve("ccache").toString()));
    }

    private static String quoteJs(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
