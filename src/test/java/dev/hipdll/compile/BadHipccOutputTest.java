package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.Origin;
import dev.hipdll.sdk.SdkComponent;
import dev.hipdll.target.GfxTargetList;
import dev.hipdll.testing.MiniPe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hipcc that exits 0 but writes nothing, an empty file, text or a truncated DLL must not be
 * published: the build fails naming the file and what is wrong with it, the previous good DLL stays
 * byte for byte, and no temporary file is left. A bad output location (a regular file where the
 * output directory or one of its parents should be, a directory where the DLL should be) fails
 * before hipcc starts, naming the path. Fake hipcc scripts; the "good" DLL is {@link MiniPe}'s.
 */
class BadHipccOutputTest {
    @TempDir
    Path dir;

    private Path project;
    private Path good;
    private final byte[] previous = new MiniPe().section("previous good build".getBytes()).build();

    @BeforeEach
    void setUp() throws Exception {
        project = Files.createDirectories(dir.resolve("project"));
        good = Files.write(dir.resolve("good.dll"), new MiniPe().build());
    }

    /** A request whose hipcc runs {@code body} with {@code $out} set to its -o argument (the last one). */
    private CompileRequest request(String body, Path output) throws Exception {
        Path hipcc = dir.resolve("sdk/bin/hipcc");
        Files.createDirectories(hipcc.getParent());
        Files.writeString(hipcc, "#!/bin/bash\necho started >> '" + dir.resolve("hipcc-ran") + "'\nout=\"${@: -1}\"\n"
                + body + "\nexit 0\n");
        Files.setPosixFilePermissions(hipcc, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path sdkDir = dir.resolve("sdk");
        Origin o = new Origin("test");
        HipSdk sdk = new HipSdk(new SdkComponent("root", sdkDir, o), new SdkComponent("hipcc", hipcc, o),
                new SdkComponent("clangDir", sdkDir.resolve("lib/llvm/bin"), o), new SdkComponent("includeDir", sdkDir.resolve("include"), o),
                new SdkComponent("libDir", sdkDir.resolve("lib"), o), new SdkComponent("deviceLibDir", sdkDir.resolve("bc"), o),
                new SdkComponent("runtimeDll", sdkDir.resolve("bin/amdhip64_7.dll"), o), "test");
        Path source = Files.writeString(project.resolve("k.cu"), "// k\n");
        return new CompileRequest(sdk, GfxTargetList.parse("gfx1151"), List.of(source), List.of(), List.of(), List.of(),
                true, output);
    }

    private BuildFailedException fails(CompileRequest r) {
        return assertThrows(BuildFailedException.class, () -> new HipDllBuilder(new ProcessRunner(Duration.ofSeconds(60)))
                .build(r, Map.of("PATH", "/usr/bin:/bin"), project, l -> { }));
    }

    private Path defaultOutput() throws Exception {
        Path out = project.resolve("target/hipdll/coli_hip.dll");
        Files.createDirectories(out.getParent());
        Files.write(out, previous);
        return out;
    }

    private void previousKept(Path out) throws Exception {
        assertArrayEquals(previous, Files.readAllBytes(out), "the previous DLL was changed");
        assertFalse(Files.exists(out.resolveSibling(".tmp")), "temporary output left behind");
    }

    @Test
    void aTruncatedDllIsNotPublished() throws Exception {
        byte[] bytes = Files.readAllBytes(good);
        Path cut = Files.write(dir.resolve("cut.dll"), Arrays.copyOf(bytes, bytes.length - 100));
        Path out = defaultOutput();
        BuildFailedException e = fails(request("cp '" + cut + "' \"$out\"", out));
        String m = e.getMessage();
        assertTrue(m.startsWith("hipcc exited 0 but its output is not a complete PE32+ DLL: "
                + HipDllBuilder.temporaryOutput(out) + ": section '.data' raw data"), m);
        assertTrue(m.contains("the image is truncated"), m);
        assertTrue(m.contains("the previous " + out + " is unchanged"), m);
        previousKept(out);
    }

    @Test
    void anEmptyFileIsNotPublished() throws Exception {
        Path out = defaultOutput();
        String m = fails(request(": > \"$out\"", out)).getMessage();
        assertTrue(m.contains(HipDllBuilder.temporaryOutput(out) + ": file: is empty (0 bytes), not a PE image"), m);
        previousKept(out);
    }

    @Test
    void textIsNotPublished() throws Exception {
        Path out = defaultOutput();
        String m = fails(request("echo 'lld-link: warning: something' > \"$out\"", out)).getMessage();
        assertTrue(m.contains("MS-DOS header"), m);
        previousKept(out);
    }

    @Test
    void noDllAtAllIsAClearError() throws Exception {
        Path out = project.resolve("target/hipdll/coli_hip.dll");
        String m = fails(request("echo 'all done'", out)).getMessage();
        assertTrue(m.startsWith("hipcc exited 0 but wrote no DLL: expected " + HipDllBuilder.temporaryOutput(out)
                + " (its -o argument); nothing was published."), m);
        assertFalse(Files.exists(out));
        assertFalse(Files.exists(out.resolveSibling(".tmp")), "temporary directory left behind");
        Path kept = defaultOutput();
        assertTrue(fails(request("true", kept)).getMessage().contains("the previous " + kept + " is unchanged"));
        previousKept(kept);
    }

    @Test
    void aWholeDllIsPublished() throws Exception {
        Path out = defaultOutput();
        new HipDllBuilder(new ProcessRunner(Duration.ofSeconds(60)))
                .build(request("cp '" + good + "' \"$out\"", out), Map.of("PATH", "/usr/bin:/bin"), project, l -> { });
        assertArrayEquals(Files.readAllBytes(good), Files.readAllBytes(out));
        assertFalse(Files.exists(out.resolveSibling(".tmp")));
    }

    /**
     * build.log holds the command and each line as it arrives, not when hipcc ends: a build stopped
     * with Ctrl-C (the JVM exits while hipcc runs) kept an empty build.log, the previous build's log
     * truncated and nothing of the stopped one. The fake hipcc copies build.log while it still runs.
     */
    @Test
    void buildLogIsWrittenWhileHipccRuns() throws Exception {
        Path out = defaultOutput();
        Path seen = dir.resolve("build.log.while-running");
        new HipDllBuilder(new ProcessRunner(Duration.ofSeconds(60))).build(request("echo 'compiling k.cu [gfx1151]'\n"
                        + "for i in $(seq 50); do grep -q 'compiling k.cu' target/hipdll/build.log && break; sleep 0.1; done\n"
                        + "cp target/hipdll/build.log '" + seen + "'\ncp '" + good + "' \"$out\"", out),
                Map.of("PATH", "/usr/bin:/bin"), project, l -> { });
        String log = Files.readString(seen);
        assertTrue(log.startsWith("$ " + dir.resolve("sdk/bin/hipcc") + " "), log);
        assertTrue(log.contains("compiling k.cu [gfx1151]" + System.lineSeparator()), log);
    }

    @Test
    void aRegularFileWhereTheOutputDirectoryShouldBeFailsBeforeHipcc() throws Exception {
        Files.writeString(project.resolve("target"), "not a directory");
        Path out = project.resolve("target/hipdll/coli_hip.dll");
        String m = fails(request("cp '" + good + "' \"$out\"", out)).getMessage();
        assertEquals("cannot write to the output directory " + out.getParent() + ": " + project.resolve("target")
                + " is a regular file, not a directory", m);
        assertFalse(Files.exists(dir.resolve("hipcc-ran")), "hipcc must not start");
        assertEquals("not a directory", Files.readString(project.resolve("target")));
    }

    @Test
    void theOutputDirectoryItselfBeingAFileFailsBeforeHipcc() throws Exception {
        Path outDir = Files.createDirectories(project.resolve("target"));
        Files.writeString(outDir.resolve("hipdll"), "x");
        Path out = outDir.resolve("hipdll/coli_hip.dll");
        String m = fails(request("cp '" + good + "' \"$out\"", out)).getMessage();
        assertEquals("cannot write to the output directory " + out.getParent() + ": it is a regular file, not a directory", m);
        assertFalse(Files.exists(dir.resolve("hipcc-ran")), "hipcc must not start");
    }

    @Test
    void aDirectoryWhereTheDllShouldBeFailsBeforeHipcc() throws Exception {
        Path out = Files.createDirectories(project.resolve("target/hipdll/coli_hip.dll"));
        String m = fails(request("cp '" + good + "' \"$out\"", out)).getMessage();
        assertTrue(m.startsWith("the output " + out + " is a directory, not a DLL"), m);
        assertFalse(Files.exists(dir.resolve("hipcc-ran")), "hipcc must not start");
        assertTrue(Files.isDirectory(out));
        assertFalse(Files.exists(out.resolveSibling(".tmp")), "temporary directory left behind");
    }

    @Test
    void aDanglingSymbolicLinkForTheOutputDirectoryIsNamed() throws Exception {
        Path target = Files.createSymbolicLink(project.resolve("target"), dir.resolve("gone"));
        Path out = project.resolve("target/hipdll/coli_hip.dll");
        String m = fails(request("cp '" + good + "' \"$out\"", out)).getMessage();
        assertEquals("cannot write to the output directory " + out.getParent() + ": " + target
                + " is a symbolic link to nothing (" + dir.resolve("gone") + ")", m);
        assertFalse(Files.exists(dir.resolve("hipcc-ran")), "hipcc must not start");
    }
}
