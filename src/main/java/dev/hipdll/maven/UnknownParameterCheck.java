package dev.hipdll.maven;

import dev.hipdll.parameter.UnknownNames;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Model;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.model.Profile;
import org.apache.maven.model.io.xpp3.MavenXpp3Writer;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.descriptor.MojoDescriptor;
import org.apache.maven.plugin.descriptor.Parameter;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;
import org.apache.maven.settings.Settings;
import org.codehaus.plexus.util.xml.Xpp3Dom;

/**
 * Warns about names no hipdll goal knows, with the closest known one
 * ({@link UnknownNames}):
 * <ul>
 *   <li>{@code hip.*} user and system properties ({@code -Dhip.contrat}, also from {@code MAVEN_OPTS} or
 *       {@code .mvn/maven.config}), against the properties of every goal's parameters: once per Maven
 *       session;</li>
 *   <li>{@code hip.*} properties in the project's {@code <properties>} ({@code <hip.staticRuntme>}), against
 *       the same names: once per project;</li>
 *   <li>elements of this plugin's {@code <configuration>} in the POM, plugin-level and in each
 *       {@code <execution>}, read from the project's model (Maven drops unknown elements from the
 *       mojo's configuration; 3.9 warns once per execution the element reaches, without a closest name
 *       or where it was written), against the parameter names of every goal: once per
 *       project and element name, where the user wrote it (plugin level, which Maven merges into each
 *       execution, or the executions that have it in their own configuration).</li>
 * </ul>
 * The known names come from the plugin descriptor of the running execution. A {@code hip.*} property that
 * the POM itself refers to as {@code ${name}} (e.g. {@code <runtimeMajor>${hip.rm}</runtimeMajor>}), in the
 * original, uninterpolated model of any project of the session or of its parents, is used and so not warned
 * about. A project property that an active profile of settings.xml set is said to be from settings.xml.
 * Without a session or an execution (a unit test) nothing is checked.
 */
