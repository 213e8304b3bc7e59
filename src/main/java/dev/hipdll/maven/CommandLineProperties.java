package dev.hipdll.maven;

import dev.hipdll.sdk.SdkOverrides.Place;
import java.io.File;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Profile;
import org.apache.maven.project.MavenProject;

/**
 * Tells a path parameter given on the command line ({@code -Dhip.libDir=...}, or {@code -D} in
 * {@code MAVEN_OPTS}/{@code .mvn/maven.config}) from one configured in the POM, so that an origin
 * such as "from -Dhip.libDir" is only shown when the user really typed it.
 */
final class CommandLineProperties {
    private CommandLineProperties() {
    }

    /**
     * Where each of {@code values}' parameters got its value, for those that did not come from a
     * {@code -D} of this session: a property of the same name and path in an active settings.xml
     * profile is {@link Place#SETTINGS_PROPERTY} (Maven injects it over the POM's); a project
     * property ({@code <hip.libDir>} in {@code <properties>}) is {@link Place#PROJECT_PROPERTY};
     * anything else is {@link Place#CONFIGURATION} (an explicit {@code <configuration>} element
     * wins over a {@code -D}, as in Maven's parameter injection). Relative paths are compared
     * against {@code basedir}, as Maven converts them for {@code File} parameters. Entries with a
     * {@code null} value are not overrides and are left out. Without a session (not run by Maven)
     * the map is empty: every override counts as a {@code -D}.
     *
     * @param values            property name to the parameter's injected value, e.g. {@code hip.libDir → <libDir>}
     * @param projectProperties the project's properties (the POM's {@code <properties>}), or {@code null}
     */
    static Map<String, Place> places(MavenSession session, File basedir, Properties projectProperties,
                                     Map<String, File> values) {
        return places(session, basedir, projectProperties, settingsProperties(session), values);
    }

    /**
     * As {@link #places(MavenSession, File, Properties, Map)}, with the properties of the active
     * settings.xml profiles given ({@code null}: none).
     */
    static Map<String, Place> places(MavenSession session, File basedir, Properties projectProperties,
                                     Properties settingsProperties, Map<String, File> values) {
        Map<String, Place> places = new HashMap<>();
        if (session == null) {
            return Map.of();
        }
        values.forEach((property, value) -> {
            if (value == null) {
                return;
            }
            String given = session.getUserProperties().getProperty(property,
                    session.getSystemProperties().getProperty(property));
            if (samePath(basedir, given, value)) {
                return;
            }
            String inSettings = settingsProperties == null ? null : settingsProperties.getProperty(property);
            String inPom = projectProperties == null ? null : projectProperties.getProperty(property);
            places.put(property, samePath(basedir, inSettings, value) ? Place.SETTINGS_PROPERTY
                    : samePath(basedir, inPom, value) ? Place.PROJECT_PROPERTY : Place.CONFIGURATION);
        });
        return Map.copyOf(places);
    }

    /**
     * The properties of the settings.xml profiles active for the session's current project (Maven
     * records their ids as the project's injected "external" profiles), later profiles winning;
     * empty without a session, a request or a current project.
     */
    static Properties settingsProperties(MavenSession session) {
        Properties out = new Properties();
        MavenProject project = session == null ? null : session.getCurrentProject();
        if (project == null || session.getRequest() == null || session.getRequest().getProfiles() == null) {
            return out;
        }
        List<String> active = project.getInjectedProfileIds().getOrDefault("external", List.of());
        for (Profile profile : session.getRequest().getProfiles()) {
            if (profile != null && active.contains(profile.getId()) && profile.getProperties() != null) {
                out.putAll(profile.getProperties());
            }
        }
        return out;
    }

    /**
     * {@link #places(MavenSession, File, Properties, Map)} for a goal that may run without a
     * project ({@code requiresProject = false}): the session's current project gives the base
     * directory and the properties when one is present; otherwise there is no POM, so an override
     * not given with {@code -D} counts as {@code <configuration>} and relative paths are compared
     * against the current directory.
     */
    static Map<String, Place> places(MavenSession session, Map<String, File> values) {
        MavenProject project = session == null || session.getRequest() == null
                || !session.getRequest().isProjectPresent() ? null : session.getCurrentProject();
        return places(session, project == null ? null : project.getBasedir(),
                project == null ? null : project.getProperties(), values);
    }

    private static boolean samePath(File basedir, String given, File value) {
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
