package dev.hipdll.diagnosis;

import java.nio.file.Path;

/**
 * A directory whose headers are not the user's code, with the name a diagnosis gives it: the resolved HIP SDK, the
 * MSVC toolset, the Windows SDK. An error located under it is reported as an error inside that
 * origin's header, with the user's file and line that included it.
 *
 * @param name what the diagnosis calls it, e.g. {@code the HIP SDK}
 * @param root its directory, absolute
 */
public record HeaderOrigin(String name, Path root) {
    /** Checks the fields: a name and an absolute directory. */
    public HeaderOrigin {
        if (name == null || name.isBlank() || root == null || !root.isAbsolute()) {
            throw new IllegalArgumentException("a header origin has a name and an absolute directory: " + name + ", "
                    + root);
        }
    }
}
