package dev.hipdll.gfx;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which generic AMDGPU processor ({@code gfx11-generic}, ...) runs on which processors, read from
 * the data file {@code dev/hipdll/gfx/generic-targets.txt} (its header cites LLVM's
 * {@code AMDGPUUsage.rst} "Generic Processors" table and {@code llvm/lib/TargetParser/TargetParser.cpp}).
 * Immutable; loaded once per use.
 */
public final class GenericTargets {
    /** The resource holding the table. */
    public static final String RESOURCE = "generic-targets.txt";

    private final Map<String, List<String>> members;

    private GenericTargets(Map<String, List<String>> members) {
        this.members = Collections.unmodifiableMap(members);
    }

    /**
     * The table shipped with the plugin.
     *
     * @throws IllegalStateException when the resource is missing or names a processor
     *                               {@link KnownProcessors} does not know (a packaging error)
     */
    public static GenericTargets load() {
        try (InputStream in = GenericTargets.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + RESOURCE + " missing from the plugin");
            }
            Map<String, List<String>> m = new LinkedHashMap<>();
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            int n = 0;
            for (String line; (line = r.readLine()) != null; ) {
                n++;
                int hash = line.indexOf('#');
                String[] f = (hash >= 0 ? line.substring(0, hash) : line).strip().split("\\s+");
                if (f.length == 1 && f[0].isEmpty()) {
                    continue;
                }
                for (String name : f) {
                    if (KnownProcessors.byName(name).isEmpty()) {
                        throw new IllegalStateException(RESOURCE + ":" + n + ": unknown processor " + name);
                    }
                }
                if (!KnownProcessors.byName(f[0]).orElseThrow().generic() || f.length < 2) {
                    throw new IllegalStateException(RESOURCE + ":" + n + ": expected a generic processor and its members");
                }
                m.put(f[0], List.of(f).subList(1, f.length));
            }
            return new GenericTargets(m);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The generic processor whose family holds {@code processor} (e.g. gfx11-generic for gfx1152), if any. */
    public Optional<String> genericOf(String processor) {
        for (Map.Entry<String, List<String>> e : members.entrySet()) {
            if (e.getValue().contains(processor)) {
                return Optional.of(e.getKey());
            }
        }
        return Optional.empty();
    }

    /** The processors {@code generic} runs on, empty when it is not a generic processor of the table. */
    public List<String> membersOf(String generic) {
        return members.getOrDefault(generic, List.of());
    }
}
