package dev.hipdll.cli;

import dev.hipdll.parameter.ClosestName;
import java.util.Optional;

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
        Optional<String> closest = ClosestName.of(property, goal.properties());
        String hint = closest.isPresent() ? "; did you mean " + closest.get() + "?" : "; --help lists them";
        throw new UsageException(property + " is not a parameter of hipdll:" + goal.goal() + hint);
    }

    /**
     * Sets every {@code -D} of {@code args} on {@code settings}: a goal's parameter through its setter
     * ({@link SettingsBinder}); {@code hip.toolchainVersion} (Maven's toolchains.xml, which the command line does not
     * read) refused; the skip switches among {@code handledHere} read strictly.
     *
     * @param handledHere the goal's parameters the command handles itself (its skip switches, toolchainVersion)
     * @return whether a skip switch is true
     * @throws UsageException naming the property of an unknown parameter or a value its type refuses
     */
    static boolean bind(GoalDescriptor goal, Arguments args, java.util.Set<String> handledHere, Object settings,
                        SettingsBinder binder) throws UsageException {
        boolean skip = false;
        for (var e : args.properties().entrySet()) {
            GoalParameter p = find(goal, e.getKey());
            if (p.name().equals("toolchainVersion")) {
                throw new UsageException("hip.toolchainVersion picks a hip toolchain of Maven's toolchains.xml,"
                        + " which the command line does not read: give -Dhip.sdkRoot=<the SDK's directory>");
            } else if (handledHere.contains(p.name())) {
                skip |= skipSwitch(p, e.getValue());
            } else {
                binder.bind(settings, p, e.getValue());
            }
        }
        return skip;
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
