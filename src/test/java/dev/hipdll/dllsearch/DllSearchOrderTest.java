package dev.hipdll.dllsearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The DLL search order (Microsoft, "Dynamic-link library search order"), evaluated on Windows paths as values. */
class DllSearchOrderTest {
    private static List<String> dirs(List<SearchLocation> order) {
        return order.stream().map(SearchLocation::directory).toList();
    }

    @Test
    void safeModeOrderIsApplicationSystemWindowsCurrentThenPath() {
        List<SearchLocation> o = DllSearchOrder.of(new SearchInputs("C:\\app", null, "C:\\Windows", "C:\\work",
                List.of("C:\\tools", "D:\\hip\\bin"), true));
        assertEquals(List.of("C:\\app", "C:\\Windows\\System32", "C:\\Windows\\System", "C:\\Windows", "C:\\work",
                "C:\\tools", "D:\\hip\\bin"), dirs(o));
        assertEquals(LocationKind.PATH, o.get(6).kind());
        assertEquals(2, o.get(6).index());
        assertEquals("PATH entry #2 D:\\hip\\bin", o.get(6).toString());
    }

    @Test
    void unsafeModeSearchesTheCurrentFolderSecond() {
        List<SearchLocation> o = DllSearchOrder.of(new SearchInputs("C:\\app", null, "C:\\Windows", "C:\\work",
                List.of(), false));
        assertEquals(List.of("C:\\app", "C:\\work", "C:\\Windows\\System32", "C:\\Windows\\System", "C:\\Windows"), dirs(o));
    }

    @Test
    void setDllDirectoryComesAfterTheApplicationAndDropsTheCurrentFolder() {
        List<SearchLocation> o = DllSearchOrder.of(new SearchInputs("C:\\app", "D:\\hip\\bin", "C:\\Windows\\",
                "C:\\work", List.of("C:\\tools"), true));
        assertEquals(List.of("C:\\app", "D:\\hip\\bin", "C:\\Windows\\System32", "C:\\Windows\\System", "C:\\Windows",
                "C:\\tools"), dirs(o));
        assertEquals(LocationKind.DLL_DIRECTORY, o.get(1).kind());
    }

    @Test
    void aDirectoryListedTwiceIsSearchedOnceAtItsFirstPlaceCaseInsensitively() {
        List<SearchLocation> o = DllSearchOrder.of(new SearchInputs(null, null, "C:\\Windows", null,
                List.of("c:\\windows\\system32", "C:\\Tools\\", "c:\\tools", " ", ""), true));
        assertEquals(List.of("C:\\Windows\\System32", "C:\\Windows\\System", "C:\\Windows", "C:\\Tools"), dirs(o));
        assertEquals(2, o.get(3).index());
    }

    @Test
    void anEarlierPathEntryWinsOverTheRuntimeDirectoryLaterOnPath() {
        List<SearchLocation> o = DllSearchOrder.of(new SearchInputs(null, null, "C:\\Windows", null,
                List.of("C:\\stray\\bin", "C:\\Program Files\\AMD\\ROCm\\7.1\\bin"), true));
        Set<String> holding = Set.of("c:\\stray\\bin", "c:\\program files\\amd\\rocm\\7.1\\bin");
        List<SearchLocation> hits = DllSearchOrder.hits(o, "amdhip64_7.dll",
                (d, n) -> n.equals("amdhip64_7.dll") && holding.contains(d.toLowerCase()));
        assertEquals(2, hits.size());
        assertEquals("C:\\stray\\bin", DllSearchOrder.first(o, "amdhip64_7.dll",
                (d, n) -> holding.contains(d.toLowerCase())).orElseThrow().directory());
    }

    @Test
    void theDriversRuntimeInSystem32ShadowsPath() {
        List<SearchLocation> o = DllSearchOrder.of(new SearchInputs("C:\\app", null, "C:\\Windows", null,
                List.of("C:\\Program Files\\AMD\\ROCm\\6.4\\bin"), true));
        SearchLocation first = DllSearchOrder.first(o, "amdhip64_6.dll",
                (d, n) -> d.equalsIgnoreCase("C:\\Windows\\System32") || d.startsWith("C:\\Program Files")).orElseThrow();
        assertEquals(LocationKind.SYSTEM32, first.kind());
        assertTrue(DllSearchOrder.first(o, "amdhip64_7.dll", (d, n) -> false).isEmpty());
    }
}
