package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.testing.FakeSdk;
import dev.hipdll.testing.MiniPe;
import dev.hipdll.testing.StandinBuild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A link that exits 0 but writes nothing, an empty file, text or a truncated DLL must not be
 * published: the build fails naming the file and what is wrong with it, the previous good DLL stays
 * byte for byte, and no temporary file is left. A device compile that exits 0 without an AMDGPU code
 * object fails its step the same way. A bad output location (a regular file where the output
 * directory or one of its parents should be, a directory where the DLL should be) fails before hipcc
 * starts, naming the path.
 *
 * <p>Since the build runs hipcc once per step, the fake hipcc ({@link FakeSdk#hipcc}) compiles like a
 * compiler and misbehaves only on the link (the one call without {@code -c}), which writes the DLL:
 * what hipcc's single call did before. The link writes {@code .tmp/build-<pid>-<n>/coli_hip.dll} in
 * the output directory; the messages name that file. The "good" DLL is {@link MiniPe}'s.
 */
class BadHipccOutputTest {
    @TempDir
    Path dir;

    private Path project;
    private Path good;
    private HipSdk sdk;
    private final byte[] previous = new MiniPe().section("previous good build".getBytes()).build();

    @BeforeEach
    void setUp() throws Exception {
        project = Files.createDirectories(dir.resolve("project"));
        good = Files.write(dir.resolve("good.dll"), new MiniPe().build());
    }

    /** A request whose hipcc links by running {@code linkBody} with {@code $out} set to its -o argument. */
    private HipDllBuildRequest request(String compileBody, String linkBody, Path output) throws Exception {
        String marker = "echo started >> '" + dir.resolve("hipcc-ran") + "'\n";
        sdk = FakeSdk.create(dir.resolve("sdk"), FakeSdk.hipcc(marker + compileBody, marker + linkBody));
        Path source = Files.writeString(project.resolve("k.cu"), "// k\n");
        return StandinBuild.request(project, project, List.of(source), List.of(), "gfx1151", List.of(), output,
                StandinBuild.options(Duration.ofSeconds(60)), Host.of(OsFamily.UNIX, env()), sdk.root().path());
    }

    private HipDllBuildRequest request(String linkBody, Path output) throws Exception {
        return request("", linkBody, output);
    }

    private static Map<String, String> env() {
        return Map.of("PATH", "/usr/bin:/bin");
    }

    private HipDllBuildResult build(HipDllBuildRequest r) throws Exception {
        return StandinBuild.build(StandinBuild.setup(sdk, env()), r, StandinBuild.quiet());
    }

    private BuildFailedException fails(HipDllBuildRequest r) {
        return assertThrows(BuildFailedException.class, () -> build(r));
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

    /** The link's temporary output as a message names it: {@code <outDir>/.tmp/build-<pid>-<hex>/coli_hip.dll}. */
    private static String temporary(Path out) {
        return Pattern.quote(out.resolveSibling(".tmp") + "/build-") + ProcessHandle.current().pid() + "-[0-9a-f]+"
                + Pattern.quote("/" + out.getFileName());
    }

    private static void assertMatches(String regex, String m) {
        assertTrue(Pattern.compile(regex, Pattern.DOTALL).matcher(m).matches(), () -> "expected /" + regex + "/, was:\n" + m);
    }

    @Test
    void aTruncatedDllIsNotPublished() throws Exception {
        byte[] bytes = Files.readAllBytes(good);
        Path cut = Files.write(dir.resolve("cut.dll"), Arrays.copyOf(bytes, bytes.length - 100));
        Path out = defaultOutput();
        String m = fails(request("cp '" + cut + "' \"$out\"", out)).getMessage();
        assertMatches(Pattern.quote("the link exited 0 but its output is not a complete PE32+ DLL: ") + temporary(out)
                + Pattern.quote(": section '.data' raw data") + ".*", m);
        assertTrue(m.contains("the image is truncated"), m);
        assertTrue(m.contains("The file was deleted; the previous coli_hip.dll is unchanged."), m);
        previousKept(out);
    }

    @Test
    void anEmptyFileIsNotPublished() throws Exception {
        Path out = defaultOutput();
        String m = fails(request(": > \"$out\"", out)).getMessage();
        assertMatches(".*" + temporary(out) + Pattern.quote(": file: is empty (0 bytes), not a PE image") + ".*", m);
        previousKept(out);
    }

    @Test
    void textIsNotPublished() throws Exception {
        Path out = defaultOutput();
        String m = fails(request("echo 'lld-link: warning: something' > \"$out\"", out)).getMessage();
        assertTrue(m.startsWith("the link exited 0 but its output is not a complete PE32+ DLL: "), m);
        assertTrue(m.contains("MS-DOS header"), m);
        previousKept(out);
    }

    @Test
    void noDllAtAllIsAClearError() throws Exception {
        Path out = project.resolve("target/hipdll/coli_hip.dll");
        String m = fails(request("echo 'all done'", out)).getMessage();
        assertMatches(Pattern.quote("link coli_hip.dll: hipcc exited 0 but wrote no coli_hip.dll (expected ")
                + temporary(out) + Pattern.quote("). Full log: " + out.resolveSibling("build.log"))
                + "\n.*nothing was published\\.", m);
        assertFalse(Files.exists(out));
        assertFalse(Files.exists(out.resolveSibling(".tmp")), "temporary directory left behind");
        Path kept = defaultOutput();
        assertTrue(fails(request("true", kept)).getMessage().endsWith("the previous coli_hip.dll is unchanged."));
        previousKept(kept);
    }

    /** The new equivalent for the steps before the link: a device compile must leave an ELF code object. */
    @Test
    void aDeviceCompileWithoutACodeObjectFailsItsStep() throws Exception {
        Path out = defaultOutput();
        String m = fails(request("if (( device )); then echo 'not an ELF file' > \"$out\"; exit 0; fi",
                "cp '" + good + "' \"$out\"", out)).getMessage();
        Path co = out.resolveSibling("steps/k.cu/gfx1151.co");
        assertTrue(m.startsWith("device compile k.cu [gfx1151]: gfx1151.co has no ELF header, not an AMDGPU code object"
                + " (ELF)"), m);
        assertTrue(m.contains("3 step(s) not started; the previous coli_hip.dll is unchanged."), m);
        assertFalse(Files.exists(co), "the bad code object is deleted, so no later build takes it for done");
        assertFalse(Files.exists(out.resolveSibling("steps/k.cu/gfx1151.co.step.json")), "no record of a failed step");
        previousKept(out);
    }

    @Test
    void aWholeDllIsPublished() throws Exception {
        Path out = defaultOutput();
        HipDllBuildResult r = build(request("cp '" + good + "' \"$out\"", out));
        assertArrayEquals(Files.readAllBytes(good), Files.readAllBytes(out));
        assertEquals(out, r.dll());
        assertEquals(4, r.stepsRun(), "device compile, bundle, host compile, link");
        assertFalse(Files.exists(out.resolveSibling(".tmp")));
    }

    /**
     * build.log holds each step's command and each line as it arrives, not when the step ends: a
     * build stopped with Ctrl-C (the JVM exits while hipcc runs) kept an empty build.log, the previous
     * build's log truncated and nothing of the stopped one. The fake link copies build.log while it
     * still runs; every line carries its step's name.
     */
    @Test
    void buildLogIsWrittenWhileHipccRuns() throws Exception {
        Path out = defaultOutput();
        Path seen = dir.resolve("build.log.while-running");
        build(request("echo 'linking coli_hip.dll'\n"
                + "for i in $(seq 1200); do grep -q 'linking coli_hip.dll' target/hipdll/build.log && break; sleep 0.1; done\n"
                + "cp target/hipdll/build.log '" + seen + "'\ncp '" + good + "' \"$out\"", out));
        String log = Files.readString(seen);
        String hipcc = dir.resolve("sdk/bin/hipcc").toString();
        assertTrue(log.startsWith("[device compile k.cu [gfx1151]] $ " + hipcc + " "), log);
        assertTrue(log.contains("[link coli_hip.dll] $ " + hipcc + " "), log);
        assertTrue(log.contains("[link coli_hip.dll] linking coli_hip.dll" + System.lineSeparator()), log);
    }

    @Test
    void aRegularFileWhereTheOutputDirectoryShouldBeFailsBeforeHipcc() throws Exception {
        Files.writeString(project.resolve("target"), "not a directory");
        Path out = project.resolve("target/hipdll/coli_hip.dll");
        String m = fails(request("cp '" + good + "' \"$out\"", out)).getMessage();
        assertEquals("cannot write to the output directory " + out.getParent() + " (hip.outputDirectory): "
                + project.resolve("target") + " is a regular file, not a directory", m);
        assertFalse(Files.exists(dir.resolve("hipcc-ran")), "hipcc must not start");
        assertEquals("not a directory", Files.readString(project.resolve("target")));
    }

    @Test
    void theOutputDirectoryItselfBeingAFileFailsBeforeHipcc() throws Exception {
        Path outDir = Files.createDirectories(project.resolve("target"));
        Files.writeString(outDir.resolve("hipdll"), "x");
        Path out = outDir.resolve("hipdll/coli_hip.dll");
        String m = fails(request("cp '" + good + "' \"$out\"", out)).getMessage();
        assertEquals("cannot write to the output directory " + out.getParent()
                + " (hip.outputDirectory): it is a regular file, not a directory", m);
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
        assertEquals("cannot write to the output directory " + out.getParent() + " (hip.outputDirectory): " + target
                + " is a symbolic link to nothing (" + dir.resolve("gone") + ")", m);
        assertFalse(Files.exists(dir.resolve("hipcc-ran")), "hipcc must not start");
    }
}
