package dev.hipdll.diagnosis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A full disk and a death by signal are told apart from compile errors: lld-link
 * killed by SIGBUS on a full disk was diagnosed "stage: compile ... fix the error at the file and line".
 * The lines are clang 19's own when a tool it runs dies of a signal.
 */
class ResourceFailureTest {
    private static final List<String> LINKER_SIGBUS = List.of(
            "In file included from backend_cuda.cu:3:",
            "backend_cuda.cu:10:5: warning: unused variable 'x' [-Wunused-variable]",
            "clang: error: unable to execute command: Bus error (core dumped)",
            "clang: error: linker command failed due to signal (use -v to see invocation)");

    private static final FailureClassifier CLASSIFIER = new FailureClassifier(RuleBook.load());

    private static FailedRun run(List<String> output, int exit, DiskSpace disk) {
        return new FailedRun(List.of("hipcc", "--offload-arch=gfx1151", "-o", "coli_hip.dll"), output, exit, false, null,
                null).withDisk(disk, false);
    }

    private static final DiskSpace FULL = new DiskSpace(List.of(new DiskSpace.Place(Path.of("/p/target/hipdll"),
            12 * 1024, 1 << 20)));
    private static final DiskSpace ROOMY = new DiskSpace(List.of(new DiskSpace.Place(Path.of("/p/target/hipdll"),
            40L << 30, 100L << 30)));

    @Test
    void aLinkerKilledBySigbusOnAFullDiskSaysTheDiskIsFull() {
        Diagnosis d = CLASSIFIER.classify(run(LINKER_SIGBUS, 1, FULL));
        assertEquals("disk-full", d.ruleId());
        assertEquals(Stage.HOST_LINK, d.stage());
        assertEquals("the disk is full: /p/target/hipdll has 12.0 KiB free of 1.0 MiB, and the linker died of SIGBUS"
                + " (signal 7)", d.cause());
        assertTrue(d.action().startsWith("free space on that disk"), d.action());
        assertEquals(List.of("free space: /p/target/hipdll: 12.0 KiB of 1.0 MiB (full)"), d.details());
    }

    @Test
    void aSigbusWithRoomOnTheDiskIsReportedAsADeathBySignal() {
        Diagnosis d = CLASSIFIER.classify(run(LINKER_SIGBUS, 1, ROOMY));
        assertEquals("killed-by-signal", d.ruleId());
        assertEquals(Stage.HOST_LINK, d.stage());
        assertEquals("the linker was killed by SIGBUS (signal 7); it reported no error of its own", d.cause());
    }

    @Test
    void hipccItselfKilledBySignalIsNamedFromTheExitCode() {
        Diagnosis d = CLASSIFIER.classify(run(List.of("compiling..."), 128 + 9, ROOMY));
        assertEquals("killed-by-signal", d.ruleId());
        assertEquals("the compiler (hipcc) was killed by SIGKILL (signal 9); it reported no error of its own", d.cause());
        // on Windows 137 is just an exit code
        FailedRun windows = run(List.of("error: something"), 137, ROOMY).withDisk(ROOMY, true);
        assertTrue(!CLASSIFIER.classify(windows).ruleId().equals("killed-by-signal"));
    }

    @Test
    void noSpaceLeftOnDeviceIsADiskFullWhateverTheFreeSpaceNow() {
        Diagnosis d = CLASSIFIER.classify(run(List.of(
                "lld-link: error: failed to write output 'target/hipdll/.tmp/coli_hip.dll': No space left on device",
                "clang: error: linker command failed with exit code 1 (use -v to see invocation)"), 1, ROOMY));
        assertEquals("disk-full", d.ruleId());
        assertEquals(Stage.HOST_LINK, d.stage());
        assertTrue(d.cause().startsWith("the disk is full: /p/target/hipdll has 40.0 GiB free of 100.0 GiB, and the"
                + " linker said: lld-link: error: failed to write output"), d.cause());
    }

    @Test
    void anOrdinaryCompileErrorIsLeftToTheRuleBook() {
        Diagnosis d = CLASSIFIER.classify(run(List.of("backend_cuda.cu:3:10: fatal error: 'nope.h' file not found"),
                1, FULL));
        assertEquals("header-not-found", d.ruleId());
    }

    @Test
    void theRealFreeSpaceIsMeasured(@org.junit.jupiter.api.io.TempDir Path dir) {
        DiskSpace d = DiskSpace.probeBuild(List.of(dir.resolve("not/yet")), java.util.Map.of("TMPDIR", dir.toString()));
        assertEquals(1, d.places().size(), d.toString()); // one file store, probed once
        assertEquals(dir, d.places().get(0).dir());
        assertTrue(d.places().get(0).total() > 0);
    }

    @Test
    void theStepsStageDecidesWhereTheLogOnlySuggests() {
        // A link step's full disk, told by a driver line that names no linker
        List<String> noSpace = List.of("clang: error: unable to write output file: No space left on device");
        assertEquals(Stage.COMPILE, CLASSIFIER.classify(run(noSpace, 1, ROOMY)).stage());  // no step known: the guess
        Diagnosis link = CLASSIFIER.classify(run(noSpace, 1, ROOMY).inStep(Stage.HOST_LINK));
        assertEquals("disk-full", link.ruleId());
        assertEquals(Stage.HOST_LINK, link.stage());
        assertTrue(link.cause().endsWith("and the link (hipcc) said: clang: error: unable to write output file: No space"
                + " left on device"), link.cause());
        Diagnosis bundle = CLASSIFIER.classify(new FailedRun(List.of("/sdk/bin/clang-offload-bundler", "-type=o"),
                List.of("error: No space left on device"), 1, false, null, null).inStep(Stage.BUNDLE));
        assertEquals(Stage.BUNDLE, bundle.stage());
        assertTrue(bundle.cause().endsWith("the bundler (clang-offload-bundler) said: error: No space left on device"),
                bundle.cause());
        // a device compile's linker (lld for amdgcn) is the device link, not the host link
        assertEquals(Stage.DEVICE_LINK, CLASSIFIER.classify(run(LINKER_SIGBUS, 1, FULL).inStep(Stage.COMPILE)).stage());
        // hipcc running the link, killed by a signal
        Diagnosis killed = CLASSIFIER.classify(run(List.of("linking..."), 128 + 7, ROOMY).inStep(Stage.HOST_LINK));
        assertEquals(Stage.HOST_LINK, killed.stage());
        assertEquals("the link (hipcc) was killed by SIGBUS (signal 7); it reported no error of its own", killed.cause());
        // any other failure of the link step is the link's too; launch and timeout stay what they are
        assertEquals(Stage.HOST_LINK, CLASSIFIER.classify(run(List.of("clang: error: unknown argument: '-fnope'"), 1,
                ROOMY).inStep(Stage.HOST_LINK)).stage());
        assertEquals(Stage.TIMEOUT, CLASSIFIER.classify(new FailedRun(List.of("hipcc"), List.of(), -1, true, null, null)
                .inStep(Stage.HOST_LINK)).stage());
    }
}
