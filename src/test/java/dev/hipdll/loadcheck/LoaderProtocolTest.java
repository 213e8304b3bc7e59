package dev.hipdll.loadcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The request and output protocol of the loader program, and the launchers' path spelling. */
class LoaderProtocolTest {
    @Test
    void requestLinesInOrder() {
        String text = new LoaderRequest("Z:\\sdk\\bin", null, "Z:\\out\\coli_hip.dll", List.of("coli_cuda_init", "coli_cuda_x"))
                .render();
        assertEquals("runtime-dir Z:\\sdk\\bin\ndll Z:\\out\\coli_hip.dll\nsymbol coli_cuda_init\nsymbol coli_cuda_x\n", text);
        assertThrows(IllegalArgumentException.class, () -> new LoaderRequest(null, null, "a\nsymbol evil", List.of()));
    }

    @Test
    void parsesAFullReportSkippingLauncherNoiseBeforeIt() throws Exception {
        LoaderOutput o = new LoaderOutputParser().parse(List.of("wine: created the configuration directory", "loadcheck 1",
                "runtime-dir ok", "load ok", "symbol ok coli_cuda_init", "symbol missing coli_cuda_rope",
                "module Z:\\out\\coli_hip.dll", "module Z:\\sdk\\bin\\amdhip64_7.dll", "registrations 2", "functions 11",
                "bundle 0 8000 5f5f434c414e475f4f46464c4f41445f42554e444c455f5f", "bundle 1 outside", "end",
                "wine: a launcher line after the program"), 2);
        assertTrue(o.loaded());
        assertEquals(List.of("coli_cuda_init"), o.resolved());
        assertEquals(List.of("coli_cuda_rope"), o.missing());
        assertEquals(2, o.modules().size());
        assertEquals(2, o.registrations().getAsInt());
        assertEquals(0x8000, o.bundles().get(0).rva());
        assertFalse(o.bundles().get(1).insideImage());
        assertEquals(2, o.exitCode());
    }

    @Test
    void aFailedLoadCarriesItsError() throws Exception {
        LoaderOutput o = new LoaderOutputParser().parse(List.of("loadcheck 1", "load failed 126", "end"), 1);
        assertFalse(o.loaded());
        assertEquals(126, o.loadError());
        assertTrue(WindowsErrors.describe(126).startsWith("error 126 (ERROR_MOD_NOT_FOUND"));
    }

    @Test
    void outputThatIsNotTheProtocolIsAnErrorQuotingIt() {
        LoadCheckException crash = assertThrows(LoadCheckException.class,
                () -> new LoaderOutputParser().parse(List.of("loadcheck 1", "load ok", "symbol ok a"), -1073741819));
        assertTrue(crash.getMessage().contains("no 'end' line"), crash.getMessage());
        assertTrue(crash.getMessage().contains("| symbol ok a"), crash.getMessage());
        assertThrows(LoadCheckException.class, () -> new LoaderOutputParser().parse(List.of("hello"), 0));
        assertThrows(LoadCheckException.class,
                () -> new LoaderOutputParser().parse(List.of("loadcheck 1", "load ok", "bundle x", "end"), 0));
        assertThrows(LoadCheckException.class,
                () -> new LoaderOutputParser().parse(List.of("loadcheck 1", "surprise", "end"), 0));
        LoadCheckException rejected = assertThrows(LoadCheckException.class,
                () -> new LoaderOutputParser().parse(List.of("loadcheck 1", "error cannot open the request file", "end"), 3));
        assertTrue(rejected.getMessage().contains("rejected its request: cannot open the request file"));
    }

    @Test
    void winePathsAreOnDriveZ() {
        Launcher.Wine w = new Launcher.Wine("wine", "wineserver", Path.of("/tmp/prefix"));
        assertEquals("Z:\\work\\a b\\coli_hip.dll", w.windowsPath(Path.of("/work/a b/./coli_hip.dll")));
        assertEquals(List.of("wine", "/x/l.exe", "Z:\\r.txt"), w.command(Path.of("/x/l.exe"), List.of("Z:\\r.txt")));
        assertEquals("-all", w.environment(java.util.Map.of("WINEPATH", "x")).get("WINEDEBUG"));
        assertFalse(w.environment(java.util.Map.of("WINEPATH", "x")).containsKey("WINEPATH"));
        assertTrue(LoadChecker.sameWindowsPath("Z:\\A\\amdhip64_7.DLL", "z:/a/AMDHIP64_7.dll"));
    }
}
