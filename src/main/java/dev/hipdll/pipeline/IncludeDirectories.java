package dev.hipdll.pipeline;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code -I} directories of a build, in order: the source directory's own {@code include}
 * ({@code src/main/hip/include}) first when it exists, then the user's {@code includeDirectories}, each
 * once. The user's list adds to the default, as its name ("extra include directories") says; it used to
 * replace it, so that adding one directory lost the project's own headers (a newcomer's test).
 */
public final class IncludeDirectories {
    private IncludeDirectories() {
    }

    /**
     * @param sourceDirectory the translation units' root ({@code hip.sourceDirectory})
     * @param extra           the user's {@code includeDirectories}, in order; {@code null} or empty for none
     * @return the directories, absolute and normalized, without duplicates, the default first
     */
    public static List<Path> of(Path sourceDirectory, List<Path> extra) {
        Set<Path> dirs = new LinkedHashSet<>();
        Path own = sourceDirectory.resolve("include").toAbsolutePath().normalize();
        if (Files.isDirectory(own)) {
            dirs.add(own);
        }
        if (extra != null) {
            for (Path p : extra) {
                dirs.add(p.toAbsolutePath().normalize());
            }
        }
        return List.copyOf(new ArrayList<>(dirs));
    }
}
