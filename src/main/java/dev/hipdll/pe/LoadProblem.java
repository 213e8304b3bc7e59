package dev.hipdll.pe;

/**
 * One reason the Windows loader would refuse an image, or crash in it before its code runs
 * ({@link ImageLoadability}).
 *
 * @param structure the structure, e.g. {@code "base relocation block #3"}
 * @param offset    its file offset, or -1 when it has none (an RVA outside every section)
 * @param problem   what was found and what was expected
 */
public record LoadProblem(String structure, long offset, String problem) {
    @Override
    public String toString() {
        return structure + (offset >= 0 ? " at offset 0x" + Long.toHexString(offset) : "") + ": " + problem;
    }
}
