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
        "C:\\Program Files\\AMD\\ROCm\\7.1\\include|\"C:\\Program Files\\AMD\\ROCm\\7.1\\include\"",
        "C:\\plain\\path|C:\\plain\\path",
        "C:\\dir with space\\|\"C:\\dir with space\\\\\"",
        "-DMSG=\"hi\"|\"-DMSG=\\\"hi\\\"\"",
        "a\\\"b|\"a\\\\\\\"b\"",
        "''|\"\"",
    })
    void windowsQuotingFollowsCommandLineToArgvW(String arg, String quoted) {
        assertEquals(quoted, ResponseFile.quote(arg, OsFamily.WINDOWS));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "-O3|-O3",
        "/a b/c|\"/a b/c\"",
        "x\\y|\"x\\\\y\"",
        "-DMSG=\"hi\"|\"-DMSG=\\\"hi\\\"\"",
    })
    void posixQuoting(String arg, String quoted) {
        assertEquals(quoted, ResponseFile.quote(arg, OsFamily.UNIX));
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
        "-DX=a&calc#&", "a|b#|", "x>y#>", "x<y#<", "a^b#^", "%PATH%#%", "-DMSG=\"x\"#\"",
    })
    void batchWrappersRefuseCmdMetacharacters(String arg, String meta) {
        BuildFailedException e = assertThrows(BuildFailedException.class,
                () -> BatchArguments.check(Path.of("hipcc.bat"), List.of("-O3", "C:\\Program Files\\x", arg)));
        assertTrue(e.getMessage().contains("argument #3") && e.getMessage().contains("'" + meta + "'"), e.getMessage());
    }

    @Test
    void batchWrapperAcceptsPlainArgumentsAndAResponseFile() throws Exception {
        BatchArguments.check(Path.of("hipcc.bat"), List.of("-O3", "C:\\Program Files\\AMD\\ROCm\\6.4\\include", "--offload-arch=gfx90a:xnack-"));
        BuildFailedException e = assertThrows(BuildFailedException.class,
                () -> BatchArguments.check(Path.of("hipcc.bat"), List.of("a\r\nb")));
        assertTrue(e.getMessage().contains("'CR'"), e.getMessage());
        // With a response file, cmd.exe only sees @file: the metacharacter stays inside the file.
        Path rsp = tmp.resolve("r.rsp");
        assertEquals(1, HipccLaunch.arguments(Path.of("hipcc.bat"), List.of("-DX=a&b"),
                new LaunchOptions(OsFamily.WINDOWS, 0), rsp, true).size());
    }
}
