package dev.hipdll.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A command's arguments after its name: {@code -Dname=value} (or {@code -D name=value}; {@code -Dname} alone is
 * {@code true}, as Maven reads it), the switches {@code --help}/{@code -h} and {@code --debug}/{@code -X}, and
 * positional arguments. A property given twice keeps the last value, as on Maven's command line.
 *
 * @param properties the {@code -D} values, in the order given
 * @param positional the other arguments, in order
 * @param help       whether help was asked for
 * @param debug      whether DEBUG lines are shown
 */
public record Arguments(Map<String, String> properties, List<String> positional, boolean help, boolean debug) {
    /** Copies the collections. */
    public Arguments {
        properties = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        positional = List.copyOf(positional);
    }

    /**
     * Parses {@code args}.
     *
     * @throws UsageException for {@code -D} without a name, or an unknown option ({@code --frobnicate})
     */
    public static Arguments parse(List<String> args) throws UsageException {
        Map<String, String> properties = new LinkedHashMap<>();
        List<String> positional = new ArrayList<>();
        boolean help = false;
        boolean debug = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-D")) {
                if (i + 1 >= args.size()) {
                    throw new UsageException("-D needs name=value after it");
                }
                a = "-D" + args.get(++i);
            }
            if (a.startsWith("-D")) {
                String p = a.substring(2);
                int eq = p.indexOf('=');
                String name = eq < 0 ? p : p.substring(0, eq);
                if (name.isBlank()) {
                    throw new UsageException("'" + a + "': -D needs a name (-Dhip.arch=gfx1151)");
                }
                properties.put(name, eq < 0 ? "true" : p.substring(eq + 1));
            } else if (a.equals("--help") || a.equals("-h")) {
                help = true;
            } else if (a.equals("--debug") || a.equals("-X")) {
                debug = true;
            } else if (a.startsWith("-") && a.length() > 1) {
                throw new UsageException("unknown option '" + a + "'; expected -D<name>=<value>, --help or --debug");
            } else {
                positional.add(a);
            }
        }
        return new Arguments(properties, positional, help, debug);
    }
}
