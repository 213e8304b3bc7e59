package dev.hipdll.dllsearch;

import java.util.List;

/**
 * What decides a desktop application's DLL search order (Microsoft, "Dynamic-link library search
 * order", section "Standard search order for unpackaged apps").
 *
 * @param applicationDirectory the application's folder (or the loaded DLL's, with
 *                             {@code LOAD_WITH_ALTERED_SEARCH_PATH}); {@code null} when unknown
 * @param dllDirectory         the folder set with {@code SetDllDirectoryW}, or {@code null}
 * @param systemRoot           {@code %SystemRoot%}, e.g. {@code C:\Windows}
 * @param currentDirectory     the current folder, or {@code null} when unknown
 * @param pathEntries          the PATH entries, in order
 * @param safeDllSearchMode    {@code SafeDllSearchMode} (on by default since Windows XP SP2)
 */
public record SearchInputs(String applicationDirectory, String dllDirectory, String systemRoot, String currentDirectory,
                           List<String> pathEntries, boolean safeDllSearchMode) {
    /** Creates inputs; the PATH list is copied. */
    public SearchInputs {
        pathEntries = List.copyOf(pathEntries);
    }
}
