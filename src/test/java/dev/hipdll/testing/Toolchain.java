package dev.hipdll.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * The external tools tests need (LLVM 19 from Debian, the stand-in HIP SDK). A test that needs
 * one calls {@link #require}: outside CI a missing tool skips the test with the reason; under CI
 * ({@code CI=true}) it fails, naming what is missing, so a broken machine never turns into a
 * silent skip.
 */
public final class Toolchain {
    private Toolchain() {
    }

    /** Absolute path of {@code tool} on PATH (or /usr/bin), after {@link #require}-ing it. */
    public static Path tool(String tool) {
        require(tool);
        return find(tool);
    }

    /** Requires every named tool; see the class comment for what happens when one is missing. */
    public static void require(String... tools) {
        List<String> missing = new ArrayList<>();
        for (String t : tools) {
            if (find(t) == null) {
                missing.add(t);
            }
        }
        if (!missing.isEmpty()) {
            missing("missing tools " + missing + ": run ./scripts/install/toolchain (installs clang-19 lld-19 llvm-19 clang-tools-19 clangd-19)");
        }
    }

    /** The stand-in HIP SDK that the build assembled (system property {@code hipdll.standinSdk}). */
    public static Path standinSdk() {
        String p = System.getProperty("hipdll.standinSdk");
        Path sdk = p == null ? null : Path.of(p);
        if (sdk == null || !Files.isRegularFile(sdk.resolve("bin/hipcc"))) {
            missing("stand-in HIP SDK not found at " + p + ": run ./scripts/fixtures/standin-sdk " + (p == null ? "<dir>" : p)
                    + " (mvn does this in process-test-resources)");
        }
        return sdk;
    }

    /** The example project directory (system property {@code hipdll.exampleDir}). */
    public static Path exampleDir() {
        String p = System.getProperty("hipdll.exampleDir", "examples/colibri-backend");
        return Path.of(p).toAbsolutePath();
    }

    /** Fails under CI, skips elsewhere, with {@code message}. */
    public static void missing(String message) {
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail("CI=true and a test prerequisite is missing: " + message);
        }
        Assumptions.abort(message);
    }

    private static Path find(String tool) {
        String path = System.getenv().getOrDefault("PATH", "") + ":/usr/bin:/usr/local/bin";
        for (String dir : path.split(":")) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
