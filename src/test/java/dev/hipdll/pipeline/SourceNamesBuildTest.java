package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Source names through a real build with the stand-in SDK: a name with a line break is
 * refused before anything runs; {@code back\slash.cu} builds, is recorded and stamped, and an edit rebuilds
 * (clang-19 lists it in its dependency file as {@code back/slash.cu}, which does not exist, so the unit was
 * never recorded nor the DLL stamped); a unit whose records cannot be written is reported once.
 */
class SourceNamesBuildTest {
    @TempDir
    Path dir;

    @Test
    void aSourceNameWithALineBreakIsRefusedBeforeAnythingRuns() throws Exception {
        CoreBuild b = new CoreBuild(dir.resolve("p")).withExample();
        Files.move(b.sources().resolve("cuda_chain.cu"), b.sources().resolve("x\n::error title=injected::owned\ny.cu"));
        String m = assertThrows(IllegalArgumentException.class, b::build).getMessage();
        assertTrue(m.startsWith("the source " + b.sources() + "/x\\n::error title=injected::owned\\ny.cu has a control"
                + " character in its name"), m);
        assertFalse(m.contains("\n"), m);
        assertFalse(Files.exists(b.project.resolve("target")), "something ran");
    }

    @Test
    void aBackslashInASourceNameBuildsIsStampedAndRebuildsOnAnEdit() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild b = new CoreBuild(dir.resolve("p")).withExample();
        Path source = b.sources().resolve("back\\slash.cu");
        Files.move(b.sources().resolve("cuda_chain.cu"), source);
        b.build();
        assertTrue(b.log.stream().noneMatch(l -> l.startsWith("WARN")), b.log.toString());
        assertTrue(Files.isRegularFile(b.dll().resolveSibling("coli_hip.dll.stamp.json")), b.log.toString());
        assertTrue(Files.isRegularFile(b.dll().resolveSibling("steps/back/slash.cu/host.obj.step.json")));
        b.build();
        assertTrue(b.log.stream().anyMatch(l -> l.startsWith("coli_hip.dll is up to date")), b.log.toString());
        Files.writeString(source, Files.readString(source) + "\n// edited\n");
        b.build();
        assertEquals("source back/slash.cu changed", b.reason("host compile back/slash.cu"));
        assertTrue(b.ran().stream().noneMatch(s -> s.contains("backend_cuda.cu")), b.ran().toString());
        assertTrue(b.log.stream().noneMatch(l -> l.startsWith("WARN")), b.log.toString());
        Path ops = b.sources().resolve("include/ops.h");
        Files.writeString(ops, Files.readString(ops) + "\n#define EDITED 1\n");
        b.build();
        assertEquals("header include/ops.h changed", b.reason("device compile back/slash.cu [gfx1151]"));
        b.build();
        assertTrue(b.log.stream().anyMatch(l -> l.startsWith("coli_hip.dll is up to date")), b.log.toString());
    }

    @Test
    void aUnitWhoseRecordsCannotBeWrittenIsReportedOnce() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild b = new CoreBuild(dir.resolve("p")).withExample();
        b.arch = "gfx1151,gfx1100";
        // a header whose name has a tab: clang's dependency file cannot say where the name ends, so the three
        // compile steps of cuda_chain.cu cannot record what they read
        Files.writeString(b.sources().resolve("include/ta\tb.h"), "#define TAB 1\n");
        Path chain = b.sources().resolve("cuda_chain.cu");
        Files.writeString(chain, "#include \"ta\tb.h\"\n" + Files.readString(chain));
        b.build();
        List<String> records = b.log.stream().filter(l -> l.startsWith("WARN") && l.contains("record could not be"
                + " written")).toList();
        assertEquals(1, records.size(), b.log.toString());
        assertTrue(records.get(0).contains("(a step of cuda_chain.cu whose record cannot be written is reported once per"
                + " build)"), records.get(0));
        assertFalse(records.get(0).contains("\t"), records.get(0));
    }
}
