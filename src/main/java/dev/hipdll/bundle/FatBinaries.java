package dev.hipdll.bundle;

import java.util.List;

/**
 * The HIP device code of a PE image as the runtime sees it: the offload bundles the
 * {@code .hipFatB} wrappers point to (what {@code __hipRegisterFatBinary} registers), what is wrong
 * with the wrappers, and bundles in {@code .hip_fat} that no wrapper reaches (never registered).
 *
 * @param bundles   the bundles reached by a valid wrapper, in wrapper order, each once
 * @param wrappers  how many non-empty wrapper records {@code .hipFatB} holds (valid or not)
 * @param problems  one line per invalid wrapper (bad magic or version, a pointer outside the image,
 *                  not at a bundle, or outside {@code .hip_fat}), naming its offset in {@code .hipFatB}
 * @param unreached one line per bundle found in {@code .hip_fat} that no valid wrapper points to
 * @param sections  for each of {@code bundles}, the section it lies in ({@link OffloadBundle#offset()} is
 *                  relative to that section's raw data)
 */
public record FatBinaries(List<OffloadBundle> bundles, int wrappers, List<String> problems, List<String> unreached,
                          List<String> sections) {
    /** Creates the value; the lists are copied. */
    public FatBinaries {
        bundles = List.copyOf(bundles);
        sections = List.copyOf(sections);
        problems = List.copyOf(problems);
        unreached = List.copyOf(unreached);
    }
}
