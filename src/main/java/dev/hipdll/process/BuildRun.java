package dev.hipdll.process;

import dev.hipdll.io.AtomicFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The processes of one build in one output directory, across JVMs: the build's id (the value of
 * {@value #VARIABLE}, which every process it starts inherits, {@link ProcessRunner#withBuildId}) is kept in a file in the output directory
 * while the compiler runs, so that the next build there ends what a build killed with its JVM
 * ({@code kill -9}, an OOM kill: no shutdown hook runs) left running, before it starts its own compiler
 * (the orphaned hipcc of a killed build kept writing {@code .tmp/coli_hip.dll}).
 * Found through procfs ({@link ProcFs}), so on Linux only; on Windows the {@link WindowsJob} ends the
 * tree with the JVM. The output directory's lock ({@code dev.hipdll.io.OutputLock}) makes sure the
 * previous id belongs to no live build.
 *
 * @param file where the id is kept, e.g. {@code target/hipdll/.hipdll-run}
 * @param id   this build's tree id
 * @param ended what a killed earlier build left running and this one ended, e.g. {@code pid 4711 (/usr/bin/clang ...)}
 */
public record BuildRun(Path file, String id, List<String> ended) {
    /** The variable that carries the build's id in every process it starts. */
    public static final String VARIABLE = "HIPDLL_BUILD";
    /** The run file's name in the output directory. */
    public static final String FILE_NAME = ".hipdll-run";
    private static final Pattern ID = Pattern.compile("[0-9a-f-]{36}");

    /** Copies the list. */
    public BuildRun {
        ended = List.copyOf(ended);
    }

    /**
     * Ends the processes of the build recorded in {@code file}, if any still run (SIGKILL), and records a
     * new id there.
     *
     * @throws IOException when the file cannot be written
     */
    public static BuildRun start(Path file) throws IOException {
        return start(file, ProcFs.standard());
    }

    static BuildRun start(Path file, ProcFs procFs) throws IOException {
        List<String> ended = new ArrayList<>();
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && Files.size(file) <= 100) {
            String previous = Files.readString(file, StandardCharsets.US_ASCII).strip();
            if (ID.matcher(previous).matches()) {
                List<ProcessHandle> left = procFs.withEnvironmentEntry(VARIABLE, previous).stream()
                        .map(ProcessHandle::of).flatMap(java.util.Optional::stream).filter(procFs::running).toList();
                for (ProcessHandle h : left) {
                    ended.add(ProcessLabel.of(h, procFs));
                    h.destroyForcibly();
                }
                long deadline = System.nanoTime() + 5_000_000_000L;
                while (left.stream().anyMatch(procFs::running) && System.nanoTime() < deadline) {
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
        }
        String id = UUID.randomUUID().toString();
        AtomicFile.writeString(file, id + "\n");
        return new BuildRun(file, id, ended);
    }

    /** The compiler finished (its tree is gone): the file is deleted. */
    public void finished() throws IOException {
        Files.deleteIfExists(file);
    }
}
