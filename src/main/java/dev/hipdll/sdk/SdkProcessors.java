package dev.hipdll.sdk;

import dev.hipdll.io.AtomicFile;
import dev.hipdll.process.ProcessResult;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.gfx.GfxTarget;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.gfx.InvalidTargetException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;
import dev.hipdll.parameter.ClosestName;
import dev.hipdll.gfx.ProcessorOrder;

/**
 * The AMDGPU processors the HIP SDK's clang can compile for, as that clang says: the SDK is the
 * authority on its targets, so an SDK newer than the plugin can build for a new GPU, and a target the SDK lacks is
 * refused before any step runs, naming the SDK's version and list.
 *
 * <p>Asked with {@code clang --target=amdgcn-amd-amdhsa -nogpulib --print-supported-cpus} (clang's
 * {@code --print-supported-cpus}, clang command line reference; {@code -nogpulib} so a clang that finds no device
 * library still answers), which prints {@code Available CPUs for this target:} and then one processor per
 * indented line, on standard error. Only the {@code gfx} names count (the older marketing aliases such as
 * {@code fiji} are not offload archs). The answer is kept per clang digest in a cache directory, one file
 * {@code <sha256 of clang>.txt} with a name per line, so a build asks each clang once. That directory is under
 * {@code target/}, which a build cache restores and anyone who writes the cache can rewrite: a
 * kept answer can confirm targets, never refuse one; when it lacks a target the build needs, clang is asked again
 * and its fresh answer decides (and is kept).
 *
 * @param clang        the clang that answered
 * @param clangVersion its version as it printed it ({@code 19.1.7} of "Debian clang version 19.1.7"), or empty when
 *                     unknown
 * @param processors   the gfx processor names it lists, sorted by family and number ({@link ProcessorOrder})
 */
public record SdkProcessors(Path clang, String clangVersion, SortedSet<String> processors) {
    private static final String HEADER = "Available CPUs for this target:";
    private static final Pattern GFX = Pattern.compile("gfx[0-9a-z-]+");
    /** The largest kept answer read: 64 KiB (clang 20 lists about 80 names); a larger file is asked again. */
    private static final long MAX_CACHED_BYTES = 64 << 10;

    private static final Pattern VERSION = Pattern.compile(".*\\bclang version ([0-9][0-9A-Za-z.+_-]*).*");
    /** The first line of a kept answer: the clang's version, {@code # clang version 19.1.7}. */
    private static final String VERSION_LINE = "# clang version ";

    /** Copies the set, sorted by family and number. */
    public SdkProcessors {
        clangVersion = clangVersion == null ? "" : clangVersion;
        TreeSet<String> sorted = new TreeSet<>(ProcessorOrder.INSTANCE);
        sorted.addAll(processors);
        processors = Collections.unmodifiableSortedSet(sorted);
    }

    /** A list of a clang whose version is unknown. */
    public SdkProcessors(Path clang, SortedSet<String> processors) {
        this(clang, "", processors);
    }

    /**
     * Reads clang's answer.
     *
     * @param clang  the clang that printed it
     * @param output its output lines (standard output and error, in any order)
     * @return the processors, or empty when the output has no {@value #HEADER} line followed by gfx names
     */
    public static Optional<SdkProcessors> parse(Path clang, List<String> output) {
        SortedSet<String> names = new TreeSet<>();
        String version = "";
        boolean inList = false;
        for (String line : output) {
            String s = line.strip();
            java.util.regex.Matcher v = VERSION.matcher(s);
            if (version.isEmpty() && !inList && v.matches()) {
                version = v.group(1);
            } else if (s.equals(HEADER)) {
                inList = true;
            } else if (inList && !s.isEmpty() && Character.isWhitespace(line.charAt(0))) {
                if (GFX.matcher(s).matches()) {
                    names.add(s);
                }
            } else if (inList && !names.isEmpty()) {
                inList = false; // the first line after the list ("Use -mcpu or -mtune ...")
            }
        }
        return names.isEmpty() ? Optional.empty() : Optional.of(new SdkProcessors(clang, version, names));
    }

