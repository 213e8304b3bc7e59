package dev.hipdll.maven;

import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkResolutionException;
import dev.hipdll.sdk.ToolchainSelector;
import java.lang.reflect.Method;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.toolchain.model.ToolchainModel;

/**
 * Reads the {@code hip} toolchains of {@code toolchains.xml} (user and global, as Maven merged
 * them into the session) into plain {@link HipToolchain} values for the core.
 *
 * <p>Maven's {@code ToolchainManager} only returns toolchains of types that have a
 * {@code ToolchainFactory} in Maven's core (only {@code jdk} has one); for any other type it logs
 * "Missing toolchain factory" and returns nothing. So the models are read from the session's
 * request, which holds every toolchain Maven parsed, and selected by {@code ToolchainSelector}.
 */
final class HipToolchains {
    private HipToolchains() {
    }

    /** The {@code hip} toolchains, in file order; entries without {@code <sdkRoot>} are reported in {@code problems}. */
    static List<HipToolchain> read(MavenSession session, List<String> problems) {
        List<HipToolchain> out = new ArrayList<>();
        if (session == null || session.getRequest() == null || session.getRequest().getToolchains() == null) {
            return out;
        }
        List<ToolchainModel> models = session.getRequest().getToolchains().getOrDefault("hip", List.of());
        for (ToolchainModel m : models) {
            Map<String, String> provides = new LinkedHashMap<>();
            m.getProvides().forEach((k, v) -> provides.put(String.valueOf(k), String.valueOf(v).strip()));
            String root = childValue(m.getConfiguration(), "sdkRoot");
            if (root == null || root.isBlank()) {
                problems.add("toolchains.xml: a 'hip' toolchain " + provides + " has no <configuration><sdkRoot>; ignored");
                continue;
            }
            try {
                out.add(new HipToolchain(provides, Path.of(root.strip())));
            } catch (InvalidPathException e) {
                problems.add("toolchains.xml: 'hip' toolchain " + provides + " has an unusable sdkRoot '" + root + "'; ignored");
            }
        }
        return out;
    }

    /**
     * The {@code hip} toolchain to use for goals that only need the SDK root (load-check, doctor):
     * the highest version, or the one {@code version} (exact or prefix, {@code hip.toolchainVersion})
     * asks for. Problems with the file go to {@code warn}.
     *
     * @throws SdkResolutionException when {@code version} is given and no toolchain provides it
     */
    static Optional<HipToolchain> choose(MavenSession session, String version, Consumer<String> warn)
            throws SdkResolutionException {
        List<String> problems = new ArrayList<>();
        List<HipToolchain> toolchains = read(session, problems);
        problems.forEach(warn);
        return ToolchainSelector.select(toolchains, version);
    }

    /** The text of child {@code name} of a configuration DOM (Xpp3Dom, read reflectively across class realms). */
    private static String childValue(Object dom, String name) {
        if (dom == null) {
            return null;
        }
        try {
            Method getChild = dom.getClass().getMethod("getChild", String.class);
            Object child = getChild.invoke(dom, name);
            return child == null ? null : (String) child.getClass().getMethod("getValue").invoke(child);
        } catch (ReflectiveOperationException | ClassCastException e) {
            return null;
        }
    }
}
