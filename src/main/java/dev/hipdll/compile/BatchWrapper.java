package dev.hipdll.compile;

import dev.hipdll.parameter.ParameterHints;
import java.nio.file.Path;

/**
 * Why a {@code .bat}/{@code .cmd} hipcc is refused before it runs. Windows runs a batch file through cmd.exe,
 * which re-parses its command line: {@code %VAR%} is expanded even inside quotes, {@code & | < > ^} split or
 * redirect it, {@code !} is expanded under delayed expansion, and the quoting rules of the C runtime do not
 * apply (BRIEF, "cmd.exe quirks"; the "BatBadBut" class of argument injection). No encoding makes every
 * argument safe, and a project path with {@code %} or {@code &} is legal on Windows; so the build never runs
 * one. hipcc.exe (ROCm 6.2+, TheRock), hipcc.bin.exe (classic SDKs) or the SDK's clang
 * ({@code hip.driver=clang}) take their arguments as the C runtime splits them.
 */
public final class BatchWrapper {
    private BatchWrapper() {
    }

    /** Whether {@code program} is run by cmd.exe ({@link dev.hipdll.host.Host#isBatchFile}). */
    public static boolean is(Path program) {
        return dev.hipdll.host.Host.isBatchFile(program);
    }

    /**
     * The error for a batch hipcc.
     *
     * @param wrapper the batch file
     * @return the exception, naming it and what to use instead
     */
    public static BuildFailedException refusal(Path wrapper) {
        return refusal(wrapper, ParameterHints.MAVEN);
    }

    /**
     * As {@link #refusal(Path)}, the parameters named in the front end's words.
     *
     * @param wrapper the batch file
     * @param hints   how the front end tells its user to set a parameter
     */
    public static BuildFailedException refusal(Path wrapper, ParameterHints hints) {
        return new BuildFailedException("refusing to run the batch wrapper " + wrapper + ": cmd.exe re-parses its"
                + " arguments (%VAR% is expanded even in quotes; & | < > ^ split the command), so paths and flags cannot"
                + " reach hipcc intact. Point " + hints.name("hip.hipcc") + " at hipcc.exe or hipcc.bin.exe, or build"
                + " with the SDK's clang (" + hints.set("hip.driver", "clang") + ").");
    }
}
