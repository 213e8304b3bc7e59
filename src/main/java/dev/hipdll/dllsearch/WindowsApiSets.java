package dev.hipdll.dllsearch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The API set contracts of Windows' API set schema ({@code apisetschema.dll}) and the loader's rule for them: an
 * import named {@code api-*} or {@code ext-*} is resolved to a host DLL when its name up to, not including, its last
 * hyphen equals that part of a schema entry's name, compared with ASCII letters folded to lower case, and the entry
 * has a host (schema version 6 of Windows 10 and 11: the loader hashes that part of the name, and an entry's
 * "hashed length" ends at the same hyphen; Geoff Chappell, "API Set Schema", and {@code ApiSetResolveToHostV6} of
 * github.com/ajkhoury/ApiSet). So {@code api-ms-win-core-file-l1-2-4.dll} resolves through the entry
 * {@code api-ms-win-core-file-l1-2-3} whatever its final revision, and {@code api-ms-win-evil-l1-1-0.dll} through
 * nothing. The contracts are data, with their source (ReactOS's table of the schemas apisets.info dumped), in
 * {@code dev/hipdll/dllsearch/windows-api-sets.txt}, written by {@code scripts/fixtures/api-sets}.
 *
 * @param hosts    the Windows 10 contracts with a host: the name up to the last hyphen, lower case, to the host DLL
 *                 ({@code "?"} when the source keeps no Windows 10 host)
 * @param unhosted the Windows 10 contracts without a host, same key: the loader resolves nothing for them
 * @param older    the contracts only the Windows 7/8/8.1 schemas hold, same key
 */
public record WindowsApiSets(Map<String, String> hosts, Set<String> unhosted, Set<String> older) {
    /** The resource holding the contracts. */
    public static final String RESOURCE = "windows-api-sets.txt";

    /** Creates the value; the collections are copied. */
    public WindowsApiSets {
        hosts = Map.copyOf(hosts);
        unhosted = Set.copyOf(unhosted);
        older = Set.copyOf(older);
    }

    /**
     * The contracts shipped with the plugin.
     *
     * @throws IllegalStateException when the resource is missing or has a line of another shape (a broken build)
     */
    public static WindowsApiSets load() {
        try (InputStream in = WindowsApiSets.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the plugin");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Parses lines {@code win10 <contract> <host>}, {@code unhosted <contract>} and {@code older <contract>};
     * {@code #} starts a comment.
     *
     * @throws IllegalStateException naming the line when one has another shape or a contract has no hyphen
     */
    static WindowsApiSets parse(String text) {
        Map<String, String> hosts = new TreeMap<>();
        Set<String> unhosted = new TreeSet<>();
        Set<String> older = new TreeSet<>();
        for (DataLine d : DataLine.of(text)) {
            String[] f = d.fields();
            boolean win10 = f[0].equals("win10") && f.length == 3;
            boolean other = (f[0].equals("unhosted") || f[0].equals("older")) && f.length == 2;
            String key = f.length > 1 ? contract(f[1]) : null;
            if (!win10 && !other || key == null) {
                throw new IllegalStateException(RESOURCE + " line " + d.number() + ": expected 'win10 <contract> <host>',"
                        + " 'unhosted <contract>' or 'older <contract>' (a contract name has a hyphen), found '" + d.text()
                        + "'");
            }
            if (win10) {
                hosts.put(key, f[2]);
            } else {
                (f[0].equals("unhosted") ? unhosted : older).add(key);
            }
        }
        return new WindowsApiSets(hosts, unhosted, older);
    }

    /**
     * The part of {@code dll} the loader compares with the schema's contracts: the name up to, not including, its
     * last hyphen, with {@code A}–{@code Z} folded to lower case and nothing else changed (the loader folds ASCII
     * letters only, so a look-alike such as U+212A KELVIN SIGN stays what it is); {@code null} when the name has no
     * hyphen after its first character or does not start with {@code api-} or {@code ext-} (any case).
     */
    public static String contract(String dll) {
        int last = dll.lastIndexOf('-');
        if (last <= 0) {
            return null;
        }
        char[] c = dll.substring(0, last).toCharArray();
        for (int i = 0; i < c.length; i++) {
            if (c[i] >= 'A' && c[i] <= 'Z') {
                c[i] = (char) (c[i] + ('a' - 'A'));
            }
        }
        String key = new String(c);
        return key.startsWith("api-") || key.startsWith("ext-") ? key : null;
    }

    /** Whether the loader resolves {@code dll} through a Windows 10 contract with a host ({@link #contract}). */
    public boolean resolves(String dll) {
        String key = contract(dll);
        return key != null && hosts.containsKey(key);
    }

    /**
     * Why {@code dll} is not resolved although it names an API set the schemas know, for a message; {@code null}
     * when it resolves or no schema knows it.
     */
    public String unresolvedReason(String dll) {
        String key = contract(dll);
        if (key == null || hosts.containsKey(key)) {
            return null;
        }
        if (unhosted.contains(key)) {
            return "an API set Windows 10's schema lists without a host DLL";
        }
        return older.contains(key) ? "an API set only the Windows 7/8/8.1 schemas hold" : null;
    }
}
