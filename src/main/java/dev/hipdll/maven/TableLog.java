package dev.hipdll.maven;

import dev.hipdll.report.CheckTable;
import org.apache.maven.plugin.logging.Log;

/**
 * Logs a {@link CheckTable.Table}: the lines of failed checks (row, continuation and detail lines) at ERROR,
 * the rest at INFO, notes under a failed row too (a GPU that loads its code object is no error because
 * another GPU has none).
 */
final class TableLog {
    private TableLog() {
    }

    static void log(Log log, CheckTable.Table table) {
        for (int i = 0; i < table.lines().size(); i++) {
            if (table.failures().get(i)) {
                log.error(table.lines().get(i));
            } else {
                log.info(table.lines().get(i));
            }
        }
    }
}
