package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lld-link-19's {@code >>> referenced by} lines, in a real link through the stand-in SDK that
 * fails on an undefined symbol, are logged at their error's level, not below the {@code error:} line they belong to.
 */
class LinkerOutputLevelsBuildTest {
    @TempDir
    Path dir;

    @Test
    void referencedByLinesAreAtTheErrorsLevel() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild b = new CoreBuild(dir.resolve("proj")).withExample();
        Path chain = b.sources().resolve("cuda_chain.cu");
        Files.writeString(chain, Files.readString(chain) + """

                #ifndef __HIP_DEVICE_COMPILE__
                extern "C" int coli_missing_helper(int);
                extern "C" int coli_uses_missing(int d) { return coli_missing_helper(d) + coli_missing_helper(d + 1); }
                #endif
                """);
        assertThrows(BuildFailedException.class, b::build);
        List<String> log = List.copyOf(b.log);
        String error = log.stream().filter(l -> l.contains("lld-link: error: undefined symbol: coli_missing_helper"))
                .findFirst().orElseThrow(() -> new AssertionError("no undefined-symbol error: " + log));
        assertTrue(error.startsWith("WARN "), "the error is logged as an error (a warning in this listener): " + error);
        List<String> referenced = log.stream().filter(l -> l.contains(">>> referenced by")).toList();
        assertFalse(referenced.isEmpty(), "lld-link printed no '>>> referenced by': " + log);
        for (String r : referenced) {
            assertTrue(r.startsWith("WARN [coli_hip.dll] >>> referenced by"), r + " in " + log);
        }
    }
}
