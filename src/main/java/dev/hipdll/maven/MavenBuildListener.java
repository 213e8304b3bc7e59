package dev.hipdll.maven;

import dev.hipdll.build.BuildListener;
import dev.hipdll.environment.SeenNotices;
import java.nio.file.Path;
import org.apache.maven.plugin.logging.Log;

/**
 * The core build's lines on the Maven log, at their levels; a notice at info the first time this
 * machine sees it (kept in {@code ~/.m2/hipdll/seen-notices}), at debug after that.
 */
record MavenBuildListener(Log log) implements BuildListener {
    @Override
    public void info(String line) {
        log.info(line);
    }

    @Override
    public void warn(String line) {
        log.warn(line);
    }

    @Override
    public void debug(String line) {
        log.debug(line);
    }

    @Override
    public void notice(String line) {
        if (new SeenNotices(SeenNotices.defaultFile(Path.of(System.getProperty("user.home")))).firstTime(line.strip())) {
            log.info(line);
        } else {
            log.debug(line + " (shown at info once on this machine)");
        }
    }
}
