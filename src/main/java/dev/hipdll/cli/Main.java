package dev.hipdll.cli;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The command-line jar's entry point: {@code java -jar hipdll-maven-plugin-<version>-cli.jar <verify|doctor>
 * [arguments]}. Reads the plugin descriptor, dispatches to {@link VerifyCommand} or {@link DoctorCommand} and exits
 * with their {@link ExitCode}. The only place the command line reads {@code os.name}, the environment and the
 * current directory.
 */
public final class Main {
    private Main() {
    }

    /** Runs the command and exits with its status (0 verified, 1 rejected, 2 usage). */
    public static void main(String[] args) {
        int status = run(Arrays.asList(args), System.out, System.err,
                Host.of(OsFamily.fromOsName(System.getProperty("os.name")), System.getenv()),
                Path.of("").toAbsolutePath());
        System.out.flush();
        System.exit(status);
    }

    /**
     * Runs one command line; what {@link #main} does without exiting (the tests call it).
     *
     * @param args             the arguments, the command first
     * @param out              standard output
     * @param err              standard error
     * @param host             the machine
     * @param currentDirectory the working directory
     * @return the exit status
     */
    public static int run(List<String> args, PrintStream out, PrintStream err, Host host, Path currentDirectory) {
        PluginDescriptor descriptor;
        try {
            descriptor = PluginDescriptor.load(Main.class.getClassLoader());
        } catch (IOException e) {
            err.println("[ERROR] " + e.getMessage());
            return ExitCode.USAGE.status();
        }
        String command = args.isEmpty() ? "--help" : args.get(0);
        Arguments arguments;
        try {
            arguments = Arguments.parse(args.subList(Math.min(1, args.size()), args.size()));
        } catch (UsageException e) {
            err.println("[ERROR] " + e.getMessage());
            return ExitCode.USAGE.status();
        }
        Console console = new Console(out, err, arguments.debug());
        switch (command) {
            case "verify" -> {
                GoalDescriptor goal = descriptor.goal("verify").orElseThrow();
                if (arguments.help()) {
                    HelpText.of(goal, VerifyCommand.usage(), List.of("The path is hip.dll for a file, hip.package for a"
                            + " directory or a .zip. Reports go to hip.reportDirectory, default target/hipdll under"
                            + " the current directory.")).forEach(out::println);
                    return ExitCode.VERIFIED.status();
                }
                return new VerifyCommand(goal, host, currentDirectory, console).run(arguments).status();
            }
            case "doctor" -> {
                GoalDescriptor goal = descriptor.goal("doctor").orElseThrow();
                if (arguments.help()) {
                    HelpText.of(goal, DoctorCommand.usage(), List.of("doctor.json is written only with"
                            + " -Dhip.doctor.output=<file>; hip.toolchainVersion (Maven's toolchains.xml) is not"
                            + " read here.")).forEach(out::println);
                    return ExitCode.VERIFIED.status();
                }
                return new DoctorCommand(goal, host, currentDirectory, console).run(arguments).status();
            }
            case "--version", "version" -> {
                out.println("hipdll " + descriptor.version());
                return ExitCode.VERIFIED.status();
            }
            case "--help", "-h", "help" -> {
                out.println("usage: java -jar hipdll-maven-plugin-" + descriptor.version() + "-cli.jar <command> [-Dhip.<name>=<value> ...]");
                out.println();
                out.println("commands:");
                out.println("  " + VerifyCommand.usage());
                out.println("      verify a DLL or a release package, as mvn hipdll:verify does");
                out.println("  " + DoctorCommand.usage());
                out.println("      show this machine's HIP setup, as mvn hipdll:doctor does");
                out.println("  <command> --help   the command's parameters");
                out.println("  --version          the plugin's version");
                out.println();
                out.println("Exit status: 0 verified, 1 rejected (a check failed), 2 a usage or configuration error.");
                return ExitCode.VERIFIED.status();
            }
            default -> {
                err.println("[ERROR] unknown command '" + command + "'; expected verify or doctor (--help lists them)");
                return ExitCode.USAGE.status();
            }
        }
    }
}
