package dev.hipdll.cli;

import dev.hipdll.gate.ReleaseGate;
import dev.hipdll.gate.VerificationOutcome;
import dev.hipdll.gate.VerificationRequest;
import dev.hipdll.goal.SetupException;
import dev.hipdll.goal.VerifyContext;
import dev.hipdll.goal.VerifySettings;
import dev.hipdll.goal.VerifySetup;
import dev.hipdll.host.Host;
import dev.hipdll.io.FileOpener;
import dev.hipdll.io.IoProblem;
import dev.hipdll.parameter.ParameterException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code verify <dll | directory | .zip> [-Dhip.<name>=<value> ...]}: hipdll:verify without Maven. The path is
 * {@code hip.dll} for a file and {@code hip.package} for a directory or a {@code .zip}; every other parameter is
 * the goal's, by its {@code -D} name. The same core checks the values ({@link VerifySetup}) and verifies
 * ({@link ReleaseGate}); the same table, {@code verify.json}, JUnit XML and {@code verify.sarif} are written
 * (to {@code hip.reportDirectory}, default {@code target/hipdll} under the current directory).
 */
public final class VerifyCommand {
    /**
     * Parameters the command handles itself rather than through {@link VerifySettings}: the skip switches, and
     * {@code hip.toolchainVersion}, which picks a toolchain of Maven's toolchains.xml and is refused here.
     */
    static final Set<String> HANDLED_HERE = Set.of("skip", "skipVerify", "toolchainVersion");

    private final GoalDescriptor goal;
    private final Host host;
    private final Path currentDirectory;
    private final Console console;

    /**
     * @param goal             hipdll:verify as the plugin descriptor declares it
     * @param host             this machine
     * @param currentDirectory what relative paths are relative to; reports go under it by default
     * @param console          where the table and messages go
     */
    public VerifyCommand(GoalDescriptor goal, Host host, Path currentDirectory, Console console) {
        this.goal = goal;
        this.host = host;
        this.currentDirectory = currentDirectory;
        this.console = console;
    }

    /** The usage line of {@code verify}. */
    public static String usage() {
        return "verify <dll | directory | .zip> [-Dhip.<name>=<value> ...]";
    }

    /**
     * Runs the command.
     *
     * @return 0 verified, 1 rejected, 2 a usage or configuration error (said on standard error)
     */
    public ExitCode run(Arguments args) {
        try {
            VerifySettings settings = new VerifySettings();
            boolean skip = Parameters.bind(goal, args, HANDLED_HERE, settings, new SettingsBinder(currentDirectory));
            if (skip) {
                console.info("hipdll:verify skipped (hip.skip or hip.verify.skip)");
                return ExitCode.VERIFIED;
            }
            subject(settings, args.positional());
            return verify(settings);
        } catch (UsageException e) {
            console.error("hipdll:verify: " + e.getMessage());
            console.error("java -jar hipdll-maven-plugin-<version>-cli.jar verify --help lists the parameters");
            return ExitCode.USAGE;
        } catch (IllegalArgumentException e) { // a skip switch that is not true or false
            console.error("hipdll:verify: " + e.getMessage());
            return ExitCode.USAGE;
        }
    }

    /** The positional path as {@code hip.dll} (a file) or {@code hip.package} (a directory or a zip). */
    private void subject(VerifySettings settings, List<String> positional) throws UsageException {
        if (positional.size() > 1) {
            throw new UsageException("one DLL, directory or zip at a time, not " + positional.size() + " ("
                    + String.join(" ", positional) + ")");
        }
        if (positional.isEmpty()) {
            if (settings.dll() == null && settings.releasePackage() == null) {
                throw new UsageException("nothing to verify: name a DLL, a release directory or a zip");
            }
            return;
        }
        if (settings.dll() != null || settings.releasePackage() != null) {
            throw new UsageException("the path is given twice: as an argument and as -Dhip.dll or -Dhip.package");
        }
        Path path = currentDirectory.resolve(positional.get(0));
        if (!Files.exists(path)) {
            throw new UsageException(positional.get(0) + ": no such file or directory (" + path.toAbsolutePath()
                    + "); expected a DLL, a release directory or a zip");
        }
        if (Files.isDirectory(path) || path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".zip")) {
            settings.releasePackage(path);
        } else {
            settings.dll(path);
        }
    }

    private ExitCode verify(VerifySettings settings) {
        VerifySetup setup = new VerifySetup(settings, VerifyContext.standalone(host, currentDirectory, settings.dll()));
        VerificationRequest request;
        try {
            request = setup.request();
        } catch (ParameterException e) {
            console.events(setup.events());
            console.error("hipdll:verify: " + e.getMessage());
            return ExitCode.USAGE;
        } catch (SetupException e) {
            console.events(setup.events());
            console.error(e.getMessage());
            return ExitCode.USAGE;
        }
        console.events(setup.events());
        VerificationOutcome outcome;
        try {
            outcome = new ReleaseGate(FileOpener.standard()).verify(request);
        } catch (IOException e) {
            console.error("hipdll:verify cannot read the package " + settings.releasePackage() + ": "
                    + IoProblem.describe(e));
            return ExitCode.USAGE;
        }
        console.table(outcome.table());
        Path dir = setup.reportDirectory();
        try {
            List<Path> written = outcome.writeReports(dir, currentDirectory);
            StringBuilder names = new StringBuilder();
            for (Path p : written) {
                names.append(names.length() == 0 ? "" : ", ").append(p);
            }
            console.info("reports: " + names);
        } catch (IOException e) {
            console.error("cannot write the verify reports to " + dir + ": " + IoProblem.describe(e));
            return ExitCode.USAGE;
        }
        console.events(outcome.events());
        if (!outcome.passed()) {
            console.error(outcome.rejection(dir));
            return ExitCode.REJECTED;
        }
        return ExitCode.VERIFIED;
    }
}
