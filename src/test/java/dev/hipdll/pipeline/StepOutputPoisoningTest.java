package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hipdll.testing.Toolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step output poisoned in {@code target/hipdll/steps/} (as a build cache that restores it can deliver
 * it) never reaches the DLL: a replaced {@code host.obj} or device code object whose
 * record was edited to name another file, or to carry the foreign file's size and time, was taken as
 * "reused (inputs unchanged)" by the next build after an edit elsewhere, and linked. Each case builds the
 * example with the stand-in SDK, poisons one file, edits another source, builds again, and requires the
 * DLL to be byte for byte the one a clean build of the same sources gives (reproducible mode), the
 * foreign marker absent, and a warning naming the file.
 */
class StepOutputPoisoningTest {
    private static final String TIMESTAMP = "2026-01-01T00:00:00Z";
    private static final String MARKER = "FOREIGN-BYTES-OF-ISSUE-21-HOLE-1";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The foreign project, built once for all cases. */
    @TempDir
    static Path shared;
    /** The foreign project's steps directory: same unit names, other code. */
    static Path foreignSteps;

    @TempDir
    Path dir;
    CoreBuild b;

    @BeforeAll
    static void buildTheForeignObjects() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        // the attacker's objects: cuda_chain.cu with an exported marker on the host side and another kernel
        CoreBuild foreign = new CoreBuild(shared.resolve("foreign")).withExample();
        foreign.outputTimestamp = TIMESTAMP;
        Path chain = foreign.sources().resolve("cuda_chain.cu");
        Files.writeString(chain, Files.readString(chain) + "\nextern \"C\" __declspec(dllexport) const char"
                + " coli_foreign_marker[] = \"" + MARKER + "\";\n"
                + "__global__ void k_foreign(int *p) { *p = 0x7f3a; }\n");
        foreign.build();
        foreignSteps = foreign.project.resolve("target/hipdll/steps");
        assertTrue(contains(Files.readAllBytes(foreign.dll()), MARKER), "the foreign DLL carries the marker");
    }

    @BeforeEach
    void buildTheVictim() throws Exception {
        b = new CoreBuild(dir.resolve("victim")).withExample();
        b.outputTimestamp = TIMESTAMP;
        b.build();
    }

    private Path steps() {
        return b.project.resolve("target/hipdll/steps");
    }

    @Test
    void aReplacedHostObjectWhoseRecordNamesAnotherFileIsCompiledAgain() throws Exception {
        Path obj = steps().resolve("cuda_chain.cu/host.obj");
        // the record names a kept copy of the real object; the step's own output is the foreign one
        Path elsewhere = b.project.resolve("target/hipdll/elsewhere.obj");
        Files.copy(obj, elsewhere, StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(foreignSteps.resolve("cuda_chain.cu/host.obj"), obj, StandardCopyOption.REPLACE_EXISTING);
        editRecord(obj, r -> ((ObjectNode) r.get("output")).put("path", elsewhere.toString()));

        rebuildAfterAnEditElsewhere();
        assertCleanDll();
        assertTrue(b.ran().contains("host compile cuda_chain.cu"), b.log.toString());
        assertEquals("its record names another output", b.reason("host compile cuda_chain.cu"));
        assertTrue(b.log.contains("WARN host compile cuda_chain.cu: the record " + record(obj) + " names the output "
                + elsewhere + ", not the step's own " + obj + "; the step runs again"), b.log.toString());
    }

    @Test
    void aReplacedHostObjectWhoseRecordTakesItsSizeAndTimeIsCompiledAgain() throws Exception {
        Path obj = steps().resolve("cuda_chain.cu/host.obj");
        Files.copy(foreignSteps.resolve("cuda_chain.cu/host.obj"), obj, StandardCopyOption.REPLACE_EXISTING);
        long size = Files.size(obj);
        long mtime = Files.getLastModifiedTime(obj).toMillis();
        // size and time as the foreign file has them: a check that trusts them never reads the content
        editRecord(obj, r -> ((ObjectNode) r.get("output")).put("size", size).put("mtime", mtime));

        rebuildAfterAnEditElsewhere();
        assertCleanDll();
        assertTrue(b.ran().contains("host compile cuda_chain.cu"), b.log.toString());
        assertEquals("its output host.obj is not what its record was written for",
                b.reason("host compile cuda_chain.cu"));
        assertTrue(b.log.stream().anyMatch(l -> l.startsWith("WARN host compile cuda_chain.cu: the output " + obj
                + " has SHA-256 ") && l.contains("but its record " + record(obj) + " was written for")), b.log.toString());
    }

    @Test
    void aReplacedDeviceCodeObjectWhoseRecordNamesAnotherFileIsCompiledAgain() throws Exception {
        Path co = steps().resolve("cuda_chain.cu/gfx1151.co");
        Path elsewhere = b.project.resolve("target/hipdll/elsewhere.co");
        Files.copy(co, elsewhere, StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(foreignSteps.resolve("cuda_chain.cu/gfx1151.co"), co, StandardCopyOption.REPLACE_EXISTING);
        editRecord(co, r -> ((ObjectNode) r.get("output")).put("path", elsewhere.toString()));

        rebuildAfterAnEditElsewhere();
        assertCleanDll();
        assertTrue(b.ran().contains("device compile cuda_chain.cu [gfx1151]"), b.log.toString());
        assertTrue(b.log.stream().anyMatch(l -> l.startsWith("WARN device compile cuda_chain.cu [gfx1151]: the record "
                + record(co))), b.log.toString());
    }

    @Test
    void aRecordOfAnotherStepIsNotTaken() throws Exception {
        // backend_cuda.cu's object and record put in cuda_chain.cu's place
        Path obj = steps().resolve("cuda_chain.cu/host.obj");
        Path other = steps().resolve("backend_cuda.cu/host.obj");
        Files.copy(other, obj, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(record(other), record(obj), StandardCopyOption.REPLACE_EXISTING);

        rebuildAfterAnEditElsewhere();
        assertCleanDll();
        assertEquals("its record is of another step", b.reason("host compile cuda_chain.cu"));
        assertTrue(b.log.contains("WARN host compile cuda_chain.cu: the record " + record(obj) + " is of the step"
                + " 'host:backend_cuda.cu', not of 'host:cuda_chain.cu'; the step runs again"), b.log.toString());
    }

    @Test
    void aRecordThatDoesNotParseRunsTheStepWithAWarningNamingIt() throws Exception {
        Path obj = steps().resolve("cuda_chain.cu/host.obj");
        Files.copy(foreignSteps.resolve("cuda_chain.cu/host.obj"), obj, StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(record(obj), "{\"format\": 2, \"step\": \"host:cuda_chain.cu\", \"output\": ");

        rebuildAfterAnEditElsewhere();
        assertCleanDll();
        assertEquals("its record could not be read", b.reason("host compile cuda_chain.cu"));
        assertTrue(b.log.stream().anyMatch(l -> l.startsWith("WARN host compile cuda_chain.cu: the step record "
                + record(obj) + " does not parse (") && l.endsWith("; the step runs again")), b.log.toString());
    }

    @Test
    void bytesPutInTheEmptyHostEntryOfTheBundlesAreNotBundled() throws Exception {
        Path empty = b.project.resolve("target/hipdll/steps/cuda_chain.cu/bundle-host-entry.empty");
        Files.write(empty, MARKER.getBytes(StandardCharsets.US_ASCII));
        Path chain = b.sources().resolve("cuda_chain.cu");
        Files.writeString(chain, Files.readString(chain) + "\n__global__ void k_edited(int *p) { *p = 2; }\n");
        b.build();
        assertCleanDll();
        assertTrue(b.ran().contains("bundle cuda_chain.cu"), b.log.toString());
        assertTrue(b.log.stream().anyMatch(l -> l.startsWith("WARN bundle ") && l.contains(empty
                + " is the empty host entry of this unit's offload bundle, but it is not an empty file; it is emptied")),
                b.log.toString());
        assertEquals(0, Files.size(empty));
    }

    @Test
    void anUntouchedStepIsStillReusedAfterItsOutputWasHashed() throws Exception {
        rebuildAfterAnEditElsewhere();
        assertTrue(b.ran().stream().noneMatch(s -> s.contains("cuda_chain.cu")), b.log.toString());
        assertTrue(b.log.stream().noneMatch(l -> l.startsWith("WARN")), b.log.toString());
        // a touch alone (new time, same bytes) is no change either
        Path obj = steps().resolve("cuda_chain.cu/host.obj");
        Files.setLastModifiedTime(obj, FileTime.fromMillis(Files.getLastModifiedTime(obj).toMillis() + 5_000));
        rebuildAfterAnEditElsewhere();
        assertCleanDll();
        assertTrue(b.ran().stream().noneMatch(s -> s.contains("cuda_chain.cu")), b.log.toString());
    }

    /** Edits backend_cuda.cu (a comment) and builds: the DLL is relinked from cuda_chain.cu's kept outputs. */
    private void rebuildAfterAnEditElsewhere() throws Exception {
        Path backend = b.sources().resolve("backend_cuda.cu");
        Files.writeString(backend, Files.readString(backend) + "\n// edited elsewhere " + System.nanoTime() + "\n");
        b.build();
        assertTrue(b.ran().contains("link coli_hip.dll"), b.log.toString());
    }

    /** The DLL is the one a clean build of the same sources makes, and carries no foreign byte. */
    private void assertCleanDll() throws Exception {
        byte[] dll = Files.readAllBytes(b.dll());
        assertFalse(contains(dll, MARKER), "the foreign object reached the DLL");
        CoreBuild clean = new CoreBuild(dir.resolve("clean-" + System.nanoTime()));
        dev.hipdll.testing.Trees.copy(b.sources(), clean.sources());
        clean.outputTimestamp = TIMESTAMP;
        clean.build();
        assertArrayEquals(Files.readAllBytes(clean.dll()), dll, "the DLL is not the clean build's");
    }

    private static Path record(Path output) {
        return output.resolveSibling(output.getFileName() + ".step.json");
    }

    private static void editRecord(Path output, java.util.function.Consumer<ObjectNode> edit) throws Exception {
        ObjectNode r = (ObjectNode) JSON.readTree(record(output).toFile());
        edit.accept(r);
        Files.writeString(record(output), JSON.writeValueAsString(r));
    }

    private static boolean contains(byte[] haystack, String needle) {
        return new String(haystack, StandardCharsets.ISO_8859_1).contains(needle);
    }
}
