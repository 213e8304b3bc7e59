package dev.hipdll.maven;

import dev.hipdll.report.CheckTable;
import java.util.List;
import org.apache.maven.plugin.logging.Log;

/** Logs a {@link CheckTable}: the rows of failed checks and their detail lines at ERROR, the rest at INFO. */
final class TableLog {
    private TableLog() {
    }

    static void log(Log log, List<String> lines) {
        List<Boolean> failed = CheckTable.failureLines(lines);
        for (int i = 0; i < lines.size(); i++) {
            if (failed.get(i)) {
                log.error(lines.get(i));
            } else {
                log.info(lines.get(i));
            }
        }
    }
}
