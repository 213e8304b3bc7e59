package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A property that several goals take ({@code hip.sdkRoot}, {@code hip.arch}, {@code hip.dll}, ...) is one parameter:
 * in the plugin descriptor every goal that has it gives it the same name, Java type, default and description, so
 * {@code -Dhip.x=...} on a command line that runs several goals means one thing and the goal pages say one thing.
 * The goals share such parameters by declaring them once, in a common abstract mojo; the few that two goals
 * declare each (no single class is common to exactly those goals) must still agree, which this test holds.
 */
class SharedParametersTest {

    @Test
    void aPropertyDeclaredByTwoGoalsHasOneTypeAndOneDescription() throws Exception {
        Map<String, List<String>> seen = new LinkedHashMap<>();
        Map<String, String> firstGoal = new LinkedHashMap<>();
        Map<String, PluginDescriptor.Parameter> first = new LinkedHashMap<>();
        List<String> disagreements = new ArrayList<>();
        for (PluginDescriptor.Mojo m : PluginDescriptor.load().mojos()) {
            for (PluginDescriptor.Parameter p : m.parameters()) {
                if (p.property().isEmpty()) {
                    continue;
                }
                seen.computeIfAbsent(p.property(), k -> new ArrayList<>()).add(m.goal());
                PluginDescriptor.Parameter other = first.putIfAbsent(p.property(), p);
                if (other == null) {
                    firstGoal.put(p.property(), m.goal());
                    continue;
                }
                String where = p.property() + " (hipdll:" + firstGoal.get(p.property()) + " and hipdll:" + m.goal() + ")";
                if (!other.name().equals(p.name())) {
                    disagreements.add(where + ": names " + other.name() + " and " + p.name());
                }
                if (!other.type().equals(p.type())) {
                    disagreements.add(where + ": types " + other.type() + " and " + p.type());
                }
                if (!other.defaultValue().equals(p.defaultValue())) {
                    disagreements.add(where + ": defaults '" + other.defaultValue() + "' and '" + p.defaultValue() + "'");
                }
                if (!other.description().equals(p.description())) {
                    disagreements.add(where + ": descriptions\n    " + other.description() + "\n    " + p.description());
                }
            }
        }
        assertTrue(disagreements.isEmpty(), "one property, one parameter (declare it once, in the goals' common"
                + " abstract mojo):\n  " + String.join("\n  ", disagreements));
        assertTrue(seen.getOrDefault("hip.sdkRoot", List.of()).size() >= 4, "hip.sdkRoot is every SDK goal's: " + seen);
    }
}
