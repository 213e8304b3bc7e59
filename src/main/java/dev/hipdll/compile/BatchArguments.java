package dev.hipdll.compile;

import java.util.List;

/**
 * Guards the arguments of a {@code .bat}/{@code .cmd} hipcc wrapper. cmd.exe re-parses a batch
 * file's command line, so {@code & | < > ^ % "} and line breaks in an argument are argument
 * injection or silent corruption (BRIEF, "cmd.exe quirks"); such arguments are refused, never
 * passed. Arguments inside a response file are not re-parsed by cmd.exe and need no guard.
 */
public final class BatchArguments {
    /** The characters cmd.exe treats specially. */
    public static final String METACHARACTERS = "&|<>^%\"\r\n";

    private BatchArguments() {
    }

    /**
     * Checks {@code args} for a batch wrapper.
     *
     * @param wrapper the wrapper, for the message
     * @throws BuildFailedException naming the first argument holding a metacharacter and the character
     */
    public static void check(java.nio.file.Path wrapper, List<String> args) throws BuildFailedException {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            for (char c : a.toCharArray()) {
                if (METACHARACTERS.indexOf(c) >= 0) {
                    String shown = c == '\r' ? "CR" : c == '\n' ? "LF" : String.valueOf(c);
                    throw new BuildFailedException("refusing to run the batch wrapper " + wrapper + ": argument #"
                            + (i + 1) + " (" + a.replace("\r", "\\r").replace("\n", "\\n") + ") contains the cmd.exe"
                            + " metacharacter '" + shown + "', which cmd.exe would re-interpret. Remove it, point"
                            + " -Dhip.hipcc at hipcc.exe or hipcc.bin.exe, or lower hip.commandLineLimit so the"
                            + " arguments go into a response file.");
                }
            }
        }
    }
}
