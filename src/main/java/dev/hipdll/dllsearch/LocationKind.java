package dev.hipdll.dllsearch;

/** The kinds of directory in the Windows DLL search order, each with the name Microsoft's documentation uses. */
public enum LocationKind {
    /** The folder the application (or, with {@code LOAD_WITH_ALTERED_SEARCH_PATH}, the loaded DLL) is in. */
    APPLICATION_DIRECTORY("the application's folder"),
    /** The folder set with {@code SetDllDirectoryW}. */
    DLL_DIRECTORY("the SetDllDirectory folder"),
    /** {@code %SystemRoot%\System32}. */
    SYSTEM32("the system folder (System32)"),
    /** {@code %SystemRoot%\System}. */
    SYSTEM16("the 16-bit system folder"),
    /** {@code %SystemRoot%}. */
    WINDOWS("the Windows folder"),
    /** The current folder. */
    CURRENT_DIRECTORY("the current folder"),
    /** A folder listed in {@code PATH}. */
    PATH("a PATH entry");

    private final String description;

    LocationKind(String description) {
        this.description = description;
    }

    /** How Microsoft's documentation calls this location. */
    public String description() {
        return description;
    }
}
