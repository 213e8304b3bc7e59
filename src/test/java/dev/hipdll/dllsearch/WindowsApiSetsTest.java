package dev.hipdll.dllsearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The API set contracts are data derived from a published table of Windows' API set schemas
 * ({@code scripts/fixtures/api-sets} from ReactOS's {@code apisets.table.c}), and the loader's rule (the name up to
 * its last hyphen, ASCII letters folded) decides an import.
 */
class WindowsApiSetsTest {
    private final WindowsApiSets sets = WindowsApiSets.load();

    @Test
    void theListSaysWhichTableItIsDerivedFrom() throws Exception {
        String text;
        try (InputStream in = WindowsApiSets.class.getResourceAsStream(WindowsApiSets.RESOURCE)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(text.contains("github.com/reactos/reactos"), "the source is named");
        assertTrue(text.contains("sdk/lib/apisets/apisets.table.c at commit 3765a7375a7ee447c5f21526ea1a561d50919f6a"),
                "the source's path and commit");
        assertTrue(Pattern.compile("git blob [0-9a-f]{40}, SHA-256 [0-9a-f]{64}").matcher(text).find(),
                "the copy's blob id and digest");
        assertTrue(Pattern.compile("Generated: \\d{4}-\\d{2}-\\d{2} by `scripts/fixtures/api-sets").matcher(text).find(),
                "the generation date and the script");
        assertTrue(sets.hosts().size() > 700, sets.hosts().size() + " hosted Windows 10 contracts");
        assertTrue(sets.unhosted().size() > 50, sets.unhosted().size() + " contracts without a host");
        assertTrue(sets.older().size() > 100, sets.older().size() + " contracts of older releases only");
    }

    @Test
    void theUniversalCrtAndKernelBaseSetsResolve() {
        for (String crt : new String[] {"conio", "convert", "environment", "filesystem", "heap", "locale", "math",
                "multibyte", "private", "process", "runtime", "stdio", "string", "time", "utility"}) {
            assertTrue(sets.resolves("api-ms-win-crt-" + crt + "-l1-1-0.dll"), crt);
            assertEquals("ucrtbase.dll", sets.hosts().get("api-ms-win-crt-" + crt + "-l1-1"), crt);
        }
        assertEquals("kernelbase.dll", sets.hosts().get("api-ms-win-core-synch-l1-2"), "Windows' host, not ReactOS's");
        assertTrue(sets.resolves("ext-ms-win-ntuser-window-l1-1-0.dll"), "a hosted extension set");
    }

    @Test
    void theContractIsTheNameUpToItsLastHyphenWithAsciiLettersFolded() {
        assertEquals("api-ms-win-core-file-l1-2", WindowsApiSets.contract("API-MS-Win-Core-File-L1-2-4.DLL"));
        assertEquals("api-ms-win-core-file-l1-2", WindowsApiSets.contract("api-ms-win-core-file-l1-2-0"));
        assertEquals("api-ms-win-\u212Aernel", WindowsApiSets.contract("api-ms-win-\u212Aernel-l1"), "U+212A stays");
        assertNull(WindowsApiSets.contract("kernel32.dll"));
        assertNull(WindowsApiSets.contract("-api-ms.dll"));
        assertNull(WindowsApiSets.contract("apiset-l1-1-0.dll"), "neither api- nor ext-");
        assertFalse(sets.resolves("api-ms-win-core-file-l1-2.dll"), "cut at the last hyphen: api-ms-win-core-file-l1");
    }

    @Test
    void unresolvedNamesTheSchemaKnowsSayWhy() {
        assertEquals("an API set Windows 10's schema lists without a host DLL",
                sets.unresolvedReason("ext-ms-win-xaml-pal-l1-1-0.dll"));
        assertEquals("an API set only the Windows 7/8/8.1 schemas hold",
                sets.unresolvedReason("api-ms-win-advapi32-auth-l1-1-0.dll"));
        assertNull(sets.unresolvedReason("api-ms-win-evil-l1-1-0.dll"));
        assertNull(sets.unresolvedReason("api-ms-win-crt-heap-l1-1-0.dll"));
    }

    @Test
    void aLineOfAnotherShapeIsNamedByItsNumber() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> WindowsApiSets.parse("# header\nwin10 api-ms-win-core-file-l1-2-3 kernelbase.dll\nwin10 nohyphen x\n"));
        assertTrue(e.getMessage().contains("line 3") && e.getMessage().contains("nohyphen"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> WindowsApiSets.parse("win10 api-ms-win-core-file-l1-2-3\n"));
        assertThrows(IllegalStateException.class, () -> WindowsApiSets.parse("later api-ms-win-core-file-l1-2-3\n"));
    }
}
