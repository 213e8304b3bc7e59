package dev.hipdll.cli;

import dev.hipdll.gate.GateEvent;
import dev.hipdll.report.CheckTable;
import java.io.PrintStream;
import java.util.List;

/**
 * Where the command line writes: the table and INFO lines to standard output, warnings and errors to standard
 * error with Maven's level prefixes ({@code [WARNING]}, {@code [ERROR]}) so a CI log reads as a Maven build's does;
 * DEBUG lines only with {@code --debug}.
 *
 * @param out   standard output
 * @param err   standard error
 * @param debug whether DEBUG lines are shown
 */
public record Console(PrintStream out, PrintStream err, boolean debug) {
    /** An INFO line. */
    public void info(String line) {
        out.println(line);
    }

    /** A warning. */
    public void warn(String line) {
        err.println("[WARNING] " + line);
    }

    /** An error: what failed, named. */
    public void error(String line) {
        err.println("[ERROR] " + line);
    }

    /** The core's events at their levels. */
    public void events(List<GateEvent> events) {
        for (GateEvent e : events) {
            switch (e.level()) {
                case DEBUG -> {
                    if (debug) {
                        out.println("[DEBUG] " + e.text());
                    }
                }
                case INFO -> info(e.text());
                case WARN -> warn(e.text());
            }
        }
    }

    /** A check table: a failed check's lines marked {@code [ERROR]}, as the goal logs them. */
    public void table(CheckTable.Table table) {
        for (int i = 0; i < table.lines().size(); i++) {
            out.println((table.failures().get(i) ? "[ERROR] " : "") + table.lines().get(i));
        }
    }
}
