package dev.hipdll.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files {@code hipdll:verify} writes into a directory: {@value JsonReport#FILE_NAME},
 * {@code TEST-hipdll-verify.xml} ({@link JUnitXmlReport#FILE_NAME}) and {@value SarifReport#FILE_NAME}. They describe one DLL; when that DLL is rebuilt they are stale
 * (a failed rebuild must not leave a passing report of the previous DLL for CI to pick up), so the
 * build deletes them before the compiler starts.
 */
public final class VerifyReports {
    private VerifyReports() {
    }

    /**
     * Deletes the verify reports in {@code dir}, if there are any.
     *
     * @param dir the report directory (by default {@code target/hipdll}, beside the DLL)
     * @return the files deleted, possibly none
     * @throws IOException when a report exists but cannot be deleted
     */
    public static List<Path> deleteIn(Path dir) throws IOException {
        List<Path> deleted = new ArrayList<>();
        for (String name : List.of(JsonReport.FILE_NAME, JUnitXmlReport.FILE_NAME, SarifReport.FILE_NAME)) {
            Path p = dir.resolve(name);
            if (Files.deleteIfExists(p)) {
                deleted.add(p);
            }
        }
        return deleted;
    }
}
