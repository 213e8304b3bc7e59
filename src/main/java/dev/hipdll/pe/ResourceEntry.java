package dev.hipdll.pe;

/**
 * One leaf of the resource directory tree (PE/COFF specification, section 6.9 "The .rsrc
 * Section"): the type, name and language levels that lead to a resource data entry.
 *
 * @param type     the type ID (e.g. {@link #RT_VERSION}) or -1 when the type is named
 * @param typeName the type's name string when named, else {@code null}
 * @param nameId   the name ID, or -1 when named
 * @param name     the name string when named, else {@code null}
 * @param language the language ID, or -1 when named
 * @param dataRva  the resource data entry's {@code Data RVA}
 * @param size     the resource data entry's {@code Size} in bytes
 * @param codepage the resource data entry's {@code Codepage}
 */
public record ResourceEntry(int type, String typeName, int nameId, String name, int language, long dataRva, long size,
                            long codepage) {
    /** {@code RT_VERSION}: a {@code VS_VERSIONINFO} block. */
    public static final int RT_VERSION = 16;
    /** {@code RT_MANIFEST}: a side-by-side assembly manifest. */
    public static final int RT_MANIFEST = 24;
}
