package dev.hipdll.cli;

import dev.hipdll.doctor.DoctorHost;
import dev.hipdll.doctor.DoctorJson;
import dev.hipdll.doctor.DoctorReport;
import dev.hipdll.goal.DoctorSettings;
import dev.hipdll.host.Host;
import dev.hipdll.io.IoProblem;
import dev.hipdll.io.OutputDirectory;
import dev.hipdll.io.UnwritableDirectoryException;
import dev.hipdll.report.CheckTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code doctor [-Dhip.<name>=<value> ...]}: hipdll:doctor without Maven, the same table from the same core;
 * {@code doctor.json} only with {@code -Dhip.doctor.output=<file>} (no project, so no {@code target/} is made).
 * {@code hip.toolchainVersion} picks a toolchain of Maven's toolchains.xml, which the command line does not read:
 * it is refused with what to give instead.
 */
public final class DoctorCommand {
    /** Parameters the command handles itself: the skip switches and the toolchains.xml choice. */
    static final Set<String> HANDLED_HERE = Set.of("skip", "skipDoctor", "toolchainVersion");

    private final GoalDescriptor goal;
    private final Host host;
    private final Path currentDirectory;
    private final Console console;

    /**
     * @param goal             hipdll:doctor as the plugin descriptor declares it
     * @param host             this machine
     * @param currentDirectory what relative paths are relative to
     * @param console          where the table and messages go
     */
    public DoctorCommand(GoalDescriptor goal, Host host, Path currentDirectory, Console console) {
        this.goal = goal;
        this.host = host;
        this.currentDirectory = currentDirectory;
        this.console = console;
    }

    /** The usage line of {@code doctor}. */
    public static String usage() {
        return "doctor [-Dhip.<name>=<value> ...]";
    }

    /**
     * Runs the command.
     *
     * @return 0 (or, with {@code hip.doctor.failOnError}, 1 when an item failed), 2 a usage error
     */
    public ExitCode run(Arguments args) {
        DoctorSettings settings = new DoctorSettings();
        try {
            if (!args.positional().isEmpty()) {
                throw new UsageException("doctor takes no path (" + String.join(" ", args.positional())
                        + "); give -Dhip.sdkRoot=<dir> for an SDK elsewhere");
            }
            boolean skip = Parameters.bind(goal, args, HANDLED_HERE, settings, new SettingsBinder(currentDirectory));
            if (skip) {
                console.info("hipdll:doctor skipped (hip.skip or hip.doctor.skip)");
                return ExitCode.VERIFIED;
            }
        } catch (UsageException | IllegalArgumentException e) {
            console.error("hipdll:doctor: " + e.getMessage());
            return ExitCode.USAGE;
        }
        DoctorReport report = settings.examine(new DoctorHost(host.isWindows(), host.environment().toMap()),
                Optional.empty(), Map.of());
        console.table(new CheckTable().table("hipdll:doctor (" + System.getProperty("os.name") + ")",
                report.checks(), "SETUP OK", "SETUP HAS PROBLEMS"));
        if (settings.output() == null) {
            console.info("no project here: doctor.json is not written (-Dhip.doctor.output=<file> writes it)");
        } else {
            try {
                OutputDirectory.prepare(settings.output().toAbsolutePath().getParent(), "report directory",
                        "hip.doctor.output");
                new DoctorJson().write(report, settings.output());
                console.info("written " + settings.output());
            } catch (UnwritableDirectoryException e) {
                console.error(e.getMessage());
                return ExitCode.USAGE;
            } catch (IOException e) {
                console.error("cannot write " + settings.output() + ": " + IoProblem.describe(e));
                return ExitCode.USAGE;
            }
        }
        if (settings.failOnError() && !report.passed()) {
            console.error("hipdll:doctor found problems (see the table above)");
            return ExitCode.REJECTED;
        }
        return ExitCode.VERIFIED;
    }
}
