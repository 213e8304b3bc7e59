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
}
