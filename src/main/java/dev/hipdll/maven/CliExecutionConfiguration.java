package dev.hipdll.maven;

import java.io.File;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.PluginParameterExpressionEvaluator;
import org.apache.maven.plugin.descriptor.Parameter;
import org.apache.maven.project.MavenProject;
import org.codehaus.plexus.component.configurator.expression.ExpressionEvaluationException;
import org.codehaus.plexus.util.xml.Xpp3Dom;

/**
 * A goal run from the command line ({@code mvn hipdll:load-check}, execution id {@code default-cli})
 * inside a project gets only the plugin-level {@code <configuration>}; Maven ignores what the POM
 * configures in an {@code <execution>} of that goal (issue 11: an {@code <exportPrefix>} in the
 * execution did not reach {@code mvn hipdll:load-check}). When the project has exactly one execution
 * of the same goal of this plugin, its configuration is applied to the command-line run, parameter
 * by parameter, except where the command line gives the parameter's property ({@code -Dhip.x}).
 * Values are evaluated as Maven evaluates them ({@code ${project.basedir}}, ...) and set for the
 * parameter types the hipdll goals use: {@code String}, {@code File} (relative to the project
 * directory), {@code int}/{@code Integer}, {@code long}/{@code Long}, {@code boolean}/{@code Boolean} (true or false only), {@code Duration},
 * {@code List<String>} (child elements, or a comma-separated value).
 */
final class CliExecutionConfiguration {
    private CliExecutionConfiguration() {
    }

    /**
     * Applies the configuration; returns a line for the log saying what was taken from where, or
     * {@code null} when nothing applies (not a command-line run, no project, none or several executions).
     */
    static String apply(Object mojo, MavenSession session, MojoExecution execution) {
        if (session == null || execution == null || !"default-cli".equals(execution.getExecutionId())
                || session.getRequest() == null || !session.getRequest().isProjectPresent()) {
            return null;
        }
        MavenProject project = session.getCurrentProject();
        Plugin plugin = project == null ? null : project.getPlugin(execution.getGroupId() + ":" + execution.getArtifactId());
        if (plugin == null) {
            return null;
        }
        String goal = execution.getGoal();
        List<PluginExecution> executions = plugin.getExecutions().stream().filter(e -> e.getGoals().contains(goal)).toList();
        if (executions.size() != 1) {
            return executions.isEmpty() ? null : "hipdll:" + goal + " from the command line: the POM has " + executions.size()
                    + " executions of this goal, so the configuration of none of them is used";
        }
        PluginExecution only = executions.get(0);
        if (!(only.getConfiguration() instanceof Xpp3Dom config) || execution.getMojoDescriptor() == null) {
            return null;
        }
        Map<String, Parameter> parameters = execution.getMojoDescriptor().getParameterMap();
        PluginParameterExpressionEvaluator evaluator = new PluginParameterExpressionEvaluator(session, execution);
        List<String> applied = new ArrayList<>();
        for (Xpp3Dom child : config.getChildren()) {
            Parameter p = parameters.get(child.getName());
            if (p == null || !p.isEditable()) {
                continue;
            }
            String property = property(p.getExpression());
            if (property != null && (session.getUserProperties().containsKey(property)
                    || session.getSystemProperties().containsKey(property))) {
                continue;  // the command line wins
            }
            Field f = field(mojo.getClass(), child.getName());
            if (f == null) {
                continue;
            }
            try {
                Object v = convert(f, child, evaluator, project.getBasedir());
                if (v != null) {
                    f.setAccessible(true);
                    f.set(mojo, v);
                    applied.add(child.getName());
                }
            } catch (ExpressionEvaluationException | IllegalAccessException | RuntimeException e) {
                // left as the command line has it; a bad value fails in the lifecycle run too
            }
        }
        return applied.isEmpty() ? null : "hipdll:" + goal + " from the command line uses the configuration of the POM's"
                + " execution '" + only.getId() + "': " + String.join(", ", applied);
    }

    private static String property(String expression) {
        if (expression == null || !expression.startsWith("${") || !expression.endsWith("}")) {
            return null;
        }
        return expression.substring(2, expression.length() - 1);
    }

    private static Field field(Class<?> type, String name) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                return c.getDeclaredField(name);
            } catch (NoSuchFieldException e) {
                // look further up
            }
        }
        return null;
    }

    private static Object convert(Field f, Xpp3Dom node, PluginParameterExpressionEvaluator ev, File basedir)
            throws ExpressionEvaluationException {
        Class<?> t = f.getType();
        if (List.class.isAssignableFrom(t)) {
            List<String> out = new ArrayList<>();
            if (node.getChildCount() > 0) {
                for (Xpp3Dom c : node.getChildren()) {
                    Object v = ev.evaluate(c.getValue());
                    if (v != null) {
                        out.add(String.valueOf(v));
                    }
                }
            } else if (node.getValue() != null && ev.evaluate(node.getValue()) != null) {
                for (String s : String.valueOf(ev.evaluate(node.getValue())).split(",")) {
                    if (!s.isBlank()) {
                        out.add(s.strip());
                    }
                }
            }
            return out;
        }
        Object evaluated = node.getValue() == null ? null : ev.evaluate(node.getValue());
        if (evaluated == null) {
            return null;  // an unset property: the goal keeps its own value
        }
        String v = String.valueOf(evaluated).strip();
        if (t == String.class) {
            return v;
        }
        if (t == File.class) {
            File file = new File(v);
            return file.isAbsolute() || basedir == null ? file : new File(basedir, v);
        }
        if (t == int.class || t == Integer.class) {
            return Integer.valueOf(v);
        }
        if (t == long.class || t == Long.class) {
            return Long.valueOf(v);
        }
        if (t == boolean.class || t == Boolean.class) {
            return dev.hipdll.parameter.StrictBoolean.parse(v);  // as HipdllConfigurator: true or false only
        }
        if (t == java.time.Duration.class) {
            return dev.hipdll.parameter.DurationValue.parse(v);
        }
        return null;
    }
}
