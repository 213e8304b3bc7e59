package dev.hipdll.verify;

import java.util.List;

/**
 * Recognises absolute paths of any machine in raw bytes, ASCII or UTF-16LE, at a separator byte
 * found by {@link PathLeakScanner}'s filter (a DLL built elsewhere carried
 * {@code DW_AT_comp_dir /home/builder/...} and passed, because only this machine's paths were
 * looked for). Three shapes, each starting at a path boundary (the character before is not a
 * letter, digit, {@code .}, {@code _} or {@code -}; for a POSIX path not a colon either, so that
 * {@code C:/Users/x} is one drive-letter path, not also {@code /Users/x}):
 * <ul>
 *   <li>POSIX: {@code /<root>/<name>} for a root in {@link #POSIX_ROOTS} (exact case) with a plausible
 *       shape: under a root whose first name is a person's or a CI workspace's
 *       ({@link #NAMED_ROOTS}: {@code /home/u}, {@code /Users/u}, {@code /root/x}, {@code /__w/repo} of
 *       GitHub Actions) one name is enough; under the others ({@code /opt}, {@code /tmp}, {@code /usr}, ...)
 *       a path needs two names ({@code /opt/rocm/lib}, {@code /tmp/b/x.o}) or one file name with an
 *       extension ({@code /tmp/cc1.o}): a lone {@code /opt/xover_freq} is a key of a settings format (OpenAL
 *       Soft's AmbDec presets), {@code /opt/rocm} a default location, not a directory a build used;</li>
 *   <li>drive letter: {@code C:\a\b} or {@code D:/a/b}: a letter, a colon, a separator and at least
 *       two components (so that chance bytes of code or compressed data rarely match), not under the
 *       Windows directory ({@code C:\Windows\...} is the same on every machine: {@code c:/windows/temp} is
 *       a temp-directory fallback, not a build path);</li>
 *   <li>UNC: {@code \\server\share}, server and share at least two characters each.</li>
 * </ul>
 * Drive-letter and UNC paths must also be C strings: their printable text ends at a NUL.
 * The path found runs to the first character that cannot be part of a path (a control character,
 * a quote, {@code <>|*?}, non-ASCII), at most {@link #MAX_CHARS} characters, trailing blanks
 * dropped.
 */
final class AbsolutePaths {
    /** Most characters of a path reported. */
    static final int MAX_CHARS = 260;
    /** Bytes before the separator that the tests read (UTF-16 drive letter and its boundary). */
    static final int LOOK_BEHIND = 6;
    /** The roots of POSIX paths that name a place of some machine's file system. */
    static final List<String> POSIX_ROOTS = List.of("home", "Users", "tmp", "root", "opt", "usr", "build", "builds",
            "__w", "var", "srv", "mnt", "media", "private", "workspace", "workspaces", "work", "runner", "github",
            "Library", "Volumes", "nix", "scratch", "data", "src", "jenkins", "buildbot", "agent", "azp", "gitlab-runner",
            "proj", "projects", "local", "net", "export");
    /**
     * The roots of {@link #POSIX_ROOTS} whose first name is enough to make a path a build machine's: a
     * user's home ({@code /home/<user>}, {@code /Users/<user>}, {@code /root/<dir>}) or a CI runner's
     * workspace ({@code /__w/<repo>} on GitHub Actions, {@code /builds/<group>} on GitLab, ...).
     */
    static final java.util.Set<String> NAMED_ROOTS = java.util.Set.of("home", "Users", "root", "__w", "runner", "github",
            "builds", "workspace", "workspaces", "jenkins", "buildbot", "agent", "azp", "gitlab-runner");
    private static final byte[][] ROOTS = new byte[POSIX_ROOTS.size()][];
    private static final boolean[] ROOT_FIRST = new boolean[256];

    static {
        for (int i = 0; i < ROOTS.length; i++) {
            ROOTS[i] = POSIX_ROOTS.get(i).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            ROOT_FIRST[ROOTS[i][0]] = true;
        }
    }

