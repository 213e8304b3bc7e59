package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.OsFamily;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ResponseFileTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "-O3|-O3",
        "/a b/c|\"/a b/c\"",
        "x\\y|\"x\\\\y\"",
        "C:\\dir with space\\|\"C:\\\\dir with space\\\\\"",
        "-DMSG=\"hi\"|\"-DMSG=\\\"hi\\\"\"",
        "''|\"\"",
    })
    void gnuQuotingAsClangReadsResponseFilesOnEveryHost(String arg, String quoted) {
        assertEquals(quoted, ResponseFile.quote(arg));
    }

    @Test
    void theWindowsCommandLineLengthCountsTheEncoding() {
        assertEquals("C:\\x.exe".length() + 2 + 1 + "\"a b\"".length() + 1 + 2,
                ResponseFile.commandLineLength(Path.of("C:\\x.exe"), List.of("a b", "-c"), OsFamily.WINDOWS));
    }

    @Test
    void longLinesGoThroughAResponseFile() throws Exception {
        Path rsp = tmp.resolve("hipcc.rsp");
        List<String> args = List.of("-O3", "/src/a file.cu");
        assertEquals(args, HipccLaunch.arguments(Path.of("/sdk/bin/hipcc"), args, new LaunchOptions(OsFamily.UNIX, 8000),
                rsp, false));
        List<String> via = HipccLaunch.arguments(Path.of("/sdk/bin/hipcc"), args, new LaunchOptions(OsFamily.UNIX, 10),
                rsp, false);
        assertEquals(List.of("@" + rsp.toAbsolutePath()), via);
        assertEquals(List.of("-O3", "\"/src/a file.cu\""), Files.readAllLines(rsp));
        assertThrows(BuildFailedException.class, () -> HipccLaunch.arguments(Path.of("hipcc"), List.of("-DX=a\nb"),
                new LaunchOptions(OsFamily.UNIX, 0), rsp, false));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', quoteCharacter = '\'', value = {
        "-O3", "-DX=a&calc", "%PATH%", "-DMSG=\"x\"",
    })
    void aBatchWrapperIsRefusedWhateverItsArguments(String arg) {
        BuildFailedException e = assertThrows(BuildFailedException.class, () -> HipccLaunch.arguments(
                Path.of("C:\\ROCm\\bin\\hipcc.bat"), List.of(arg), new LaunchOptions(OsFamily.WINDOWS, 0),
                tmp.resolve("r.rsp"), true));
        assertTrue(e.getMessage().contains("refusing to run the batch wrapper C:\\ROCm\\bin\\hipcc.bat")
                && e.getMessage().contains("hip.driver=clang"), e.getMessage());
        assertTrue(BatchWrapper.is(Path.of("HIPCC.CMD")) && !BatchWrapper.is(Path.of("hipcc.exe")));
        assertTrue(BatchWrapper.is(Path.of("hipcc.bat.")) && BatchWrapper.is(Path.of("hipcc.cmd .")),
                "Windows strips trailing dots and spaces");
    }

    @Test
    void anEmptyArgumentCannotGoIntoAResponseFile() {
        BuildFailedException e = assertThrows(BuildFailedException.class, () -> HipccLaunch.arguments(
                Path.of("hipcc"), List.of("-Xlinker", "", "-Xlinker", "END"), new LaunchOptions(OsFamily.UNIX, 0),
                tmp.resolve("e.rsp"), false));
        assertTrue(e.getMessage().contains("an empty argument cannot go into a response file"), e.getMessage());
    }
}
