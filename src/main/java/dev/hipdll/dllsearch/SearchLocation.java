package dev.hipdll.dllsearch;

/**
 * One directory of a DLL search order.
 *
 * @param kind      what the directory is in the order
 * @param directory the directory, as the host spells it
 * @param index     for {@link LocationKind#PATH}, the entry's position in PATH from 1; else 0
 */
public record SearchLocation(LocationKind kind, String directory, int index) {
    /** e.g. "PATH entry #2 C:\tools" or "the system folder (System32) C:\Windows\System32". */
    @Override
    public String toString() {
        return (kind == LocationKind.PATH ? "PATH entry #" + index : kind.description()) + " " + directory;
    }
}
