package dev.hipdll.compile;

import dev.hipdll.host.OsFamily;

/**
 * How hipcc is launched on this host.
 *
 * @param os               the host's OS family (response-file quoting)
 * @param commandLineLimit the longest command line, in characters, passed directly; a longer one
 *                         goes through a response file ({@code @hipcc.rsp}); 0 means always
 */
public record LaunchOptions(OsFamily os, int commandLineLimit) {
    /** The default limit: below cmd.exe's 8191 characters (and far below CreateProcess' 32767). */
    public static final int DEFAULT_COMMAND_LINE_LIMIT = 8000;

    /** Validates the limit. */
    public LaunchOptions {
        if (commandLineLimit < 0) {
            throw new IllegalArgumentException("commandLineLimit must be >= 0, was " + commandLineLimit);
        }
    }

    /** Defaults for {@code os}. */
    public static LaunchOptions defaults(OsFamily os) {
        return new LaunchOptions(os, DEFAULT_COMMAND_LINE_LIMIT);
    }
}
