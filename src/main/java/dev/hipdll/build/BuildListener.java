package dev.hipdll.build;

/**
 * Receives what the core build reports, for a log: the Maven mojo maps these to its {@code Log},
 * a test collects them. Calls may come from several threads, never at the same time.
 */
public interface BuildListener {
    /** A line for the normal log. */
    void info(String line);

    /** A warning. */
    void warn(String line);

    /** A line only for the debug log (a step's compiler output when it succeeded, command lines). */
    void debug(String line);

    /** This listener with its info lines sent to {@link #debug} (the step lines with {@code hip.progress=false}). */
    default BuildListener infoAsDebug() {
        BuildListener to = this;
        return new BuildListener() {
            @Override
            public void info(String line) {
                to.debug(line);
            }

            @Override
            public void warn(String line) {
                to.warn(line);
            }

            @Override
            public void debug(String line) {
                to.debug(line);
            }
        };
    }

    /**
     * A notice that changes nothing but the user should know once (e.g. a PATH entry holding nvcc
     * that the scrub kept); by default an info line. The Maven listener shows each at info once per
     * machine and at debug after that ({@link dev.hipdll.environment.SeenNotices}).
     */
    default void notice(String line) {
        info(line);
    }
}