    /** Receives one path found: its offset in the buffer, its text and encoding. */
    interface Sink {
        void found(int offset, String text, String encoding);
    }

    private AbsolutePaths() {
    }

    /**
     * Whether a separator followed by the byte {@code next} may start a shape (a UTF-16LE one, a UNC
     * one, a POSIX root); a drive-letter shape is told by the byte before the separator instead.
     * {@link #mayStartAt} is this test and that one.
     */
    static boolean mayFollowSeparator(int next) {
        return next == 0 || next == '\\' || ROOT_FIRST[next & 0xff];
    }

    /** A cheap test at the separator {@code raw[p]}: whether any shape could be anchored there. */
    static boolean mayStartAt(byte[] raw, int p, int len) {
        if (p + 1 >= len) {
            return false;
        }
        return mayFollowSeparator(raw[p + 1] & 0xff) || p >= 1 && raw[p - 1] == ':';
    }

    /** Looks for every shape anchored at the separator {@code raw[p]}, in both encodings. */
    static void probe(byte[] raw, int p, int len, Sink sink) {
        for (int w = 1; w <= 2; w++) {
            if (w == 2 && (p + 1 >= len || raw[p + 1] != 0)) {
                break;
            }
            String enc = w == 1 ? "ASCII" : "UTF-16LE";
            int c1 = ch(raw, p + w, len, w);
            if (raw[p] == '/' && boundaryBefore(raw, p, w) && ch(raw, p - w, len, w) != ':' && posix(raw, p, len, w)) {
                sink.found(p, text(raw, p, len, w), enc);
            } else if (raw[p] == '\\' && c1 == '\\' && boundaryBefore(raw, p, w) && unc(raw, p, len, w)
                    && cString(raw, p, len, w)) {
                sink.found(p, text(raw, p, len, w), enc);
            }
            int drive = p - 2 * w;
            if (drive >= 0 && ch(raw, p - w, len, w) == ':' && letter(ch(raw, drive, len, w))
                    && boundaryBefore(raw, drive, w) && components(raw, p, len, w, 2) && !windowsDirectory(raw, p, len, w)
                    && cString(raw, drive, len, w)) {
                sink.found(drive, text(raw, drive, len, w), enc);
            }
        }
    }

    /** {@code /<root>/<path char>} at {@code p}, in a plausible shape (see the class comment). */
    private static boolean posix(byte[] raw, int p, int len, int w) {
        for (int k = 0; k < ROOTS.length; k++) {
            byte[] r = ROOTS[k];
            int i = p + w;
            boolean ok = true;
            for (byte b : r) {
                if (ch(raw, i, len, w) != b) {
                    ok = false;
                    break;
                }
                i += w;
            }
            if (ok && ch(raw, i, len, w) == '/' && pathChar(ch(raw, i + w, len, w))) {
                return NAMED_ROOTS.contains(POSIX_ROOTS.get(k)) || secondNameOrFile(raw, i + w, len, w);
            }
        }
        return false;
    }

    /**
     * At the first name after a root ({@code i}): whether a second name follows it ({@code /opt/rocm/lib})
     * or it is a file name with an extension of one to eight letters or digits ({@code cc1.o}, {@code k.cu}).
     */
    private static boolean secondNameOrFile(byte[] raw, int i, int len, int w) {
        int dot = -1;
        int n = 0;
        for (; pathChar(ch(raw, i, len, w)) && n < MAX_CHARS; i += w, n++) {
            if (ch(raw, i, len, w) == '.') {
                dot = n;
            }
        }
        if (ch(raw, i, len, w) == '/' && pathChar(ch(raw, i + w, len, w))) {
            return true;
        }
        if (dot <= 0 || n - dot - 1 < 1 || n - dot - 1 > 8) {
            return false;
        }
        for (int k = i - (n - dot - 1) * w; k < i; k += w) {
            int c = ch(raw, k, len, w);
            if (!(letter(c) || c >= '0' && c <= '9')) {
                return false;
            }
        }
        return true;
    }

