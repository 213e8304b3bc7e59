package dev.hipdll.cli;

import dev.hipdll.parameter.ClosestName;

/** Finds a goal's parameter by the {@code -D} name a user typed, with "did you mean" for a near miss. */
final class Parameters {
    private Parameters() {
    }

    /**
     * The parameter whose property is {@code property}.
     *
     * @throws UsageException "hip.maxBundleMib is not a parameter of hipdll:verify; did you mean hip.maxBundleMiB?"
     */
    static GoalParameter find(GoalDescriptor goal, String property) throws UsageException {
        var found = goal.byProperty(property);
        if (found.isPresent()) {
            return found.get();
        }
        String hint = ClosestName.of(property, goal.properties()).map(n -> "; did you mean " + n + "?")
                .orElse("; --help lists them");
        throw new UsageException(property + " is not a parameter of hipdll:" + goal.goal() + hint);
    }

    /**
     * A skip switch's value ({@code hip.skip}, {@code hip.verify.skip}, ...), strictly true or false.
     *
     * @throws UsageException naming the property, as the goal's message does: "hip.skip: '1' is not true or false"
     */
    static boolean skipSwitch(GoalParameter p, String value) throws UsageException {
        try {
            return dev.hipdll.parameter.StrictBoolean.parse(value);
        } catch (IllegalArgumentException e) {
            throw new UsageException(p.property() + ": " + e.getMessage());
        }
    }
}
