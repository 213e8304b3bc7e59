package dev.hipdll.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.host.Host;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EnvironmentTest {
    @Test
    void windowsNamesAreOneVariableWithTheirCaseKept() {
        Environment e = Environment.of(OsFamily.WINDOWS, Map.of("Path", "a", "SystemRoot", "C:\\Windows"));
        assertEquals(Optional.of("a"), e.get("PATH"));
        assertEquals(Optional.of("Path"), e.storedName("PATH"));
        Environment set = e.with("PATH", "b");
        assertEquals(Map.of("Path", "b", "SystemRoot", "C:\\Windows"), set.toMap());
        assertEquals(Map.of("SystemRoot", "C:\\Windows"), set.without("path").toMap());
        assertTrue(e.sameName("systemroot", "SYSTEMROOT"));
    }

    @Test
    void unixNamesAreCaseSensitive() {
        Environment e = Environment.of(OsFamily.UNIX, Map.of("Path", "a", "PATH", "b"));
        assertEquals(Optional.of("b"), e.get("PATH"));
        assertEquals(2, e.names().size());
        assertEquals(List.of(), e.collapsed());
    }

    @Test
    void duplicatesCollapseToTheFirstInOrdinalOrder() {
        Environment e = Environment.of(OsFamily.WINDOWS, Map.of("Path", "lower", "PATH", "upper"));
        assertEquals(List.of("PATH"), e.names());
        assertEquals(Optional.of("upper"), e.get("path"));
        assertEquals(List.of("Path"), e.collapsed());
    }

    @Test
    void readRefusesPaddedValuesNamingTheVariable() throws Exception {
        Environment e = Environment.of(OsFamily.WINDOWS, Map.of("Hip_Sdk_Root", "C:\\sdk ", "TMP", "C:\\t", "E", ""));
        EnvironmentException ex = assertThrows(EnvironmentException.class, () -> e.read("HIP_SDK_ROOT"));
        assertTrue(ex.getMessage().contains("Hip_Sdk_Root") && ex.getMessage().contains("1 trailing"), ex.getMessage());
        assertEquals(Optional.of("C:\\t"), e.read("tmp"));
        assertEquals(Optional.empty(), e.read("E"));
        assertEquals(Optional.empty(), e.read("missing"));
    }

    @Test
    void pathListsUseTheHostSeparator() {
        Environment w = Environment.of(OsFamily.WINDOWS, Map.of());
        assertEquals(List.of("C:\\a", "C:\\b"), w.splitPathList("C:\\a;;C:\\b;"));
        assertEquals("/a:/b", Environment.of(OsFamily.UNIX, Map.of()).joinPathList(List.of("/a", "/b")));
        assertEquals("hipcc.exe", Host.of(OsFamily.WINDOWS, Map.of()).executable("hipcc"));
        assertEquals(OsFamily.WINDOWS, OsFamily.fromOsName("Windows Server 2022"));
        assertEquals(OsFamily.UNIX, OsFamily.fromOsName("Linux"));
    }
}
