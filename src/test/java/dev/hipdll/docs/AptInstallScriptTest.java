package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The install scripts wait for another apt instead of failing with exit 100: every apt run goes
 * through {@code scripts/install/apt-packages}, which passes apt's {@code DPkg::Lock::Timeout} to both {@code update} and
 * {@code install}.
 */
class AptInstallScriptTest {
    @TempDir
    Path bin;

    @Test
    void updateAndInstallWaitForTheDpkgLock() throws IOException {
        Path calls = bin.resolve("calls.txt");
        Path fake = Files.writeString(bin.resolve("apt-get"),
                "#!/bin/sh\necho \"$*\" >> '" + calls + "'\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(bin.resolve("sudo"), "#!/bin/sh\nexec \"$@\"\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(bin.resolve("sudo"), PosixFilePermissions.fromString("rwxr-xr-x"));

        Exec.Result r = Exec.run(Path.of("."), List.of("scripts/install/apt-packages", "--no-recommends", "wine64", "wine"),
                Map.of("PATH", bin + ":" + System.getenv("PATH"), "HIPDLL_APT_LOCK_TIMEOUT", "42"));

        assertEquals(0, r.exit(), r.output());
        List<String> lines = Files.readAllLines(calls, StandardCharsets.UTF_8);
        assertEquals(List.of("-o DPkg::Lock::Timeout=42 update -qq",
                "-o DPkg::Lock::Timeout=42 install -y -qq --no-install-recommends wine64 wine"), lines);
    }

    @Test
    void noInstallScriptCallsAptGetDirectly() throws IOException {
        List<String> direct = new ArrayList<>();
        try (Stream<Path> scripts = Files.walk(Path.of("scripts"))) {
            for (Path script : scripts.filter(Files::isRegularFile).sorted().toList()) {
                if (script.equals(Path.of("scripts/install/apt-packages"))) {
                    continue;
                }
                List<String> lines = Files.readAllLines(script, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    String code = lines.get(i).replaceFirst("#.*", "");
                    if (code.matches(".*\\bapt-get\\b.*") || code.matches(".*\\bapt\\s+install\\b.*")) {
                        direct.add(script + ":" + (i + 1) + ": " + lines.get(i).strip());
                    }
                }
            }
        }
        assertTrue(direct.isEmpty(), "apt without the lock timeout of scripts/install/apt-packages: " + direct);
    }

    /** The nginx that cache-tools installs is not left enabled at boot. */
    @Test
    void cacheToolsDisablesTheNginxServiceItInstalled() throws IOException {
        Path calls = bin.resolve("calls.txt");
        for (String tool : List.of("apt-get", "systemctl")) {
            Path fake = Files.writeString(bin.resolve(tool), "#!/bin/sh\necho \"" + tool + " $*\" >> '" + calls + "'\n",
                    StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Files.writeString(bin.resolve("sudo"), "#!/bin/sh\nexec \"$@\"\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(bin.resolve("sudo"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Path policy = Path.of("/usr/sbin/policy-rc.d");
        boolean hadPolicy = Files.exists(policy);

        Exec.Result r = Exec.run(Path.of("."), List.of("scripts/install/cache-tools"),
                Map.of("PATH", bin + ":" + System.getenv("PATH"), "HIPDLL_CACHE_TOOLS_NGINX", ""));

        assertEquals(0, r.exit(), r.output());
        List<String> lines = Files.readAllLines(calls, StandardCharsets.UTF_8);
        assertTrue(lines.contains("apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends nginx"),
                lines.toString());
        assertTrue(lines.contains("systemctl disable --quiet nginx.service"), "nginx left enabled at boot: " + lines);
        assertEquals(hadPolicy, Files.exists(policy), "the policy-rc.d guard was left behind");
    }
}
