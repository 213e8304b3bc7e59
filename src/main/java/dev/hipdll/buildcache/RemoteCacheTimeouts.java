package dev.hipdll.buildcache;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How long the Build Cache Extension's remote may keep a build waiting: the connect and request timeouts
 * Maven Resolver's HTTP transport gives the remote's repository (maven-resolver-transport-http 1.9,
 * {@code HttpTransporter}: {@code aether.connector.connectTimeout.<id>}, else
 * {@code aether.connector.connectTimeout}, else 10 000 ms; {@code aether.connector.requestTimeout.<id>}, else
 * {@code aether.connector.requestTimeout}, else 1 800 000 ms, the longest silence between two packets of an
 * answer). Maven 3.9 also turns a settings.xml {@code <server>}'s {@code <configuration><connectTimeout>} and
 * {@code <requestTimeout>} into the per-repository properties.
 *
 * <p>The extension asks the remote for each module's {@code buildinfo.xml} before anything of the module runs;
 * an answer that does not come within the request timeout is logged ({@code Error downloading cache item}) and
 * the module is built locally. With the defaults a server that accepts and never answers holds the build for
 * 30 minutes with no word in between.
 *
 * @param remote  the remote (its id and URL after any mirror)
 * @param connect the connect timeout and where it comes from
 * @param request the request timeout and where it comes from
 */
public record RemoteCacheTimeouts(CacheRemote remote, Setting connect, Setting request) {
    /** Maven Resolver's default connect timeout. */
    public static final Duration DEFAULT_CONNECT = Duration.ofMillis(10_000);
    /** Maven Resolver's default request timeout. */
    public static final Duration DEFAULT_REQUEST = Duration.ofMillis(1_800_000);
    /** The property prefix of the connect timeout, in milliseconds. */
    public static final String CONNECT = "aether.connector.connectTimeout";
    /** The property prefix of the request timeout, in milliseconds. */
    public static final String REQUEST = "aether.connector.requestTimeout";

    /**
     * One timeout.
     *
     * @param value  the timeout
     * @param source the property it comes from, or {@code null} for Maven Resolver's default
     */
    public record Setting(Duration value, String source) {
        /** Whether it is Maven Resolver's default, no property having set it. */
        public boolean isDefault() {
            return source == null;
        }

        /** {@code 15 s (aether.connector.requestTimeout.hipdll-build-cache)} or {@code 1800 s (Maven Resolver's default)}. */
        public String describe() {
            return seconds(value) + " (" + (source == null ? "Maven Resolver's default" : source) + ")";
        }
    }

    /**
     * The timeouts Maven Resolver will use for {@code remote}, read as {@code ConfigUtils.getInteger} reads them:
     * the per-repository property, else the global one, else the default; a value that is not a whole number
     * (a {@link Number}, or text of digits) is passed over, as Resolver passes it over.
     *
     * @param remote the remote (id after any mirror)
     * @param config the repository session's configuration properties
     */
    public static RemoteCacheTimeouts of(CacheRemote remote, Map<?, ?> config) {
        return new RemoteCacheTimeouts(remote, setting(config, CONNECT, remote.id(), DEFAULT_CONNECT),
                setting(config, REQUEST, remote.id(), DEFAULT_REQUEST));
    }

    private static Setting setting(Map<?, ?> config, String prefix, String id, Duration byDefault) {
        for (String key : List.of(prefix + "." + id, prefix)) {
            Optional<Long> ms = millis(config.get(key));
            if (ms.isPresent()) {
                return new Setting(Duration.ofMillis(ms.get()), key);
            }
        }
        return new Setting(byDefault, null);
    }

    private static Optional<Long> millis(Object value) {
        if (value instanceof Number n) {
            return Optional.of(n.longValue());
        }
        if (value instanceof String s && s.strip().matches("-?\\d{1,10}")) {
            long v = Long.parseLong(s.strip());
            return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE ? Optional.of(v) : Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * What the log says before any module is looked up: the remote and its timeouts, and what happens when it
     * does not answer in time.
     */
    public String line() {
        return "the build cache's remote " + remote.url() + " (id " + remote.id() + ") gets " + connect.describe()
                + " to connect and " + request.describe() + " for each answer; a remote that does not answer in"
                + " time is skipped ('Error downloading cache item') and the module is built locally";
    }

    /**
     * The warning when the request timeout is Maven Resolver's default: a remote that accepts and never answers
     * then holds the build for 30 minutes before the module is built locally, with nothing in the log meanwhile.
     */
    public Optional<String> warning() {
        if (!request.isDefault()) {
            return Optional.empty();
        }
        return Optional.of("the build cache's remote " + remote.url() + " (id " + remote.id() + ") has no request"
                + " timeout: Maven Resolver waits up to " + seconds(DEFAULT_REQUEST) + " for each answer, so a remote that"
                + " accepts and never answers holds this build that long with no further word. Set "
                + REQUEST + "." + remote.id() + " and " + CONNECT + "." + remote.id() + " (milliseconds), e.g. -D"
                + REQUEST + "." + remote.id() + "=15000 in .mvn/maven.config (docs/build-cache.md)");
    }

    private static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
    }
}
