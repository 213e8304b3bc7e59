package dev.hipdll.pipeline;

import dev.hipdll.diagnosis.HeaderOrigins;
import dev.hipdll.compile.CompilerLauncher;
import dev.hipdll.compile.LaunchOptions;
import dev.hipdll.diagnosis.RuleBook;
import dev.hipdll.digest.FileDigests;
import dev.hipdll.incremental.HeaderFiles;
import dev.hipdll.incremental.RecordSeal;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.provenance.PathPlaceholders;
import dev.hipdll.shard.ShardSet;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What every step of one build is run or reused with ({@link StepExecutor}), made once by {@link GraphExecution}.
 *
 * @param runner            runs each program (carries the per-step timeout)
 * @param launch            the host's OS and command-line limit (longer commands go through a response file)
 * @param hipcc             the SDK's hipcc (checked for cmd.exe metacharacters when it is a batch wrapper)
 * @param batchWrapper      whether hipcc is a {@code .bat}/{@code .cmd} wrapper
 * @param environment       the scrubbed environment every step runs in
 * @param workingDir        the working directory of every step
 * @param driverTools       the programs a compile or link step runs besides its executable, by name
 *                          (for hipcc: the clang it starts; for a link: lld-link), and the device libraries a
 *                          device compile links, named {@link StepExecutor#DEVICE_LIB}{@code <file name>}
 * @param environmentDigest the digest of the output-deciding variables of {@code environment}
 * @param placeholders      replaces machine paths by placeholders in commands and recorded file paths
 *                          (and back), so a record made in another directory names this one's files
 * @param names             names a file in a reason, relative to the project where it can
 * @param digests           the build's file digests (thread-safe)
 * @param buildLog          {@code build.log}
 * @param diagnosisTxt      the build's diagnosis file, named in a failure's message (each step writes its
 *                          own, {@link StepExecutor#diagnosisFile}, which the build copies there)
 * @param rules             the diagnosis rule book
 * @param listener          the build's log
 * @param force             {@code hip.force}: run every step, reusing none
 * @param progress          told when a step really runs, and of every output line (heartbeat)
 * @param unitsBuiltBefore  the translation units that had a device compile recorded before this build
 *                          (a device step without a record is then a "new target")
 * @param launcher          {@code hip.compilerLauncher}: put in front of the compile steps it wraps
 *                          ({@link CompilerLauncher#wraps}); not part of a step's record, so turning it
 *                          on or off reruns nothing by itself (the launcher's variables that pass with it
 *                          are in {@code environmentDigest}, so they rerun the steps when they change)
 * @param toolsDigest       the SHA-256 of the compile steps' tools (hipcc and clang), for the launcher
 * @param headerFiles       the header files of the project's include places, kept in each compile step's
 *                          record: one added or removed reruns the compiles ({@link HeaderFiles})
 * @param shards            a merge build's shards ({@code hip.shards}): a device compile that cannot be reused
 *                          from its own record is taken from the first shard whose key for it equals this build's;
 *                          {@link ShardSet#NONE} otherwise
 * @param seal              how records are bound to this machine and signed, and which records from elsewhere are
 *                          taken; empty: records are neither bound nor checked
 * @param headerOrigins     the directories whose headers are not the user's (the HIP SDK, the MSVC toolset, the
 *                          Windows SDK): a failed compile's error located there is diagnosed as such
 */
public record StepContext(ProcessRunner runner, LaunchOptions launch, Path hipcc, boolean batchWrapper,
                          Map<String, String> environment, Path workingDir, Map<String, Path> driverTools,
                          String environmentDigest, PathPlaceholders placeholders, Function<Path, String> names,
                          FileDigests digests, BuildLogFile buildLog, Path diagnosisTxt, RuleBook rules,
                          BuildListener listener, boolean force, StepProgress progress, Set<String> unitsBuiltBefore,
                          Optional<CompilerLauncher> launcher, String toolsDigest, HeaderFiles headerFiles,
                          ShardSet shards, Optional<RecordSeal> seal, HeaderOrigins headerOrigins) {
}
