package dev.hipdll.host;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An immutable set of environment variables with the name rules of one operating system. On
 * Windows names compare case-insensitively and keep the case they were given in: {@code Path} and
 * {@code PATH} are one variable, never two; setting {@code PATH} when {@code Path} exists changes
 * the value and keeps the name {@code Path}. Elsewhere names are case-sensitive.
 *
 * <p>When a map handed to {@link #of} holds two names that are one variable on Windows (possible
 * with a hand-built map, never with a real Windows environment), the entries are taken in
 * ordinal name order and the first one wins, as Windows' own lookup in a sorted environment block
 * does; the losing names are listed by {@link #collapsed()}.
 */
public final class Environment {
    private final OsFamily os;
    /** Key: the comparison key of a name; value: the variable as written. */
    private final Map<String, Map.Entry<String, String>> variables;
    private final List<String> collapsed;

    private Environment(OsFamily os, Map<String, Map.Entry<String, String>> variables, List<String> collapsed) {
        this.os = os;
        this.variables = Collections.unmodifiableMap(variables);
        this.collapsed = List.copyOf(collapsed);
    }

    /**
     * Creates an environment from {@code variables} (names as given, values as given).
     *
     * @param os        whose name rules apply
     * @param variables the variables; {@code null} names or values are ignored
     */
    public static Environment of(OsFamily os, Map<String, String> variables) {
        Map<String, Map.Entry<String, String>> map = new LinkedHashMap<>();
        List<String> collapsed = new ArrayList<>();
        for (Map.Entry<String, String> e : new TreeMap<>(withoutNulls(variables)).entrySet()) {
            String key = key(os, e.getKey());
            if (map.containsKey(key)) {
                collapsed.add(e.getKey());
            } else {
                map.put(key, Map.entry(e.getKey(), e.getValue()));
            }
        }
        return new Environment(os, map, collapsed);
    }

    private static Map<String, String> withoutNulls(Map<String, String> variables) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : variables.entrySet()) {  // a loop, not a lambda: the command line's cold start
            if (e.getKey() != null && e.getValue() != null) {
                m.put(e.getKey(), e.getValue());
            }
        }
        return m;
    }

    private static String key(OsFamily os, String name) {
        return os == OsFamily.WINDOWS ? name.toUpperCase(Locale.ROOT) : name;
    }

    /** The operating system whose name rules apply. */
    public OsFamily os() {
        return os;
    }

    /** Whether {@code a} and {@code b} name the same variable under this environment's rules. */
    public boolean sameName(String a, String b) {
        return key(os, a).equals(key(os, b));
    }

    /** The value of {@code name} (compared by this environment's rules), if set. */
    public Optional<String> get(String name) {
        Map.Entry<String, String> e = variables.get(key(os, name));
        return e == null ? Optional.empty() : Optional.of(e.getValue());
    }

    /** The name {@code name} is stored under (its case as inherited), if set. */
    public Optional<String> storedName(String name) {
        Map.Entry<String, String> e = variables.get(key(os, name));
        return e == null ? Optional.empty() : Optional.of(e.getKey());
    }

    /**
     * The value of a variable the build reads, refusing a padded one.
     *
     * @return the value, empty when unset or empty
     * @throws EnvironmentException when the value has leading or trailing whitespace (as
     *                              {@code set X=v && ...} in cmd leaves it), naming the variable
     */
    public Optional<String> read(String name) throws EnvironmentException {
        Optional<String> v = get(name);
        if (v.isEmpty() || v.get().isEmpty()) {
            return Optional.empty();
        }
        String value = v.get();
        if (!value.equals(value.strip())) {
            throw new EnvironmentException("environment variable " + storedName(name).orElse(name)
                    + " has leading or trailing whitespace (" + describePadding(value) + "); the build reads it, so"
                    + " fix its value (in cmd, 'set " + name + "=value && ...' keeps the space before &&)");
        }
        return v;
    }

    private static String describePadding(String value) {
        int lead = value.length() - value.stripLeading().length();
        int trail = value.length() - value.stripTrailing().length();
        return lead + " leading and " + trail + " trailing whitespace character(s)";
    }

    /** A copy with {@code name} set to {@code value}; an existing variable keeps its stored name. */
    public Environment with(String name, String value) {
        Map<String, Map.Entry<String, String>> copy = new LinkedHashMap<>(variables);
        String k = key(os, name);
        Map.Entry<String, String> old = copy.get(k);
        copy.put(k, Map.entry(old == null ? name : old.getKey(), value));
        return new Environment(os, copy, collapsed);
    }

    /** A copy without {@code name}. */
    public Environment without(String name) {
        Map<String, Map.Entry<String, String>> copy = new LinkedHashMap<>(variables);
        copy.remove(key(os, name));
        return new Environment(os, copy, collapsed);
    }

    /** The stored names, in order. */
    public List<String> names() {
        List<String> names = new ArrayList<>(variables.size());
        for (Map.Entry<String, String> e : variables.values()) {
            names.add(e.getKey());
        }
        return List.copyOf(names);
    }

    /** Names that were dropped by {@link #of} because an earlier name was the same variable. */
    public List<String> collapsed() {
        return collapsed;
    }

    /** The variables as a plain map with their stored names (what a child process receives). */
    public Map<String, String> toMap() {
        Map<String, String> m = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : variables.values()) {
            m.put(e.getKey(), e.getValue());
        }
        return Collections.unmodifiableMap(m);
    }

    /** Splits a path list such as {@code PATH} at this OS's separator, dropping empty entries. */
    public List<String> splitPathList(String value) {
        List<String> out = new ArrayList<>();
        for (String s : value.split(java.util.regex.Pattern.quote(String.valueOf(os.pathListSeparator())))) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    /** Joins entries into a path list with this OS's separator. */
    public String joinPathList(List<String> entries) {
        return String.join(String.valueOf(os.pathListSeparator()), entries);
    }

    @Override
    public String toString() {
        return "Environment[" + os + ", " + variables.size() + " variables]";
    }
}
