package dev.hipdll.redteam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.hipdll.release.WindowsDlls;
import org.junit.jupiter.api.Test;

/**
 * Red team (the Windows DLLs a package may import without shipping): names Windows resolves, and
 * look-alikes it does not, asked of the lists the plugin ships ({@code package.dependencies} counts a name for which
 * {@link WindowsDlls#windowsSource} is not null as Windows' and never looks for it in the package).
 */
class WindowsDllNameAttackTest {
    private final WindowsDlls windows = WindowsDlls.load();

    @Test
    void namesWindowsResolvesAreWindows() {
        assertEquals("KnownDLLs", windows.windowsSource("KERNEL32.dll"));
        assertEquals("KnownDLLs", windows.windowsSource("kernel32.DLL"));
        assertEquals("API set", windows.windowsSource("api-ms-win-crt-runtime-l1-1-0.dll"));
        assertEquals("API set", windows.windowsSource("API-MS-WIN-CORE-SYNCH-L1-2-0.DLL"));
        assertEquals("API set", windows.windowsSource("ext-ms-win-ntuser-window-l1-1-0.dll"));
    }

    @Test
    void lookAlikesAreNotWindows() {
        for (String n : new String[] {"kernel32.dll.evil", "kernel32.dll ", " kernel32.dll", "kerneI32.dll",
                "k\u0435rnel32.dll" /* Cyrillic ie */, "kernel32.dl", "kernel32.exe", "kernel32.dll\u0000x",
                "api-ms-win", "apims-win-core-file-l1-1-0.dll", "api-ms-wln-core-file-l1-1-0.dll",
                "\u0430pi-ms-win-core-file-l1-1-0.dll" /* Cyrillic a */, "ext-ms", "ext-mswin-x.dll"}) {
            assertNull(windows.windowsSource(n), n);
        }
    }

    /**
     * FINDING (mended): any name starting {@code api-ms-win-} or {@code ext-ms-} counted as an API set Windows
     * resolves, so a package whose DLL imports {@code api-ms-win-evil-l1-1-0.dll} (in no API set schema, not shipped)
     * passed {@code package.dependencies}; on Windows the loader finds no contract for it and loading fails with
     * ERROR_MOD_NOT_FOUND (126). Now the name up to its last hyphen must be a contract Windows 10's schema hosts
     * ({@code windows-api-sets.txt}, from ReactOS's table of the schemas); an entry without a host and a contract only
     * Windows 7/8/8.1 held do not count either.
     */
    @Test
    void anInventedApiSetIsNotWindows() {
        assertNull(windows.windowsSource("api-ms-win-evil-l1-1-0.dll"));
        assertNull(windows.windowsSource("ext-ms-evil-l1-1-0.dll"));
        assertNull(windows.windowsSource("api-ms-win-.dll"));
        assertNull(windows.windowsSource("api-ms-win-core-file-l9-1-0.dll"), "a level the schema does not have");
        assertNull(windows.windowsSource("api-ms-win-crt-runtime-l1-1"), "the version cut at its last hyphen");
        assertNull(windows.windowsSource("ext-ms-win-xaml-pal-l1-1-0.dll"), "in Windows 10's schema without a host");
        assertNull(windows.windowsSource("api-ms-win-advapi32-auth-l1-1-0.dll"), "only Windows 8/8.1's schemas");
    }

    /**
     * The loader compares the name up to its last hyphen, so any final revision of a hosted contract resolves
     * (ApiSetResolveToHost of schema version 6), in any ASCII case; it folds ASCII letters only, so U+212A KELVIN
     * SIGN, which Java's {@code toLowerCase} folds to {@code k}, is no {@code k} to it.
     */
    @Test
    void anApiSetResolvesAsTheLoaderComparesIt() {
        assertEquals("API set", windows.windowsSource("api-ms-win-core-file-l1-2-4.dll"), "a newer revision");
        assertEquals("API set", windows.windowsSource("api-ms-win-core-synch-l1-1-0.dll"), "an older revision");
        assertEquals("API set", windows.windowsSource("API-MS-WIN-CRT-STDIO-L1-1-0"), "no extension, upper case");
        assertNull(windows.windowsSource("api-ms-win-core-Kernel32-legacy-l1-1-0.dll"), "Kelvin sign for k");
        assertEquals("API set", windows.windowsSource("api-ms-win-core-kernel32-legacy-l1-1-0.dll"));
    }

    /**
     * FINDING (low): an import named {@code KERNEL32} (no extension) is not Windows' to verify, but the loader appends
     * {@code .DLL} to a module name without an extension and loads kernel32.dll: a wrong FAIL
     * ({@code missing: KERNEL32}). Linkers write the extension; a hand-made import table need not.
     */
    @Test
    void anImportWithoutExtensionIsTheDll() {
        assertEquals("KnownDLLs", windows.windowsSource("KERNEL32"));
    }
}
