package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link WindowsArguments} against a decoder written from Microsoft's "Parsing C command-line arguments" (the
 * 2008+ rules: {@code ""} inside quotes is a literal quote) and against the JDK's own test for an argument it
 * passes verbatim (starts and ends with a quote, does not end with {@code \"}). The same arguments are checked
 * on a real Windows API by the Windows tier ({@code dev.hipdll.windowstier.ProcessTreeTest}).
 */
class WindowsArgumentsTest {
    /** Splits a command line tail the way the MSVC C runtime (2008+) does. */
    static List<String> decode(String line) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = line.length();
        while (true) {
            while (i < n && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
                i++;
            }
            if (i >= n) {
                return out;
            }
            StringBuilder arg = new StringBuilder();
            boolean quoted = false;
            while (i < n) {
                char c = line.charAt(i);
                if (c == '\\') {
                    int b = 0;
                    while (i < n && line.charAt(i) == '\\') {
                        b++;
                        i++;
                    }
                    if (i < n && line.charAt(i) == '"') {
                        arg.append("\\".repeat(b / 2));
                        if (b % 2 == 1) {
                            arg.append('"');
                            i++;
                        }
                    } else {
                        arg.append("\\".repeat(b));
                    }
                } else if (c == '"') {
                    if (quoted && i + 1 < n && line.charAt(i + 1) == '"') {
                        arg.append('"');
                        i += 2;
                    } else {
                        quoted = !quoted;
                        i++;
                    }
                } else if (!quoted && (c == ' ' || c == '\t')) {
                    break;
                } else {
                    arg.append(c);
                    i++;
                }
            }
            out.add(arg.toString());
        }
    }

    private static void roundTrip(List<String> args) {
        List<String> encoded = WindowsArguments.encode("C:\\x\\clang.exe", args);
        for (String e : encoded) {
            boolean verbatim = e.length() >= 2 && e.startsWith("\"") && e.endsWith("\"") && !e.endsWith("\\\"");
            boolean plain = !e.isEmpty() && e.indexOf(' ') < 0 && e.indexOf('\t') < 0;
            assertTrue(verbatim || plain, "the JDK would re-quote " + e);
        }
        assertEquals(args, decode(String.join(" ", encoded)), "encoded: " + encoded);
    }

    @Test
    void theArgumentsTheJdkManglesRoundTrip() {
        roundTrip(List.of("q\"uote", "-DVERSION=\"1.0\"", "\"quoted whole\"", "trail\\", "trail space\\",
                "two trailing space\\\\", "back\\\"slash quote", "", " ", "  lead", "tab\there", "x\\\\\"y",
                "C:\\Program Files\\AMD\\ROCm\\7.1\\", "\\\\server\\share\\x y", "\"", "\\", "\\\\ \\\\"));
    }

    @Test
    void plainArgumentsAreLeftAsTheyAre() {
        assertEquals(List.of("-O3", "C:\\a\\b\\", "%PATH%", "a&b|c<d>e", "Prüfung"),
                WindowsArguments.encode("clang.exe", List.of("-O3", "C:\\a\\b\\", "%PATH%", "a&b|c<d>e", "Prüfung")));
    }

    @Test
    void carriageReturnsAndLineFeedsAreQuoted() {
        // LLVM's TokenizeWindowsCommandLine separates at \r and \n outside quotes
        assertEquals("\"a\rb\"", WindowsArguments.encode("a\rb"));
        assertEquals("\"a\nb\"", WindowsArguments.encode("a\nb"));
    }

    @Test
    void batchFilesAreNotEncoded() {
        assertEquals(List.of("a b", "q\"x"), WindowsArguments.encode("C:\\sdk\\HIPCC.BAT", List.of("a b", "q\"x")));
        assertFalse(WindowsArguments.encode("x.exe", List.of("a b")).get(0).equals("a b"));
    }

    @Test
    void randomArgumentsRoundTrip() {
        Random r = new Random(20);
        String alphabet = "ab \\\"\t%^&!;ü";
        for (int t = 0; t < 5000; t++) {
            List<String> args = new ArrayList<>();
            for (int k = r.nextInt(4) + 1; k > 0; k--) {
                StringBuilder s = new StringBuilder();
                for (int len = r.nextInt(8); len > 0; len--) {
                    s.append(alphabet.charAt(r.nextInt(alphabet.length())));
                }
                args.add(s.toString());
            }
            roundTrip(args);
        }
    }
}
