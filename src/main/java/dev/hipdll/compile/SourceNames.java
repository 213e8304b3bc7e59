package dev.hipdll.compile;

import dev.hipdll.io.ControlCharacters;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The checks on the names of a build's sources that come before anything runs:
 * <ul>
 *   <li>no control character ({@link ControlCharacters}) in any component of a source's path or of an
 *       include directory's: a line feed in a file name starts a log line of its own, where GitHub Actions
 *       obeys a workflow command ({@code ::error ...}), and a Make-style dependency file
 *       ({@code -MD}) cannot hold it, so such a unit was never stamped and rebuilt every time. The message
 *       names the path with its control characters escaped ({@code a\nb.cu});</li>
 *   <li>no two sources that are the same translation unit ({@link StepPlanner#unitName}: the path relative
 *       to the source directory with {@code /} separators, a {@code \} in a name counting as one too, so
 *       {@code back\slash.cu} beside {@code back/slash.cu} on Linux; or, outside the source directory, the
 *       same file name): their steps would have the same ids, outputs and CUID. The message names both.</li>
 * </ul>
 */
public final class SourceNames {
    private SourceNames() {
    }

    /**
     * Checks the names of {@code sources} and {@code includeDirs}.
     *
     * @param sourceDirectory the directory units are named relative to
     * @param sources         the translation units
     * @param includeDirs     the include directories ({@code -I})
     * @throws IllegalArgumentException naming the first path with a control character (escaped), or the two
     *                                  sources that would be the same translation unit
     */
    public static void check(Path sourceDirectory, List<Path> sources, List<Path> includeDirs) {
        for (Path s : sources) {
            refuseControlCharacters(s, "source");
        }
        for (Path d : includeDirs) {
            refuseControlCharacters(d, "include directory");
        }
        refuseControlCharacters(sourceDirectory, "source directory");
        Map<String, Path> units = new LinkedHashMap<>();
        for (Path s : sources) {
            String unit = StepPlanner.unitName(sourceDirectory, s);
            Path before = units.putIfAbsent(unit, s);
            if (before == null) {
                continue;
            }
            if (before.toAbsolutePath().normalize().equals(s.toAbsolutePath().normalize())) {
                throw new IllegalArgumentException("the source " + s + " is given twice");
            }
            throw new IllegalArgumentException("the sources " + before + " and " + s + " would both be the"
                    + " translation unit '" + unit + "' (a unit is named by its path relative to hip.sourceDirectory"
                    + " " + sourceDirectory + " with / separators, a \\ in a name counting as one too, and a source"
                    + " outside that directory by its file name), so their build steps would be the same: rename"
                    + " one of them");
        }
    }

    /** Refuses a path with a control character in any of its components. */
    private static void refuseControlCharacters(Path p, String what) {
        String s = p.toString();
        int at = ControlCharacters.first(s);
        if (at >= 0) {
            throw new IllegalArgumentException("the " + what + " " + ControlCharacters.escape(s) + " has a control"
                    + " character in its name (shown escaped: " + ControlCharacters.escape(String.valueOf(s.charAt(at)))
                    + "): a line break or another control character in a file name would start lines of its own in"
                    + " the build log (where CI systems obey commands such as ::error) and cannot be kept in the"
                    + " compiler's dependency file; rename it");
        }
    }
}
