package dev.hipdll.incremental;

import dev.hipdll.authenticode.UnsignedImage;
import dev.hipdll.digest.Sha256;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares the stamp of the last successful build with the current inputs and says whether the DLL
 * is up to date or exactly why it is rebuilt. Every difference is reported, not only the first, in
 * this order: format and plugin version, parameters, gfx targets, sources, headers, SDK, toolset,
 * Windows SDK, environment, the DLL itself.
 *
 * <p>A recorded file whose size or modification time differ is hashed; when its content is the
 * same it is no change, and an up-to-date decision carries a refreshed stamp with the file's new
 * size and time ({@link StampDecision#refreshedStamp()}), so that the next check does not hash it
 * again (after a {@code touch}, a checkout that rewrote files, or an SDK reinstalled with the same
 * content, a 100 MB {@code clang.exe} would otherwise be hashed on every no-op build).
 */
public final class UpToDateCheck {
    private UpToDateCheck() {
    }

    /**
     * Why there is no stamp: without a DLL, a first build (or one after {@code clean}); with a DLL, the
     * last build of it failed or was stopped (a rebuild deletes the stamps before the compiler starts)
     * or {@code hipdll:verify} rejected it (which deletes its pending stamp).
     */
    static String noStamp(Path dll) {
        String name = dll == null ? "the DLL" : dll.getFileName().toString();
        if (dll == null || !java.nio.file.Files.exists(dll)) {
            return "no stamp of a previous successful build (no " + name + " yet: a first build, or one after clean)";
        }
        return "no stamp of a previous successful build: the last build of " + name
                + " failed or was stopped, or hipdll:verify rejected it";
    }

    /**
     * Decides.
     *
     * @param previous the committed stamp, or {@code null} when there is none
     * @param current  the current inputs
     * @param force    {@code hip.force}: rebuild regardless
     * @throws IOException when an SDK component cannot be read
     */
    public static StampDecision decide(BuildStamp previous, StampInputs current, boolean force) throws IOException {
        List<String> why = new ArrayList<>();
        if (force) {
            why.add("hip.force is set");
        }
        if (previous == null) {
            why.add(noStamp(current.output()));
            return new StampDecision(why, 0);
        }
        if (previous.formatVersion() != BuildStamp.FORMAT_VERSION) {
            why.add("stamp format changed: " + previous.formatVersion() + " → " + BuildStamp.FORMAT_VERSION);
            return new StampDecision(why, 0);
        }
        int checked = 0;
        changed(why, "plugin version", previous.pluginVersion(), current.pluginVersion());
        Set<String> keys = new TreeSet<>(previous.parameters().keySet());
        keys.addAll(current.parameters().keySet());
        for (String k : keys) {
            changed(why, k, previous.parameters().get(k), current.parameters().get(k));
            checked++;
        }
        changed(why, "hip.arch", String.join(",", previous.targets()), String.join(",", current.targets()));

        Path root = current.sourceRoot();
        boolean touched = false;   // a file with new times but the same content: the stamp is refreshed
        List<FileFingerprint> sources = new ArrayList<>();
        Set<String> now = new HashSet<>();
        current.sources().forEach(p -> now.add(p.toString()));
        Set<String> before = new HashSet<>();
        for (FileFingerprint f : previous.sources()) {
            before.add(f.path());
            if (!now.contains(f.path())) {
                why.add("source " + display(root, f.path()) + " removed");
                sources.add(f);
            } else {
                FileFingerprint c = fileState(why, "source", root, f);
                touched |= c != f;
                sources.add(c);
            }
            checked++;
        }
        for (Path s : current.sources()) {
            if (!before.contains(s.toString())) {
                why.add("source " + display(root, s.toString()) + " added");
            }
        }
        List<FileFingerprint> headers = new ArrayList<>();
        for (FileFingerprint f : previous.headers()) {
            FileFingerprint c = fileState(why, "header", root, f);
            touched |= c != f;
            headers.add(c);
            checked++;
        }

        changed(why, "HIP SDK version", previous.sdkVersion(), current.sdk().version());
        Map<String, SdkFingerprint> was = new HashMap<>();
        previous.sdk().forEach(s -> was.put(s.name(), s));
        Map<String, SdkFingerprint> sdkNow = new HashMap<>();
        for (SdkFingerprint s : Fingerprints.sdk(current.sdk(), false)) {
            SdkFingerprint old = was.remove(s.name());
            checked++;
            if (old == null) {
                why.add("SDK " + s.name() + " added: " + s.path());
            } else if (!old.path().equals(s.path())) {
                why.add("SDK " + s.name() + " changed: " + old.path() + " → " + s.path());
            } else if (old.file() != null) {
                FileFingerprint.Comparison c = old.file().compare();
                if (c.state() == FileFingerprint.State.SAME_CONTENT) {
                    touched = true;
                    sdkNow.put(old.name(), new SdkFingerprint(old.name(), old.origin(), old.path(), c.current(), old.hashed()));
                } else if (c.state() != FileFingerprint.State.SAME) {
                    why.add("SDK " + s.name() + " changed (" + s.path() + ")");
                }
            }
        }
        was.keySet().stream().sorted().forEach(n -> why.add("SDK " + n + " removed: " + was.get(n).path()));

        changed(why, "MSVC toolset", previous.toolsetVersion(), current.toolsetVersion().orElse(null));
        changed(why, "Windows SDK", previous.windowsSdkVersion(), current.windowsSdkVersion().orElse(null));

        Map<String, String> env = CompilerEnvironment.fingerprint(current.environment(), current.windowsHost(),
                current.userVariables());
        Set<String> names = new TreeSet<>(previous.environment().keySet());
        names.addAll(env.keySet());
        for (String n : names) {
            String a = previous.environment().get(n);
            String b = env.get(n);
            if (a == null) {
                why.add("environment variable " + n + " appeared");
            } else if (b == null) {
                why.add("environment variable " + n + " is no longer set");
            } else if (!a.equals(b)) {
                why.add("environment variable " + n + " changed");
            }
            checked++;
        }

        FileFingerprint out = previous.output();
        FileFingerprint outNow = out;
        boolean signedAfterBuild = false;
        checked++;
        String dll = Path.of(out.path()).getFileName().toString();
        if (!out.path().equals(current.output().toAbsolutePath().normalize().toString())) {
            why.add("output changed: " + out.path() + " → " + current.output());
        } else {
            FileFingerprint.Comparison c = out.compare();
            switch (c.state()) {
                case MISSING -> why.add("output " + dll + " is missing");
                case CHANGED -> {
                    Optional<String> change = outputChange(current.output(), out, previous.unsignedSha256());
                    if (change.isPresent()) {
                        why.add(change.get());
                    } else {
                        signedAfterBuild = true;
                    }
                }
                case SAME_CONTENT -> {
                    touched = true;
                    outNow = c.current();
                }
                case SAME -> { }
            }
        }
        if (!why.isEmpty() || !touched) {
            return new StampDecision(why, checked, null, signedAfterBuild);
        }
        List<SdkFingerprint> sdk = previous.sdk().stream().map(x -> sdkNow.getOrDefault(x.name(), x)).toList();
        return new StampDecision(why, checked, new BuildStamp(previous.formatVersion(), previous.pluginVersion(),
                previous.parameters(), previous.targets(), sources, headers, previous.sdkVersion(), sdk,
                previous.toolsetVersion(), previous.windowsSdkVersion(), previous.environment(), outNow,
                previous.unsignedSha256()), signedAfterBuild);
    }

    /**
     * What changed in the output since the build wrote it ({@code recorded}), or empty when only its Authenticode
     * signature did: another tool signed it after the build, and its image without the signature has the recorded
     * {@code unsignedSha256} (the DLL the link wrote).
     */
    static Optional<String> outputChange(Path output, FileFingerprint recorded, String unsignedSha256) {
        String dll = output.getFileName().toString();
        String was = "the build wrote " + recorded.size() + " bytes, SHA-256 " + recorded.sha256();
        try {
            String sha = Sha256.of(output);
            long size = Files.size(output);
            Optional<String> image = UnsignedImage.sha256(output);
            String now = size + " bytes, SHA-256 " + sha;
            if (image.isPresent()) {
                if (image.get().equals(unsignedSha256)) {
                    return Optional.empty();
                }
                return Optional.of("output " + dll + " was modified after it was built, not only signed: its image"
                        + " without the signature has SHA-256 " + image.get() + ", the build linked " + unsignedSha256
                        + " (now " + now + "; " + was + ")");
            }
            if (sha.equals(unsignedSha256)) {
                return Optional.of("output " + dll + " lost the Authenticode signature the build gave it (it is the"
                        + " DLL the link wrote, unsigned)");
            }
            return Optional.of("output " + dll + " was modified after it was built: its content differs and it"
                    + " carries no Authenticode signature, so it was not only signed (now " + now + "; " + was + ")");
        } catch (IOException e) {
            return Optional.of("output " + dll + " was modified after it was built and cannot be read now ("
                    + e.getMessage() + ")");
        }
    }

    /** Adds the reason when {@code f} changed; returns its current fingerprint ({@code f} unless only its times changed). */
    private static FileFingerprint fileState(List<String> why, String kind, Path root, FileFingerprint f) {
        FileFingerprint.Comparison c = f.compare();
        switch (c.state()) {
            case CHANGED -> why.add(kind + " " + display(root, f.path()) + " changed");
            case MISSING -> why.add(kind + " " + display(root, f.path()) + " is gone");
            case SAME, SAME_CONTENT -> { }
        }
        return c.current();
    }

    private static void changed(List<String> why, String what, String before, String now) {
        if (!Objects.equals(before, now)) {
            why.add(what + " changed: " + show(before) + " → " + show(now));
        }
    }

    private static String show(String v) {
        // "null" is how String.valueOf spelled an unset parameter in older stamps
        return v == null || v.equals("null") ? "(unset)" : v.isEmpty() ? "(empty)" : v;
    }

    /** {@code path} relative to {@code root} when below it (with '/' separators), else as is. */
    static String display(Path root, String path) {
        Path p = Path.of(path);
        if (root != null) {
            Path r = root.toAbsolutePath().normalize();
            if (p.startsWith(r)) {
                return r.relativize(p).toString().replace('\\', '/');
            }
        }
        return path;
    }
}
