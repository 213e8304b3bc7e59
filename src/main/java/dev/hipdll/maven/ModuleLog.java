package dev.hipdll.maven;

import org.apache.maven.plugin.logging.Log;

/**
 * A Maven {@link Log} that puts a prefix before every message, e.g. {@code [colibri-backend] }: the
 * hipdll goals' log in a parallel build ({@code mvn -T 2}), where the lines of several modules interleave.
 *
 * @param log    the mojo's log
 * @param prefix put before each message
 */
record ModuleLog(Log log, String prefix) implements Log {
    private String p(CharSequence content) {
        return prefix + content;
    }

    @Override
    public boolean isDebugEnabled() {
        return log.isDebugEnabled();
    }

    @Override
    public void debug(CharSequence content) {
        log.debug(p(content));
    }

    @Override
    public void debug(CharSequence content, Throwable error) {
        log.debug(p(content), error);
    }

    @Override
    public void debug(Throwable error) {
        log.debug(p(String.valueOf(error)), error);
    }

    @Override
    public boolean isInfoEnabled() {
        return log.isInfoEnabled();
    }

    @Override
    public void info(CharSequence content) {
        log.info(p(content));
    }

    @Override
    public void info(CharSequence content, Throwable error) {
        log.info(p(content), error);
    }

    @Override
    public void info(Throwable error) {
        log.info(p(String.valueOf(error)), error);
    }

    @Override
    public boolean isWarnEnabled() {
        return log.isWarnEnabled();
    }

    @Override
    public void warn(CharSequence content) {
        log.warn(p(content));
    }

    @Override
    public void warn(CharSequence content, Throwable error) {
        log.warn(p(content), error);
    }

    @Override
    public void warn(Throwable error) {
        log.warn(p(String.valueOf(error)), error);
    }

    @Override
    public boolean isErrorEnabled() {
        return log.isErrorEnabled();
    }

    @Override
    public void error(CharSequence content) {
        log.error(p(content));
    }

    @Override
    public void error(CharSequence content, Throwable error) {
        log.error(p(content), error);
    }

    @Override
    public void error(Throwable error) {
        log.error(p(String.valueOf(error)), error);
    }
}
