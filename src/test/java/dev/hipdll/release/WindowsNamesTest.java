package dev.hipdll.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rules of Microsoft's "Naming Files, Paths, and Namespaces" as {@link WindowsNames} applies them
 *: what is refused, with which reason, and what is not (a name that only starts like a device).
 */
class WindowsNamesTest {
    @Test
    void reservedDeviceNamesWithAnyExtensionInAnyComponent() {
        for (String n : List.of("CON", "con.dll", "Prn.txt", "AUX.tar.gz", "nul", "COM1.dll", "com9.pyd", "LPT5",
                "COM\u00b9.dll", "lpt\u00b3.dll", "bin/CON.dll", "NUL/x.dll", "a/lpt1/b.dll", "CON .dll")) {
            String why = WindowsNames.problem(n);
            assertTrue(why != null && why.contains("is the reserved device name"), n + ": " + why);
        }
        assertEquals("'LPT1' (a directory of the path) is the reserved device name LPT1", WindowsNames.problem("LPT1/x.dll"));
    }

    @Test
    void namesThatOnlyStartLikeADeviceAreFine() {
        for (String n : List.of("CONSOLE.dll", "conx.dll", "COM10.dll", "COM0x.dll", "mycon.dll", "x.CON", "lpt.dll",
                "coli_hip.dll", "bin/hipblas.dll", "a.b.c.dll")) {
            assertNull(WindowsNames.problem(n), n);
        }
    }

    @Test
    void trailingPeriodsAndSpacesAndReservedCharacters() {
        assertEquals("'coli_hip.dll.' ends in a period, which Windows strips when it creates the file: it would be"
                + " extracted as 'coli_hip.dll'", WindowsNames.problem("coli_hip.dll."));
        assertEquals("'coli_hip.dll ' ends in a space, which Windows strips when it creates the file: it would be"
                + " extracted as 'coli_hip.dll'", WindowsNames.problem("coli_hip.dll "));
        assertTrue(WindowsNames.problem("bin. /x.dll").startsWith("'bin. ' (a directory of the path) ends in a space"));
        for (char c : "<>:\"|?*".toCharArray()) {
            assertTrue(WindowsNames.problem("a" + c + "b.dll").contains("holds '" + c + "'"), String.valueOf(c));
        }
        assertTrue(WindowsNames.problem("x.dll:stream").contains("alternate data stream"));
    }

    @Test
    void namesCollideAsNtfsFoldsThem() {
        assertEquals(WindowsNames.folded("Bin/Helper.DLL"), WindowsNames.folded("bin/helper.dll"));
        assertEquals(WindowsNames.folded("coli_hip.dll"), WindowsNames.folded("coli_hip.dll. "));
        assertNotEquals(WindowsNames.folded("stra\u00dfe.dll"), WindowsNames.folded("STRASSE.dll"), "NTFS does not expand ß");
    }
}