final class UnknownParameterCheck {
    private static final String SESSION_KEY = UnknownParameterCheck.class.getName() + ".properties";
    private static final String PROJECT_KEY = UnknownParameterCheck.class.getName() + ".configuration";
    /** A {@code ${hip.*}} reference in a POM; group 1 is the property's name. */
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{(hip\\.[^}\\s]+)}");

    private UnknownParameterCheck() {
    }

    /** Logs the warnings for this execution's session and project (each set once). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static void warn(MavenSession session, MojoExecution execution, Map pluginContext, Log log) {
        if (session == null || execution == null || execution.getMojoDescriptor() == null
                || execution.getMojoDescriptor().getPluginDescriptor() == null) {
            return;
        }
        PluginDescriptor plugin = execution.getMojoDescriptor().getPluginDescriptor();
        Set<String> properties = new TreeSet<>();
        Set<String> parameters = new TreeSet<>();
        for (MojoDescriptor mojo : plugin.getMojos()) {
            if (mojo.getParameters() == null) {
                continue;
            }
            for (Parameter p : mojo.getParameters()) {
                String e = p.getExpression();
                if (e != null && e.startsWith("${") && e.endsWith("}")) {
                    properties.add(e.substring(2, e.length() - 1));
                }
                if (p.isEditable()) {
                    parameters.add(p.getName());
                }
            }
        }
        if (firstInSession(session)) {
            Set<String> used = referencedInModels(session.getProjects());
            commandLineWarnings(session.getUserProperties(), session.getSystemProperties(), properties, used)
                    .forEach(log::warn);
        }
        MavenProject project = session.getCurrentProject();
        if (pluginContext != null && project != null && pluginContext.putIfAbsent(PROJECT_KEY, Boolean.TRUE) == null) {
            Set<String> fromSettings = settingsProfileProperties(session.getSettings());
            fromSettings.removeAll(declaredInModels(project));
            projectPropertyWarnings(project.getProperties(), properties, referencedInModels(List.of(project)),
                    fromSettings).forEach(log::warn);
            Plugin model = project.getPlugin(plugin.getPluginLookupKey());
            if (model != null) {
                for (String w : configurationWarnings(model, parameters)) {
                    log.warn(w);
                }
            }
        }
    }

    /**
     * The warnings for the unknown elements of {@code model}'s configurations, one per element name. Maven
     * merges the plugin-level {@code <configuration>} into each execution's in the project's model, so an
     * element also found at plugin level is reported once, as plugin-level; one found only in executions'
     * own configurations names those executions.
     */
    static List<String> configurationWarnings(Plugin model, Set<String> parameters) {
        List<String> out = new ArrayList<>();
        Set<String> pluginLevel = new TreeSet<>(children(model.getConfiguration()));
        out.addAll(UnknownNames.warnings(pluginLevel, parameters, "parameter",
                "in the <configuration> of " + model.getArtifactId(), "<%s>"));
        Map<String, List<String>> executions = new TreeMap<>();
        for (PluginExecution e : model.getExecutions()) {
            for (String name : new TreeSet<>(children(e.getConfiguration()))) {
                if (!pluginLevel.contains(name) && !parameters.contains(name)) {
                    executions.computeIfAbsent(name, n -> new ArrayList<>()).add("'" + e.getId() + "'");
                }
            }
        }
        executions.forEach((name, ids) -> out.addAll(UnknownNames.warnings(List.of(name), parameters, "parameter",
                "in the <configuration> of " + model.getArtifactId() + "'s execution" + (ids.size() == 1 ? " " : "s ")
                        + String.join(", ", ids), "<%s>")));
        return out;
    }

    /**
     * The warnings for unknown {@code hip.*} {@code -D} properties: a user property (Maven's command line or
     * {@code .mvn/maven.config}) is "on the command line"; a JVM system property that is no user property came
     * from {@code MAVEN_OPTS} or {@code .mvn/jvm.config} and is said to be one.
     */
    static List<String> commandLineWarnings(Properties user, Properties system, Set<String> properties) {
        return commandLineWarnings(user, system, properties, Set.of());
    }

    /**
     * As {@link #commandLineWarnings(Properties, Properties, Set)}, without the names in {@code used}: those the
     * POMs refer to as {@code ${name}} ({@link #referencedInModels}), which Maven does pass on.
     */
    static List<String> commandLineWarnings(Properties user, Properties system, Set<String> properties,
                                            Set<String> used) {
        Set<String> fromUser = hipNames(user);
        Set<String> fromJvm = hipNames(system);
        fromJvm.removeAll(fromUser);
        fromUser.removeAll(used);
        fromJvm.removeAll(used);
        List<String> out = new ArrayList<>(UnknownNames.warnings(fromUser, properties, "property", "on the command line",
                "-D%s"));
        out.addAll(UnknownNames.warnings(fromJvm, properties, "property",
                "as a JVM system property (MAVEN_OPTS or .mvn/jvm.config)", "-D%s"));
        return out;
    }

    private static Set<String> hipNames(Properties p) {
        Set<String> names = new TreeSet<>();
        if (p != null) {
            for (Object k : p.keySet()) {
                if (String.valueOf(k).startsWith("hip.")) {
                    names.add(String.valueOf(k));
                }
            }
        }
        return names;
    }

    /**
     * The warnings for {@code hip.*} names in the project's {@code <properties>} (the POM's, inherited ones
     * included) that no goal knows; Maven passes them to no parameter and says nothing.
     */
    static List<String> projectPropertyWarnings(Properties projectProperties, Set<String> properties) {
        return projectPropertyWarnings(projectProperties, properties, Set.of(), Set.of());
    }

    /**
     * As {@link #projectPropertyWarnings(Properties, Set)}, without the names in {@code used} (those the POMs
     * refer to as {@code ${name}}, {@link #referencedInModels}); a name in {@code fromSettings} (the
     * {@code <properties>} of settings.xml's profiles, {@link #settingsProfileProperties}) is said to be from
     * an active profile of settings.xml, which Maven adds to the project's properties.
     */
    static List<String> projectPropertyWarnings(Properties projectProperties, Set<String> properties,
                                                Set<String> used, Set<String> fromSettings) {
        Set<String> names = hipNames(projectProperties);
        names.removeAll(used);
        Set<String> settings = new TreeSet<>(names);
        settings.retainAll(fromSettings);
        names.removeAll(settings);
        List<String> out = new ArrayList<>(UnknownNames.warnings(names, properties, "property",
                "in the POM's <properties>", "<%s>"));
        out.addAll(UnknownNames.warnings(settings, properties, "property",
                "in the <properties> of an active settings.xml profile", "<%s>"));
        return out;
    }

    /**
     * The {@code hip.*} names that the original (uninterpolated) models of {@code projects} and of their
     * parents refer to as {@code ${name}} anywhere: in a plugin's {@code <configuration>}, a profile, a
     * property's value. Each model is written out as XML ({@link MavenXpp3Writer}) and searched; a model that
     * cannot be written adds nothing.
     */
    static Set<String> referencedInModels(Collection<MavenProject> projects) {
        Set<String> names = new TreeSet<>();
        Map<Model, Boolean> seen = new IdentityHashMap<>();
        if (projects == null) {
            return names;
        }
        for (MavenProject project : projects) {
            for (MavenProject p = project; p != null; p = parentOf(p)) {
                Model model = p.getOriginalModel();
                if (model != null && seen.put(model, Boolean.TRUE) == null) {
                    names.addAll(referencedIn(model));
                }
            }
        }
        return names;
    }

    /** The {@code hip.*} names {@code model} refers to as {@code ${name}}, anywhere in it. */
    static Set<String> referencedIn(Model model) {
        Set<String> names = new TreeSet<>();
        StringWriter xml = new StringWriter();
        try {
            new MavenXpp3Writer().write(xml, model);
        } catch (IOException | RuntimeException e) {
            return names;
        }
        Matcher m = REFERENCE.matcher(xml.toString());
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private static MavenProject parentOf(MavenProject project) {
        try {
            return project.getParent();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The {@code hip.*} names in the {@code <properties>} of the original models of {@code project} and its
     * parents, their profiles' included: those the POMs themselves set.
     */
    static Set<String> declaredInModels(MavenProject project) {
        Set<String> names = new TreeSet<>();
        for (MavenProject p = project; p != null; p = parentOf(p)) {
            Model model = p.getOriginalModel();
            if (model != null) {
                names.addAll(hipNames(model.getProperties()));
                for (Profile profile : model.getProfiles()) {
                    names.addAll(hipNames(profile.getProperties()));
                }
            }
        }
        return names;
    }

    /** The {@code hip.*} names set in the {@code <properties>} of any profile of {@code settings}. */
    static Set<String> settingsProfileProperties(Settings settings) {
        Set<String> names = new TreeSet<>();
        if (settings != null) {
            for (org.apache.maven.settings.Profile profile : settings.getProfiles()) {
                names.addAll(hipNames(profile.getProperties()));
            }
        }
        return names;
    }

    private static List<String> children(Object configuration) {
        List<String> names = new ArrayList<>();
        if (configuration instanceof Xpp3Dom dom) {
            for (Xpp3Dom c : dom.getChildren()) {
                names.add(c.getName());
            }
        }
        return names;
    }

    private static boolean firstInSession(MavenSession session) {
        try {
            return session.getRepositorySession() == null
                    || session.getRepositorySession().getData().set(SESSION_KEY, null, Boolean.TRUE);
        } catch (RuntimeException e) {
            return true;
        }
    }
}
