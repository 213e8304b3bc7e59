package dev.hipdll.loadcheck;

import java.util.List;

/**
 * What the loader program is asked to do, written to its request file (UTF-8, one
 * {@code key value} per line; paths as the program sees them, see {@link Launcher#windowsPath}).
 *
 * @param runtimeDir the runtime directory to put into the DLL search order with
 *                   {@code SetDllDirectoryW}, or {@code null}
 * @param preload    a file to load by absolute path before the DLL, or {@code null}
 * @param dll        the DLL to load with {@code LoadLibraryExW(LOAD_WITH_ALTERED_SEARCH_PATH)}
 * @param symbols    the names to look up with {@code GetProcAddress}, in order
 */
public record LoaderRequest(String runtimeDir, String preload, String dll, List<String> symbols) {
    /** Creates a request; rejects line breaks in any value (they would split a line). */
    public LoaderRequest {
        symbols = List.copyOf(symbols);
        for (String v : concat(runtimeDir, preload, dll, symbols)) {
            if (v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0 || v.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("a loader request value contains a line break or NUL: " + v);
            }
        }
    }

    /** The request file's text. */
    public String render() {
        StringBuilder sb = new StringBuilder();
        if (runtimeDir != null) {
            sb.append("runtime-dir ").append(runtimeDir).append('\n');
        }
        if (preload != null) {
            sb.append("preload ").append(preload).append('\n');
        }
        sb.append("dll ").append(dll).append('\n');
        for (String s : symbols) {
            sb.append("symbol ").append(s).append('\n');
        }
        return sb.toString();
    }

    private static List<String> concat(String a, String b, String c, List<String> rest) {
        java.util.ArrayList<String> l = new java.util.ArrayList<>();
        for (String s : new String[] {a, b, c}) {
            if (s != null) {
                l.add(s);
            }
        }
        l.addAll(rest);
        return l;
    }
}
