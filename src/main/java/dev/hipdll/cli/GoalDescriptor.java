package dev.hipdll.cli;

import java.util.List;
import java.util.Optional;

/**
 * One goal of the plugin as its descriptor declares it: the words the Maven help ({@code mvn hipdll:help
 * -Ddetail}), the site's goal pages and this command line's {@code --help} all come from.
 *
 * @param goal        the goal's name ({@code verify})
 * @param description the goal's description
 * @param parameters  its parameters that a user sets with {@code -D} (those with a user property), by name
 */
public record GoalDescriptor(String goal, String description, List<GoalParameter> parameters) {
    /** Copies the list. */
    public GoalDescriptor {
        parameters = List.copyOf(parameters);
    }

    /** The parameter whose {@code -D} name is {@code property}, if the goal has one. */
    public Optional<GoalParameter> byProperty(String property) {
        for (GoalParameter p : parameters) {
            if (p.property().equals(property)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Every {@code -D} name of the goal, in the descriptor's order. */
    public List<String> properties() {
        return parameters.stream().map(GoalParameter::property).toList();
    }
}
