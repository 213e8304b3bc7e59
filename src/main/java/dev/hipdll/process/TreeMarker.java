package dev.hipdll.process;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * An environment variable that marks every process of one run: {@value #NAME}{@code =<random id>}
 * is added to the child's environment, every descendant inherits it (also one that its parent left
 * behind and that the kernel re-parented to init, which {@link ProcessHandle#descendants()} no
 * longer finds), and {@link #find()} lists the live processes whose start-up environment carries
 * it ({@link ProcFs}). Where there is no procfs (Windows, macOS) it finds nothing and only
 * {@link ProcessHandle} tracking applies. Jenkins finds a build's stray processes the same way
 * (its {@code ProcessTree} kills by the {@code BUILD_ID}/{@code JENKINS_NODE_COOKIE} variable).
 * A process that starts its children with a cleared environment hides them from the marker.
 *
 * @param value  the random id of this run
 * @param procFs where to look
 */
record TreeMarker(String value, ProcFs procFs) {
    /** Name of the marker variable. */
    static final String NAME = "HIPDLL_PROCESS_TREE";

    /** A marker with a fresh random id, searched in {@code /proc}. */
    static TreeMarker random() {
        return new TreeMarker(UUID.randomUUID().toString(), ProcFs.standard());
    }

    /** {@code environment} plus the marker (a copy; an inherited marker of another run is replaced). */
    Map<String, String> addTo(Map<String, String> environment) {
        Map<String, String> env = new HashMap<>(environment);
        env.remove(NAME);
        env.put(NAME, value);
        return env;
    }

    /** The live processes, other than this JVM, that carry this marker; empty without procfs. */
    List<ProcessHandle> find() {
        return procFs.withEnvironmentEntry(NAME, value).stream().map(ProcessHandle::of).flatMap(Optional::stream)
                .filter(procFs::running).toList();
    }
}
