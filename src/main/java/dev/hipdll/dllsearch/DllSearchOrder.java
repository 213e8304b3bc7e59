package dev.hipdll.dllsearch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * The directories Windows searches, in order, for a DLL named without a path (an import such as
 * {@code amdhip64_7.dll}, or {@code LoadLibrary("amdhip64_7.dll")}), following Microsoft's
 * "Dynamic-link library search order" for unpackaged desktop applications. Before any directory,
 * Windows uses a module of that name already loaded in the process and the KnownDLLs list; neither
 * applies to a HIP runtime the process has not loaded yet, so they are not modelled.
 * <ul>
 *   <li>SafeDllSearchMode on (the default): application folder, System32, 16-bit system folder,
 *       Windows folder, current folder, PATH entries in order;</li>
 *   <li>off: the current folder moves to second place;</li>
 *   <li>with {@code SetDllDirectoryW(d)}: application folder, {@code d}, System32, 16-bit system
 *       folder, Windows folder, PATH (the current folder is not searched).</li>
 * </ul>
 * Directory names compare case-insensitively (Windows file names), and a directory listed twice
 * is searched once, at its first place.
 */
public final class DllSearchOrder {
    private DllSearchOrder() {
    }

    /** The directories searched, in order. */
    public static List<SearchLocation> of(SearchInputs in) {
        List<SearchLocation> order = new ArrayList<>();
        String root = trimSeparator(in.systemRoot());
        add(order, LocationKind.APPLICATION_DIRECTORY, in.applicationDirectory(), 0);
        if (in.dllDirectory() != null) {
            add(order, LocationKind.DLL_DIRECTORY, in.dllDirectory(), 0);
        } else if (!in.safeDllSearchMode()) {
            add(order, LocationKind.CURRENT_DIRECTORY, in.currentDirectory(), 0);
        }
        add(order, LocationKind.SYSTEM32, root + "\\System32", 0);
        add(order, LocationKind.SYSTEM16, root + "\\System", 0);
        add(order, LocationKind.WINDOWS, root, 0);
        if (in.dllDirectory() == null && in.safeDllSearchMode()) {
            add(order, LocationKind.CURRENT_DIRECTORY, in.currentDirectory(), 0);
        }
        int i = 0;
        for (String p : in.pathEntries()) {
            add(order, LocationKind.PATH, p, ++i);
        }
        return order;
    }

    /**
     * Every location of {@code order} that holds {@code dllName}, in search order: the first is
     * the one Windows loads.
     *
     * @param holds whether a directory holds a file of that name (the caller's file system view)
     */
    public static List<SearchLocation> hits(List<SearchLocation> order, String dllName, BiPredicate<String, String> holds) {
        return order.stream().filter(l -> holds.test(l.directory(), dllName)).toList();
    }

    /** The location Windows loads {@code dllName} from, if any holds it. */
    public static Optional<SearchLocation> first(List<SearchLocation> order, String dllName,
                                                 BiPredicate<String, String> holds) {
        return hits(order, dllName, holds).stream().findFirst();
    }

    private static void add(List<SearchLocation> order, LocationKind kind, String dir, int index) {
        if (dir == null || dir.isBlank()) {
            return;
        }
        String d = trimSeparator(dir.strip());
        String key = key(d);
        if (order.stream().anyMatch(l -> key(l.directory()).equals(key))) {
            return;
        }
        order.add(new SearchLocation(kind, d, index));
    }

    private static String trimSeparator(String d) {
        String s = d;
        while (s.length() > 3 && (s.endsWith("\\") || s.endsWith("/"))) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }

    private static String key(String d) {
        return d.replace('/', '\\').toLowerCase(Locale.ROOT);
    }
}
