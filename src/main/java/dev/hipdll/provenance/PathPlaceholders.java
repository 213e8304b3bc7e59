package dev.hipdll.provenance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Replaces machine paths in strings with placeholders, e.g. {@code /opt/sdk/include} with
 * {@code ${HIP_SDK_ROOT}/include}. The longest path is replaced first (so
 * {@code ${project.build.directory}} wins over {@code ${project.basedir}}), both in its own
 * spelling and with {@code /} separators (a Windows path may appear either way), and a path only
 * matches where it ends at a separator, a quote, {@code =}, or the end of the string.
 */
public final class PathPlaceholders {
    private record Entry(String placeholder, String path) {
    }

    private final List<Entry> entries = new ArrayList<>();

    /**
     * The placeholders of a build: {@code ${HIP_SDK_ROOT}}, {@code ${project.basedir}},
     * {@code ${project.build.directory}}, and {@code ${hip.<component>}} for each SDK component
     * outside the SDK root (an override elsewhere).
     *
     * @param sdk      the resolved SDK
     * @param basedir  the project base directory
     * @param buildDir the project build directory
     */
    public static PathPlaceholders forBuild(dev.hipdll.sdk.HipSdk sdk, Path basedir, Path buildDir) {
        Path root = sdk.root().path().toAbsolutePath().normalize();
        PathPlaceholders placeholders = new PathPlaceholders()
                .add("HIP_SDK_ROOT", root)
                .add("project.basedir", basedir)
                .add("project.build.directory", buildDir);
        for (dev.hipdll.sdk.SdkComponent c : sdk.components()) {
            if (!c.path().toAbsolutePath().normalize().startsWith(root)) {
                placeholders.add("hip." + c.name(), c.path());
            }
        }
        return placeholders;
    }

    /**
     * Adds a placeholder.
     *
     * @param name the placeholder's name, written as {@code ${name}}
     * @param path the absolute path it stands for
     * @return this
     */
    public PathPlaceholders add(String name, Path path) {
        String p = path.toAbsolutePath().normalize().toString();
        entries.add(new Entry("${" + name + "}", p));
        String slashed = p.replace('\\', '/');
        if (!slashed.equals(p)) {
            entries.add(new Entry("${" + name + "}", slashed));
        }
        entries.sort(Comparator.comparingInt((Entry e) -> e.path().length()).reversed());
        return this;
    }

    /** {@code value} with every known path replaced by its placeholder. */
    public String apply(String value) {
        String result = value;
        for (Entry e : entries) {
            StringBuilder out = new StringBuilder();
            int from = 0;
            for (int i = result.indexOf(e.path()); i >= 0; i = result.indexOf(e.path(), i + 1)) {
                int end = i + e.path().length();
                if (i < from || (end < result.length() && "/\\\"=,;".indexOf(result.charAt(end)) < 0)) {
                    continue;
                }
                out.append(result, from, i).append(e.placeholder());
                from = end;
            }
            out.append(result.substring(from));
            result = out.toString();
        }
        return result;
    }

    /**
     * The inverse of {@link #apply} for a value that starts with a placeholder: {@code ${HIP_SDK_ROOT}/include}
     * gives {@code /opt/sdk/include} (the path as added, in its own spelling); other values are returned as they are.
     */
    public String resolve(String value) {
        for (Entry e : entries) {
            if (value.startsWith(e.placeholder()) && (value.length() == e.placeholder().length()
                    || "/\\".indexOf(value.charAt(e.placeholder().length())) >= 0)) {
                String rest = value.substring(e.placeholder().length());
                return e.path() + (e.path().indexOf('\\') >= 0 ? rest.replace('/', '\\') : rest);
            }
        }
        return value;
    }

    /** {@link #apply} on each element. */
    public List<String> apply(List<String> values) {
        return values.stream().map(this::apply).toList();
    }
}
