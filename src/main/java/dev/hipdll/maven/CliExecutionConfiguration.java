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
 * configures in an {@code <execution>} of that goal (an {@code <exportPrefix>} in the
 * execution did not reach {@code mvn hipdll:load-check}). When the project has exactly one execution
 * of the same goal of this plugin, its configuration is applied to the command-line run, parameter
 * by parameter, except where the command line gives the parameter's property ({@code -Dhip.x}).
 * Values are evaluated as Maven evaluates them ({@code ${project.basedir}}, ...) and set for the
 * parameter types the hipdll goals use: {@code String}, {@code File} (relative to the project
 * directory), {@code int}/{@code Integer}, {@code long}/{@code Long}, {@code boolean}/{@code Boolean} (true or false only), {@code Duration},
 * {@code List<String>} (child elements, or a comma-separated value).
 *
 * <p>{@code hipdll:load-check} checks the DLL against the same contract as {@code hipdll:verify}: a command-line
 * load-check in a project with no execution of its own takes the contract parameters ({@link #CONTRACT_PARAMETERS})
 * of the POM's one execution of {@code hipdll:verify}, and says so (it checked 48 prefixed exports
 * while the project's verify checked the loader's names).
 */
final class CliExecutionConfiguration {
    private CliExecutionConfiguration() {
    }

    /** The parameters that make up a goal's ABI contract, taken by a command-line load-check from verify's execution. */
    static final List<String> CONTRACT_PARAMETERS = List.of("contract", "exports", "exportsFile", "exportPrefix",
            "expectedExports");

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
        if (executions.isEmpty() && goal.equals("load-check")) {
            return contractOfVerify(mojo, session, execution, project, plugin);
        }
        if (executions.size() != 1) {
            return executions.isEmpty() ? null : "hipdll:" + goal + " from the command line: the POM has " + executions.size()
                    + " executions of this goal, so the configuration of none of them is used";
        }
        PluginExecution only = executions.get(0);
        List<String> applied = applyFrom(mojo, session, execution, project, only, null);
        return applied.isEmpty() ? null : "hipdll:" + goal + " from the command line uses the configuration of the POM's"
                + " execution '" + only.getId() + "': " + String.join(", ", applied);
    }

    /**
     * A command-line load-check without an execution of its own: the contract parameters of the POM's one execution of
     * {@code hipdll:verify}; a line saying which were taken, or that several verify executions leave it ambiguous.
     */
    private static String contractOfVerify(Object mojo, MavenSession session, MojoExecution execution,
                                           MavenProject project, Plugin plugin) {
        List<PluginExecution> verify = plugin.getExecutions().stream().filter(e -> e.getGoals().contains("verify")).toList();
        if (verify.size() > 1) {
            return "hipdll:load-check from the command line: the POM has " + verify.size() + " executions of"
                    + " hipdll:verify, so the contract of none of them is used (give it with -Dhip.contract or a"
                    + " load-check execution)";
        }
        if (verify.isEmpty()) {
            return null;
        }
        List<String> applied = applyFrom(mojo, session, execution, project, verify.get(0), CONTRACT_PARAMETERS);
        return applied.isEmpty() ? null : "hipdll:load-check from the command line uses the contract of the POM's"
                + " hipdll:verify execution '" + verify.get(0).getId() + "': " + String.join(", ", applied);
    }

    /**
     * Sets the mojo's fields from {@code only}'s configuration, parameter by parameter (those in {@code names} only,
     * when given), except where the command line gives the parameter's property; returns the names set.
     */
    private static List<String> applyFrom(Object mojo, MavenSession session, MojoExecution execution,
                                          MavenProject project, PluginExecution only, List<String> names) {
        if (!(only.getConfiguration() instanceof Xpp3Dom config) || execution.getMojoDescriptor() == null) {
            return List.of();
        }
        Map<String, Parameter> parameters = execution.getMojoDescriptor().getParameterMap();
        PluginParameterExpressionEvaluator evaluator = new PluginParameterExpressionEvaluator(session, execution);
        List<String> applied = new ArrayList<>();
        for (Xpp3Dom child : config.getChildren()) {
            Parameter p = parameters.get(child.getName());
            if (p == null || !p.isEditable() || (names != null && !names.contains(child.getName()))) {
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
        return applied;
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
