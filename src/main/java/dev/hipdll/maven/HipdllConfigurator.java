package dev.hipdll.maven;

import java.util.ArrayList;
import java.util.List;
import org.codehaus.plexus.classworlds.realm.ClassRealm;
import org.codehaus.plexus.component.configurator.BasicComponentConfigurator;
import org.codehaus.plexus.component.configurator.ComponentConfigurationException;
import org.codehaus.plexus.component.configurator.ConfigurationListener;
import org.codehaus.plexus.component.configurator.expression.ExpressionEvaluationException;
import org.codehaus.plexus.component.configurator.expression.ExpressionEvaluator;
import org.codehaus.plexus.configuration.PlexusConfiguration;
import org.codehaus.plexus.configuration.xml.XmlPlexusConfiguration;

/**
 * The hipdll goals' parameter injection ({@code @Mojo(configurator = "hipdll")}): Maven's basic
 * configurator with strict booleans ({@link StrictBooleanConverter}), readable durations
 * ({@link DurationConverter}) and whole numbers that are trimmed and range-checked
 * ({@link WholeNumberConverter}), which injects each parameter on its own and names the property of one
 * that cannot be converted: {@code hip.runtimeMajor: 'seven' is not a whole number}, where Maven says
 * "Cannot convert 'seven' to Integer ... for parameter runtimeMajor". A parameter
 * given in the POM without a property is named as its element, {@code <runtimeMajor>}.
 *
 * <p>Conversion problems are not thrown here: they are handed to the goal
 * ({@link AbstractHipdllMojo#configurationProblems}), whose {@code execute} fails with all of them
 * before it does anything else, after the goal's own clean-up (hipdll:verify says that the build's
 * pending stamp is kept). The parameter keeps its Java default meanwhile.
 *
 * <p>Declared as a Plexus component in {@code META-INF/plexus/components.xml} (role
 * {@code ComponentConfigurator}, hint {@code hipdll}), not through a JSR-330 index: Maven 3.8 looks the
 * configurator up outside the plugin's class realm, where only a component declared that way is found.
 */
public class HipdllConfigurator extends BasicComponentConfigurator {

    /** Registers the strict boolean, duration and whole-number converters ahead of Maven's. */
    public HipdllConfigurator() {
        converterLookup.registerConverter(new StrictBooleanConverter());
        converterLookup.registerConverter(new DurationConverter());
        converterLookup.registerConverter(new NonEmptyFileConverter());
        converterLookup.registerConverter(WholeNumberConverter.ints());
        converterLookup.registerConverter(WholeNumberConverter.longs());
    }

    @Override
    public void configureComponent(Object component, PlexusConfiguration configuration, ExpressionEvaluator evaluator,
                                   ClassRealm realm, ConfigurationListener listener)
            throws ComponentConfigurationException {
        List<String> problems = new ArrayList<>();
        for (PlexusConfiguration child : configuration.getChildren()) {
            XmlPlexusConfiguration one = new XmlPlexusConfiguration(configuration.getName());
            one.addChild(child);
            try {
                super.configureComponent(component, one, evaluator, realm, listener);
            } catch (ComponentConfigurationException e) {
                problems.add(problem(child, evaluator, e));
            }
        }
        if (problems.isEmpty()) {
            return;
        }
        if (component instanceof AbstractHipdllMojo mojo) {
            mojo.configurationProblems(problems);
        } else {
            throw new ComponentConfigurationException(String.join("; ", problems));
        }
    }

    /** "hip.timeout: '10x' is not a duration ...", naming the property the value came from. */
    static String problem(PlexusConfiguration child, ExpressionEvaluator evaluator, ComponentConfigurationException e) {
        String raw = child.getValue(null);
        if (raw == null) {
            raw = child.getAttribute("default-value", null);
        }
        String name = "<" + child.getName() + ">";
        if (raw != null && raw.startsWith("${") && raw.endsWith("}") && raw.indexOf("${", 2) < 0) {
            name = raw.substring(2, raw.length() - 1);
        }
        String value = raw;
        try {
            Object v = raw == null ? null : evaluator.evaluate(raw);
            value = v == null ? null : String.valueOf(v);
        } catch (ExpressionEvaluationException ignored) {
            // shown as written
        }
        String why = e.getMessage() == null ? "" : e.getMessage();
        if (value != null && !why.contains("'" + value + "'")) {
            why = "'" + value + "': " + why;
        }
        if (why.startsWith("Cannot convert '") || why.contains("Cannot convert")) {
            why = "'" + value + "' is not " + expected(why);
        }
        return name + ": " + why;
    }

    /** What a value of the type in Maven's "Cannot convert ... to T" message looks like. */
    private static String expected(String mavenMessage) {
        String m = mavenMessage.toLowerCase(java.util.Locale.ROOT);
        if (m.contains(" to int") || m.contains(" to long") || m.contains(" to short") || m.contains(" to byte")
                || m.contains(" to java.lang.integer") || m.contains(" to java.lang.long") || m.contains(" to integer")) {
            return "a whole number";
        }
        if (m.contains(" to double") || m.contains(" to float")) {
            return "a number";
        }
        return "a valid value (" + mavenMessage + ")";
    }
}
