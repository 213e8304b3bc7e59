package dev.hipdll.provenance;

import java.util.List;

/**
 * What went into a built DLL, written as {@code target/hipdll/provenance.json} and published
 * beside the DLL. Every path is relative (to the SDK root or the project) or starts with a
 * placeholder ({@code ${HIP_SDK_ROOT}}, {@code ${project.basedir}}, {@code ${project.build.directory}}),
 * so two builds of the same sources on two machines give the same document. Nothing in it records
 * when or where it was built.
 *
 * @param formatVersion   the document format, {@value #FORMAT_VERSION}
 * @param generator       the tool that wrote it, {@code groupId:artifactId:version}
 * @param output          the DLL
 * @param sdk             the HIP SDK and the components the build used
 * @param toolset         the MSVC toolset version ({@code VCToolsVersion}), or {@code null} when not pinned
 * @param windowsSdk      the Windows SDK version, or {@code null} when not known
 * @param targets         the gfx target IDs, in the order passed
 * @param compiler        the compiler commands, one per build step
 * @param sources         every project input: translation units and the headers of project include directories
 * @param outputTimestamp {@code project.build.outputTimestamp} when reproducible mode was on, else {@code null}
 */
public record Provenance(int formatVersion, String generator, Output output, Sdk sdk, String toolset, String windowsSdk,
                         List<String> targets, Compiler compiler, List<FileDigest> sources, String outputTimestamp) {
    /** The format version this class writes and reads. */
    public static final int FORMAT_VERSION = 2;

    /** Copies the lists (a missing list reads as empty). */
    public Provenance {
        targets = targets == null ? List.of() : List.copyOf(targets);
        sources = sources == null ? List.of() : List.copyOf(sources);
    }

    /**
     * The DLL.
     *
     * @param file   its file name
     * @param size   its size in bytes
     * @param sha256 its SHA-256, 64 hex digits
     */
    public record Output(String file, long size, String sha256) {
    }

    /**
     * The HIP SDK.
     *
     * @param version    the version the SDK states ({@code bin/.hipVersion}), or "unknown"
     * @param root       always {@code ${HIP_SDK_ROOT}}: where it was is machine-specific
     * @param components the components used, with digests
     */
    public record Sdk(String version, String root, List<ComponentDigest> components) {
        /** Copies the list (a missing list reads as empty). */
        public Sdk {
            components = components == null ? List.of() : List.copyOf(components);
        }
    }

    /**
     * One SDK component.
     *
     * @param name   the component ({@code hipcc}, {@code clang}, {@code lld-link}, {@code includeDir}, ...)
     * @param path   relative to the SDK root with {@code /} separators, or with a placeholder when outside it
     * @param kind   {@code file} (sha256 of its bytes) or {@code tree} (sha256 of a {@code sha256sum}-style
     *               manifest of the files under it, see {@link TreeDigest})
     * @param sha256 the digest
     * @param origin where the build took the component from (e.g. {@code HIP_SDK_ROOT}, {@code -Dhip.libDir})
     */
    public record ComponentDigest(String name, String path, String kind, String sha256, String origin) {
    }

    /**
     * The compiler commands: one per step of the build's step graph.
     *
     * @param driver           {@code hipcc} or {@code clang} ({@code hip.driver})
     * @param executable       the driver's program, with a placeholder
     * @param workingDirectory the steps' working directory, {@code ${project.basedir}}
     * @param steps            every step's command, in graph order, machine paths replaced by placeholders
     * @param environment      the names (never the values) of the variables in the compiler's environment, after
     *                         the scrub, sorted; empty when not recorded. The names depend on the
     *                         machine (HOME, USER, ...), so two machines' provenance may differ here.
     * @param launcher         the compiler launcher the compile steps ran under ({@code hip.compilerLauncher}),
     *                         or {@code null} (left out of the document) when none was configured
     */
    public record Compiler(String driver, String executable, String workingDirectory, List<Step> steps,
                           List<String> environment, Launcher launcher) {
        /** Copies the lists (a missing list reads as empty). */
        public Compiler {
            steps = steps == null ? List.of() : List.copyOf(steps);
            environment = environment == null ? List.of() : List.copyOf(environment);
        }

        /** Commands whose environment is not recorded. */
        public Compiler(String driver, String executable, String workingDirectory, List<Step> steps) {
            this(driver, executable, workingDirectory, steps, List.of(), null);
        }

        /** Commands run without a compiler launcher. */
        public Compiler(String driver, String executable, String workingDirectory, List<Step> steps,
                        List<String> environment) {
            this(driver, executable, workingDirectory, steps, environment, null);
        }
    }

    /**
     * The compiler launcher of a build: its name and the stages it wrapped. The steps' commands
     * are recorded without it (it does not change what they produce: a cache hit gives the bytes the
     * compile gives).
     *
     * @param name    the launcher's program name ({@code ccache}, {@code sccache}), never its machine path
     * @param wrapped the stages it was put in front of ({@code device compile}, {@code host compile})
     */
    public record Launcher(String name, List<String> wrapped) {
        /** Copies the list (a missing list reads as empty). */
        public Launcher {
            wrapped = wrapped == null ? List.of() : List.copyOf(wrapped);
        }
    }

    /**
     * One step's command.
     *
     * @param step       the step's id, e.g. {@code device:backend_cuda.cu:gfx1100}
     * @param executable the program, with a placeholder
     * @param arguments  its arguments, machine paths replaced by placeholders
     */
    public record Step(String step, String executable, List<String> arguments) {
        /** Copies the list (a missing list reads as empty). */
        public Step {
            arguments = arguments == null ? List.of() : List.copyOf(arguments);
        }
    }

    /** This provenance with the names of the variables the compiler saw, sorted (see {@link Compiler#environment()}). */
    public Provenance withCompilerEnvironment(java.util.Collection<String> names) {
        Compiler c = new Compiler(compiler.driver(), compiler.executable(), compiler.workingDirectory(), compiler.steps(),
                names.stream().sorted().distinct().toList(), compiler.launcher());
        return new Provenance(formatVersion, generator, output, sdk, toolset, windowsSdk, targets, c, sources,
                outputTimestamp);
    }

    /** This provenance with the compiler launcher the build used ({@code null}: none). */
    public Provenance withLauncher(Launcher launcher) {
        Compiler c = new Compiler(compiler.driver(), compiler.executable(), compiler.workingDirectory(), compiler.steps(),
                compiler.environment(), launcher);
        return new Provenance(formatVersion, generator, output, sdk, toolset, windowsSdk, targets, c, sources,
                outputTimestamp);
    }

    /**
     * One project file.
     *
     * @param path   relative to the project base directory, {@code /} separators
     * @param sha256 its digest
     */
    public record FileDigest(String path, String sha256) {
    }
}
