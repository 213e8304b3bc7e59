package dev.hipdll.maven;

import java.io.File;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.apache.maven.execution.MavenSession;

/**
 * Tells a path parameter given on the command line ({@code -Dhip.libDir=...}, or {@code -D} in
 * {@code MAVEN_OPTS}/{@code .mvn/maven.config}) from one configured in the POM, so that an origin
 * such as "from -Dhip.libDir" is only shown when the user really typed it.
 */
final class CommandLineProperties {
    private CommandLineProperties() {
    }

    /**
     * The property names among {@code values}' keys whose parameter value did not come from a
     * {@code -D} of this session: either no user or system property of that name exists, or one
     * exists but names another path (an explicit {@code <configuration>} element wins over a
     * {@code -D}, as in Maven's parameter injection). Relative {@code -D} paths are compared
     * against {@code basedir}, as Maven converts them for {@code File} parameters. Entries with a
     * {@code null} value are not overrides and are left out. Without a session (not run by Maven)
     * the set is empty.
     *
     * @param values property name to the parameter's injected value, e.g. {@code hip.libDir → <libDir>}
     */
    static Set<String> fromPom(MavenSession session, File basedir, Map<String, File> values) {
        if (session == null) {
            return Set.of();  // not run by Maven (a test): every override counts as a -D
        }
        Set<String> fromPom = new HashSet<>();
        values.forEach((property, value) -> {
            if (value != null && !sameAsCommandLine(session, basedir, property, value)) {
                fromPom.add(property);
            }
        });
        return Set.copyOf(fromPom);
    }

    private static boolean sameAsCommandLine(MavenSession session, File basedir, String property, File value) {
        String given = session.getUserProperties().getProperty(property,
                session.getSystemProperties().getProperty(property));
        if (given == null) {
            return false;
        }
        try {
            Path v = value.toPath().toAbsolutePath().normalize();
            Path g = Path.of(given);
            return v.equals(g.toAbsolutePath().normalize())
                    || basedir != null && v.equals(basedir.toPath().resolve(g).toAbsolutePath().normalize());
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
