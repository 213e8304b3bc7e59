package dev.hipdll.release;

import dev.hipdll.dllsearch.DataLine;
import dev.hipdll.dllsearch.WindowsApiSets;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The DLLs of Windows itself, for a release package's import closure: KnownDLLs (always mapped from
 * System32, so a copy in the package is never loaded), other DLLs every Windows 10/11 System32 holds, and API
 * sets (contracts of the loader's API set schema, {@link WindowsApiSets}). The lists are data, with their sources,
 * in {@code dev/hipdll/release/windows-dlls.txt} and {@code dev/hipdll/dllsearch/windows-api-sets.txt}.
 *
 * @param known   KnownDLLs, lower case
 * @param system  the other Windows DLLs, lower case
 * @param apiSets the API set contracts of Windows 10's schema and the loader's rule for them
 */
public record WindowsDlls(Set<String> known, Set<String> system, WindowsApiSets apiSets) {
    /** The resource holding the lists. */
    public static final String RESOURCE = "windows-dlls.txt";

    /** Creates the value; the sets are copied. */
    public WindowsDlls {
        known = Set.copyOf(known);
        system = Set.copyOf(system);
        Objects.requireNonNull(apiSets, "apiSets");
    }

    /**
     * The lists shipped with the plugin ({@link WindowsApiSets#load()} for the API sets).
     *
     * @throws IllegalStateException when the resource is missing or has a line of another shape (a broken build)
     */
    public static WindowsDlls load() {
        try (InputStream in = WindowsDlls.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the plugin");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), WindowsApiSets.load());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses lines {@code known <name>} and {@code system <name>}; {@code #} starts a comment. */
    static WindowsDlls parse(String text, WindowsApiSets apiSets) {
        Set<String> known = new TreeSet<>();
        Set<String> system = new TreeSet<>();
        for (DataLine d : DataLine.of(text)) {
            String[] f = d.fields();
            if (f.length != 2 || !f[0].equals("known") && !f[0].equals("system")) {
                throw new IllegalStateException(RESOURCE + " line " + d.number() + ": expected 'known <dll>' or"
                        + " 'system <dll>', found '" + d.text() + "'");
            }
            (f[0].equals("known") ? known : system).add(f[1].toLowerCase(Locale.ROOT));
        }
        return new WindowsDlls(known, system, apiSets);
    }

    /**
     * The file name the Windows loader looks for when a module is named {@code dll}, in lower case: the name with
     * {@code .dll} appended when it has no extension (the loader appends the default extension {@code .DLL} to a
     * module name without one, as Microsoft's LoadLibrary documentation says of its argument), else the name.
     */
    public static String loaderName(String dll) {
        String n = dll.toLowerCase(Locale.ROOT);
        return n.indexOf('.') < 0 ? n + ".dll" : n;
    }

    /** Whether {@code dll} is a KnownDLL (case-insensitive; {@link #loaderName}). */
    public boolean isKnown(String dll) {
        return known.contains(loaderName(dll));
    }

    /**
     * Whether the loader resolves {@code dll} as an API set: its name up to the last hyphen is a contract Windows
     * 10's schema hosts ({@link WindowsApiSets#resolves}); an invented {@code api-ms-win-evil-l1-1-0.dll} is not.
     */
    public boolean isApiSet(String dll) {
        return apiSets.resolves(dll);
    }

    /**
     * Where Windows takes {@code dll} from when no package ships it, or {@code null} when it is not Windows':
     * {@code "KnownDLLs"}, {@code "API set"} or {@code "Windows System32"}.
     */
    public String windowsSource(String dll) {
        if (isApiSet(dll)) {
            return "API set";
        }
        if (isKnown(dll)) {
            return "KnownDLLs";
        }
        return system.contains(loaderName(dll)) ? "Windows System32" : null;
    }
}