    /**
     * Asks the SDK's clang, or reads its answer from the cache.
     *
     * @param clang       the SDK's clang executable
     * @param clangSha256 the clang's SHA-256 (64 hex digits): the cache key
     * @param environment the scrubbed environment the build's steps run in
     * @param cacheDir    where answers are kept (created when needed); an unwritable cache only costs the next ask
     * @param runner      runs clang (its timeout bounds the question)
     * @return the processors, or empty when clang could not be started or listed none
     */
    public static Optional<SdkProcessors> ask(Path clang, String clangSha256, Map<String, String> environment,
                                              Path cacheDir, ProcessRunner runner) {
        return ask(clang, clangSha256, environment, cacheDir, runner, Set.of());
    }

    /**
     * Asks the SDK's clang, or reads its answer from the cache when that answer lists every processor of
     * {@code needed}: a kept answer (a file under {@code target/}, which a build cache restores) may confirm the
     * targets of a build, never refuse one, so one that lacks a needed processor is asked again of clang.
     *
     * @param needed the processor names the build targets ({@code gfx1151}); empty: any kept answer is used
     * @return as {@link #ask(Path, String, Map, Path, ProcessRunner)}; when clang is asked, its answer
     */
    public static Optional<SdkProcessors> ask(Path clang, String clangSha256, Map<String, String> environment,
                                              Path cacheDir, ProcessRunner runner, Set<String> needed) {
        Path cached = cacheDir.resolve(clangSha256 + ".txt");
        try {
            if (Files.isRegularFile(cached) && Files.size(cached) <= MAX_CACHED_BYTES) {
                List<String> lines = Files.readAllLines(cached, StandardCharsets.UTF_8);
                List<String> names = lines.stream().filter(n -> GFX.matcher(n).matches()).toList();
                String version = lines.isEmpty() || !lines.get(0).startsWith(VERSION_LINE) ? ""
                        : lines.get(0).substring(VERSION_LINE.length()).strip();
                if (!names.isEmpty() && names.containsAll(needed)) {
                    return Optional.of(new SdkProcessors(clang, version, new TreeSet<>(names)));
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            // ask clang again
        }
        ProcessResult r = runner.run(clang, List.of("--target=amdgcn-amd-amdhsa", "-nogpulib", "--print-supported-cpus"),
                environment, cacheDir.getParent() != null && Files.isDirectory(cacheDir.getParent())
                        ? cacheDir.getParent() : Path.of("").toAbsolutePath(), line -> { });
        if (r.launchError() != null || !r.succeeded()) {
            return Optional.empty();
        }
        Optional<SdkProcessors> answer = parse(clang, r.output());
        answer.ifPresent(a -> {
            try {
                Files.createDirectories(cacheDir);
                AtomicFile.write(cached, out -> out.write(((a.clangVersion().isEmpty() ? "" : VERSION_LINE
                        + a.clangVersion() + "\n") + String.join("\n", a.processors()) + "\n")
                        .getBytes(StandardCharsets.UTF_8)));
            } catch (IOException e) {
                // not kept: the next build asks clang again
            }
        });
        return answer;
    }

    /**
     * Checks the requested targets against this list.
     *
     * @param targets    the requested gfx targets
     * @param sdkVersion the SDK's stated version, for the message
     * @return one note per target the SDK has and the plugin's table lacks (accepted)
     * @throws InvalidTargetException naming the first target the SDK's clang does not list, the SDK's version, the
     *                                clang and its list
     */
    public List<String> check(GfxTargetList targets, String sdkVersion) {
        List<String> notes = new ArrayList<>();
        for (GfxTarget t : targets.targets()) {
            String name = t.processor().name();
            if (!processors.contains(name)) {
                throw new InvalidTargetException("gfx target " + t + ": the HIP SDK " + sdkVersion
                        + (clangVersion.isEmpty() ? "" : " (clang " + clangVersion + ")") + " cannot compile"
                        + " for " + name + " (its clang " + clang + " lists " + String.join(", ", processors) + ")"
                        + ClosestName.oneTypoAway(name, processors).map(c -> "; did you mean " + c + "?").orElse("")
                        + "; name one of those, or use an SDK whose clang supports " + name);
            }
            if (!t.processor().listed()) {
                notes.add("gfx target " + t + ": " + name + " is not in the plugin's processor table; the HIP SDK "
                        + sdkVersion + " compiles for it (its clang lists it), so it is accepted; hipdll:verify cannot"
                        + " say which GPUs run it or check its code objects' processor field");
            }
        }
        return notes;
    }
}
