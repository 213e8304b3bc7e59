package dev.hipdll.maven;

import dev.hipdll.build.BuildListener;
import org.apache.maven.plugin.logging.Log;

/** The core build's lines on the Maven log, at their levels. */
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
}
