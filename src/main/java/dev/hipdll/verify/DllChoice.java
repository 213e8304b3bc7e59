package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.parameter.ParameterHints;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Which DLL a checking goal ({@code hipdll:verify}, {@code hipdll:load-check}) reads, and whether it is
 * the one {@code hipdll:build} wrote in this build (a stale {@code coli_hip.dll} beside a
 * freshly built {@code broken.dll} was verified and the broken one published).
 *
 * <p>The rules, in order: a DLL named on the command line ({@code -Dhip.dll}) is read, whatever the
 * build wrote; otherwise the DLL the build of this Maven run wrote (its {@code outputDirectory} and
 * {@code outputName}) is read; otherwise the goal's {@code hip.dll} (configured, or its default). A
 * {@code <dll>} configured in the POM that is not the file the build wrote is a conflict: the goal
 * would check one file while another is published.
 *
 * @param dll      the file to read
 * @param origin   why this file, for messages: "written by hipdll:build in this build", "-Dhip.dll", ...
 * @param built    the DLL hipdll:build wrote in this build, if it ran
 * @param verdict  {@link Verdict#PASS} (the file is the built one), {@link Verdict#FAIL} (a configured
 *                 {@code <dll>} is another file than the built one), {@link Verdict#WARN} ({@code -Dhip.dll}
 *                 names another file: it is read, as asked), {@link Verdict#SKIP} (no build in this run)
 * @param hints    how the front end words a parameter in the messages ({@code -Dhip.dll} from Maven)
 */
public record DllChoice(Path dll, String origin, Optional<Path> built, Verdict verdict, ParameterHints hints) {
    /** The check id of {@link #check()}. */
    public static final String CHECK_ID = CheckIds.ARTIFACT_BUILT;

    /**
     * Chooses the DLL.
     *
     * @param parameter     the goal's {@code hip.dll} as injected (default or configured)
     * @param fromCommandLine whether {@code hip.dll} was given with {@code -D} (user or system property)
     * @param defaultPath   the parameter's default ({@code ${project.build.directory}/hipdll/coli_hip.dll}),
     *                      or {@code null} without a project
     * @param built         the DLL hipdll:build recorded in this build, if any
     */
    public static DllChoice choose(Path parameter, boolean fromCommandLine, Path defaultPath, Optional<Path> built) {
        return choose(parameter, fromCommandLine, defaultPath, built, ParameterHints.MAVEN);
    }

    /**
     * Chooses the DLL, as {@link #choose(Path, boolean, Path, Optional)}, with the messages worded by {@code hints}.
     *
     * @param hints how the front end words a parameter ({@code -Dhip.dll}); never {@code null}
     */
    public static DllChoice choose(Path parameter, boolean fromCommandLine, Path defaultPath, Optional<Path> built,
                                   ParameterHints hints) {
        java.util.Objects.requireNonNull(hints, "hints");
        Path p = parameter.toAbsolutePath().normalize();
        Optional<Path> b = built.isPresent() ? Optional.of(built.get().toAbsolutePath().normalize()) : Optional.empty();
        if (fromCommandLine) {
            return new DllChoice(p, hints.name("hip.dll"), b,
                    b.isEmpty() ? Verdict.SKIP : b.get().equals(p) ? Verdict.PASS : Verdict.WARN, hints);
        }
        boolean configured = defaultPath == null || !defaultPath.toAbsolutePath().normalize().equals(p);
        if (b.isPresent()) {
            if (configured && !b.get().equals(p)) {
                return new DllChoice(p, "<dll> in the POM", b, Verdict.FAIL, hints);
            }
            return new DllChoice(b.get(), "written by hipdll:build in this build", b, Verdict.PASS, hints);
        }
        return new DllChoice(p, configured ? "<dll> in the POM" : "the default hip.dll (hipdll:build did not run in"
                + " this build)", b, Verdict.SKIP, hints);
    }

    /** The {@code artifact.built} check: the DLL read is the one this build wrote. */
    public Check check() {
        String title = "the DLL this build wrote";
        return switch (verdict) {
            case PASS -> Check.of(CHECK_ID, title, Verdict.PASS, "the file hipdll:build wrote in this build",
                    dll + " (" + origin + ")");
            case FAIL -> new Check(CHECK_ID, title, Verdict.FAIL, "the file hipdll:build wrote: " + built.orElseThrow(),
                    "<dll> in the POM names " + dll, java.util.List.of("checked " + dll + ", but hipdll:build wrote "
                    + built.orElseThrow() + " in this build (its outputDirectory/outputName); remove <dll> or make"
                    + " them agree"));
            case WARN -> new Check(CHECK_ID, title, Verdict.WARN, "the file hipdll:build wrote: " + built.orElseThrow(),
                    hints.name("hip.dll") + " names " + dll, java.util.List.of("checked " + dll + " as "
                    + hints.name("hip.dll") + " asks; hipdll:build"
                    + " wrote " + built.orElseThrow() + " in this build, which is not checked"));
            case SKIP -> Check.of(CHECK_ID, title, Verdict.SKIP, "hipdll:build in this build", "no hipdll:build in"
                    + " this run; checking " + dll + " (" + origin + ")");
        };
    }

    /** Why a missing file was looked for there, for the "no such file" message. */
    public String missingHint() {
        return origin.startsWith("the default") ? "the default " + dll + "; hipdll:build did not run in this build:"
                + " run it first (mvn verify) or name the DLL with " + hints.name("hip.dll") : dll + " (" + origin + ")";
    }
}