    /** Whether the name after the drive's separator {@code p} is {@code Windows}, in any case. */
    private static boolean windowsDirectory(byte[] raw, int p, int len, int w) {
        String name = "windows";
        int i = p + w;
        for (int k = 0; k < name.length(); k++, i += w) {
            int c = ch(raw, i, len, w);
            if (c < 0 || Character.toLowerCase((char) c) != name.charAt(k)) {
                return false;
            }
        }
        int c = ch(raw, i, len, w);
        return c == '/' || c == '\\' || !pathChar(c);
    }

    /** {@code \\server\share} at {@code p}: two or more characters each. */
    private static boolean unc(byte[] raw, int p, int len, int w) {
        int i = p + 2 * w;
        int n = 0;
        while (pathChar(ch(raw, i, len, w))) {
            i += w;
            n++;
        }
        if (n < 2 || ch(raw, i, len, w) != '\\') {
            return false;
        }
        i += w;
        int m = 0;
        while (pathChar(ch(raw, i, len, w)) || ch(raw, i, len, w) == '$') {
            i += w;
            m++;
        }
        return m >= 2;
    }

    /** At the separator {@code p}: {@code n} or more components, each a path character or more, separated. */
    private static boolean components(byte[] raw, int p, int len, int w, int n) {
        int i = p;
        int seen = 0;
        while (seen < n) {
            int c = ch(raw, i, len, w);
            if (c != '/' && c != '\\') {
                return false;
            }
            i += w;
            int k = 0;
            while (pathChar(ch(raw, i, len, w)) || ch(raw, i, len, w) == ' ') {
                i += w;
                k++;
            }
            if (k == 0) {
                return false;
            }
            seen++;
        }
        return true;
    }

    /**
     * Whether the printable text starting at {@code at} ends, within {@link #MAX_CHARS} characters, at
     * a NUL (a C string, as compilers and linkers store paths: DWARF strings, {@code .rodata}, the
     * CodeView record) or at the end of the data. Drive-letter and UNC shapes need it: their fixed
     * part is short, and 200 MiB of random bytes (compressed data) would otherwise hold one by chance.
     */
    private static boolean cString(byte[] raw, int at, int len, int w) {
        for (int i = at, n = 0; n <= MAX_CHARS; i += w, n++) {
            if (i + w > len) {
                return true;
            }
            if (raw[i] == 0 && (w == 1 || raw[i + 1] == 0)) {
                return true;
            }
            if (!textChar(ch(raw, i, len, w))) {
                return false;
            }
        }
        return false;
    }

    private static boolean boundaryBefore(byte[] raw, int at, int w) {
        if (at - w < 0) {
            return true;
        }
        if (w == 2 && raw[at - 1] != 0) {
            return true;
        }
        return !pathChar(raw[at - w] & 0xff);
    }

    /** The character (0..255) at {@code i} in encoding width {@code w}, or -1 past the end or for a non-ASCII UTF-16 unit. */
    private static int ch(byte[] raw, int i, int len, int w) {
        if (i < 0 || i + w > len) {
            return -1;
        }
        if (w == 2 && raw[i + 1] != 0) {
            return -1;
        }
        return raw[i] & 0xff;
    }

    private static boolean letter(int c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
    }

    private static boolean pathChar(int c) {
        return letter(c) || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-' || c == '+' || c == '~'
                || c == '@' || c == '%' || c == ',' || c == '=' || c == '#';
    }

    private static boolean textChar(int c) {
        return c >= 0x20 && c < 0x7f && c != '"' && c != '\'' && c != '<' && c != '>' && c != '|' && c != '*'
                && c != '?' && c != '`';
    }

    private static String text(byte[] raw, int at, int len, int w) {
        StringBuilder sb = new StringBuilder();
        for (int i = at; sb.length() < MAX_CHARS; i += w) {
            int c = ch(raw, i, len, w);
            if (!textChar(c)) {
                break;
            }
            sb.append((char) c);
        }
        int end = sb.length();
        while (end > 0 && sb.charAt(end - 1) == ' ') {
            end--;
        }
        return sb.substring(0, end);
    }
}
