package dev.hipdll.parameter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Warnings for names a user gave that no goal of the plugin knows: {@code hip.*} properties on the
 * command line and elements of the plugin's {@code <configuration>}. Each warning names where the
 * name was given and the closest known name ({@link ClosestName}), e.g.
 * {@code unknown parameter <contrat> in the POM's configuration of hipdll-maven-plugin; did you mean <contract>?}.
 */
public final class UnknownNames {
    private UnknownNames() {
    }

    /**
     * @param given  the names given, e.g. {@code hip.contrat} or {@code contrat}
     * @param known  every name the plugin knows in that place
     * @param kind   how the warning calls such a name, e.g. {@code property} or {@code parameter}
     * @param where  where it was given, e.g. {@code on the command line}
     * @param format how a name is shown: {@code %s} is replaced by it, e.g. {@code -D%s} or {@code <%s>}
     * @return one warning per unknown name, sorted by name
     */
    public static List<String> warnings(Collection<String> given, Set<String> known, String kind, String where,
                                        String format) {
        List<String> out = new ArrayList<>();
        for (String name : new TreeSet<>(given)) {
            if (known.contains(name)) {
                continue;
            }
            String hint = ClosestName.of(name, new TreeSet<>(known)).map(c -> "; did you mean " + format.replace("%s", c)
                    + "?").orElse("; no hipdll goal has a " + kind + " of a similar name");
            out.add("unknown " + kind + " " + format.replace("%s", name) + " " + where + " (ignored)" + hint);
        }
        return out;
    }
}
