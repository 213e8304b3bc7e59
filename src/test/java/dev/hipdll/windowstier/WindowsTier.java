package dev.hipdll.windowstier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.testing.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The machine of the Windows tier (scripts/windows-tier): a Windows JVM under Wine, with the
 * Windows-layout stand-in HIP SDK at {@code C:\Program Files\AMD\ROCm\7.1\}, the decoy ROCm 6.4, Visual
 * Studio with two toolsets and the Windows SDK laid out by scripts/fixtures/windows-tier-layout, and the fixture
 * programs (probe.exe, hang.exe, holder.exe, argv.exe, decoy.exe, hipcc.exe) in
 * {@code -Dhipdll.tier.fixtures}. Every test of the tier starts with {@link #host()}, which fails (never
 * skips) when the JVM is not on Windows.
 */
final class WindowsTier {
    /** The JUnit tag the tier selects and Surefire leaves out. */
    static final String TAG = "windows-tier";
    /** The stand-in HIP SDK inside the prefix. */
    static final Path SDK = Path.of("C:\\Program Files\\AMD\\ROCm\\7.1");
    /** The decoy SDK that HIP_PATH names. */
    static final Path DECOY_SDK = Path.of("C:\\Program Files\\AMD\\ROCm\\6.4");
    /** The Visual Studio installation vswhere names. */
    static final Path VS = Path.of("C:\\Program Files\\Microsoft Visual Studio\\2022\\BuildTools");
    /** Where vswhere.exe and its answer file are. */
    static final Path VS_INSTALLER = Path.of("C:\\Program Files (x86)\\Microsoft Visual Studio\\Installer");

    private WindowsTier() {
    }

    /**
     * The real host, as the mojos make it: {@code os.name} and {@code System.getenv()}.
     *
     * @throws AssertionError when this JVM is not on Windows (the tier must not pass by skipping)
     */
    static Host host() {
        OsFamily os = OsFamily.fromOsName(System.getProperty("os.name"));
        assertEquals(OsFamily.WINDOWS, os, "the Windows tier runs under a Windows JVM (scripts/windows-tier), not "
                + System.getProperty("os.name"));
        return Host.of(os, System.getenv());
    }

    /** The host with {@code variables} added to (or replacing, by Windows' case-insensitive names) its environment. */
    static Host host(Map<String, String> variables) {
        Map<String, String> env = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        env.putAll(host().environment().toMap());
        env.putAll(variables);
        return Host.of(OsFamily.WINDOWS, env);
    }

    /** This project's checkout (Z:\...), from {@code -Dhipdll.tier.project}. */
    static Path checkout() {
        return Path.of(property("hipdll.tier.project"));
    }

    /** The example backend (examples/colibri-backend). */
    static Path example() {
        return checkout().resolve("examples").resolve("colibri-backend");
    }

    /** The fixture programs and libraries. */
    static Path fixtures() {
        return Path.of(property("hipdll.tier.fixtures"));
    }

    /** A directory for one test's files, fresh. */
    static Path work(String name) throws IOException {
        Path w = Path.of(property("hipdll.tier.work")).resolve(name);
        delete(w);
        return Files.createDirectories(w);
    }

    private static String property(String name) {
        String v = System.getProperty(name);
        if (v == null || v.isBlank()) {
            throw new AssertionError("-D" + name + " is not set: run the Windows tier with scripts/windows-tier");
        }
        return v;
    }

    /** Copies a directory tree ({@link Trees#copy}). */
    static void copyTree(Path from, Path to) throws IOException {
        Trees.copy(from, to);
    }

    /** Deletes a directory tree if it exists ({@link Trees#delete}). */
    static void delete(Path dir) throws IOException {
        Trees.delete(dir);
    }

    /** A copy of the stand-in SDK at {@code to} made of hard links ({@link Trees#link}). */
    static Path linkSdk(Path to) throws IOException {
        Trees.link(SDK, to);
        return to;
    }

    /**
     * A linked copy of the SDK ({@link #linkSdk}) whose {@code bin\hipcc.exe} and {@code lib\llvm\bin\clang.exe}
     * are probe.exe, each running the real one renamed {@code -real.exe}; every start of either is recorded
     * ({@link ProbeLog}).
     */
    static Path probeSdk(Path to) throws IOException {
        linkSdk(to);
        for (Path tool : new Path[] {to.resolve("bin").resolve("hipcc.exe"),
                to.resolve("lib").resolve("llvm").resolve("bin").resolve("clang.exe")}) {
            String base = tool.getFileName().toString().replace(".exe", "");
            Files.move(tool, tool.resolveSibling(base + "-real.exe"));
            Files.copy(fixtures().resolve("probe.exe"), tool);
        }
        return to;
    }

    /** A copy of the stand-in SDK at {@code to} (the large LLVM executables copied as well). */
    static Path copySdk(Path to) throws IOException {
        copyTree(SDK, to);
        return to;
    }
}
