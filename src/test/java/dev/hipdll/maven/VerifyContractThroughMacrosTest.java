package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through hipdll:verify: the example DLL (48 names) against the example's loader
 * with one more required name reached through a macro ({@code EACH(RESOLVE)}). Before the fix the contract
 * lacked it and the DLL was VERIFIED. With the SDK at hand ({@code HIP_SDK_ROOT}: the stand-in's clang) the
 * missing name fails {@code exports.required}; without it the contract fails closed, naming the line.
 */
class VerifyContractThroughMacrosTest {
    @TempDir
    static Path shared;
    static Path dll;
    static Path loader;
    static int line;

    @TempDir
    Path dir;

    @BeforeAll
    static void build() throws Exception {
        dll = Fixtures.exampleDll(shared.resolve("target/hipdll"), "coli_hip.dll", List.of("gfx1151"), List.of());
        String example = Files.readString(Toolchain.exampleDir().resolve("host/backend_loader.c"), StandardCharsets.UTF_8);
        int at = example.indexOf("    return 1;\n}\n\nint coli_backend_load");
        String text = example.substring(0, at) + "#define EACH(M) M(extra1, coli_init_fn)\n    EACH(RESOLVE);\n"
                + example.substring(at);
        loader = Files.writeString(shared.resolve("backend_loader.c"), text, StandardCharsets.UTF_8);
        line = (int) text.lines().takeWhile(l -> !l.contains("EACH(RESOLVE)")).count() + 1;
    }

    private VerifyMojo mojo(Map<String, String> environment) {
        VerifyMojo m = new VerifyMojo() {
            @Override
            Host host() {
                return Host.of(OsFamily.UNIX, environment);
            }
        };
        m.dll = dll.toFile();
        m.staticRuntime = true;
        m.expectedExports = 48;
        m.contract = loader.toFile();
        m.failOnExtraExports = true;
        m.maxBundleMiB = 512;
        m.skipChecks = List.of("paths.build");
        m.reportDirectory = dir.resolve("reports").toFile();
        return m;
    }

    private JsonNode check(String id) throws Exception {
        for (JsonNode c : new ObjectMapper().readTree(dir.resolve("reports/verify.json").toFile()).get("checks")) {
            if (c.get("id").asText().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no check " + id);
    }

    @Test
    void withTheSdkTheNameReachedThroughAMacroIsRequired() throws Exception {
        Map<String, String> env = new HashMap<>(Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin")));
        env.put("HIP_SDK_ROOT", Toolchain.standinSdk().toString());
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> mojo(env).execute());
        assertTrue(e.getMessage().contains("exports.required"), e.getMessage());
        assertEquals("FAIL", check("exports.required").get("verdict").asText());
        assertEquals("missing required: coli_cuda_extra1", check("exports.required").get("details").get(0).asText());
        assertTrue(check("exports.required").get("expected").asText().contains("47 required names (" + loader
                + " (47 RESOLVE + 2 RESOLVE_OPT; names as clang -E preprocesses it"), check("exports.required").toString());
    }

    @Test
    void withoutTheSdkTheContractFailsClosed() {
        MojoFailureException e = assertThrows(MojoFailureException.class,
                () -> mojo(Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin"))).execute());
        assertTrue(e.getMessage().startsWith("contract: " + loader + ":" + line + ":"), e.getMessage());
        assertTrue(e.getMessage().contains("the loader passes RESOLVE through a macro at line " + line + " (RESOLVE is not"
                + " followed by its arguments"), e.getMessage());
    }
}
