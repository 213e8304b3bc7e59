package dev.hipdll.contract;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads an ABI contract from an explicit list of export names ({@code hip.exports}) or a list
 * file ({@code hip.exportsFile}): one name per entry or line, exactly as exported (e.g.
 * {@code coli_cuda_init}, or decorated as exported: {@code _JNI_OnLoad@8}); a trailing {@code ?} marks an optional name
 * ({@code coli_cuda_graph_capture_begin?}); in a file, {@code #} starts a comment and blank
 * lines are ignored. A name must be a C identifier; a name listed twice is an error. Names are
 * taken as exported: one without the export prefix is looked up as it is (and, when exported, also
 * listed by {@code exports.other}). A list file is read like a loader source ({@link ContractFile}:
 * at most 8 MiB of UTF-8 text, a byte order mark dropped, lines ending in CR LF, LF or a lone CR).
 */
public final class ExportListParser {
    /**
     * An export name as a PE export name table holds it: a C identifier, or a decorated one (x86
     * {@code __stdcall} {@code _f@8}, {@code __fastcall} {@code @f@8}, MSVC C++ {@code ?f@@YAXXZ},
     * characters {@code A-Z a-z 0-9 _ @ ? $}; PE/COFF spec, "Export Name Table", names are ASCII).
     */
    static final String EXPORT_NAME = "[A-Za-z_@?$][A-Za-z0-9_@?$]*";

    private final String prefix;

    /** @param prefix the contract prefix, used to tell extra prefixed exports from others */
    public ExportListParser(String prefix) {
        this.prefix = prefix;
    }

    /**
     * Parses {@code file}.
     *
     * @throws ContractException naming the file and line of a bad or repeated name, an empty list, a
     *                           file that is too large or not text
     * @throws IOException       when the file cannot be read
     */
    public AbiContract.NamedContract parse(Path file) throws IOException, ContractException {
        String text = ContractFile.read(file, "an export list (one name per line)");
        List<String> lines = List.of(text.split("\r\n|\r|\n", -1));
        List<String> stripped = new ArrayList<>();
        for (String l : lines) {
            int hash = l.indexOf('#');
            stripped.add((hash >= 0 ? l.substring(0, hash) : l).strip());
        }
        return parse(file.toString(), stripped);
    }

    /** Parses {@code names} (blank entries ignored), naming the list {@code source} in messages. */
    public AbiContract.NamedContract parse(String source, List<String> names) throws ContractException {
        List<String> required = new ArrayList<>();
        List<String> optional = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i) == null ? "" : names.get(i).strip();
            if (n.isEmpty()) {
                continue;
            }
            boolean opt = n.endsWith("?");
            String name = opt ? n.substring(0, n.length() - 1).strip() : n;
            if (!name.matches(EXPORT_NAME)) {
                throw new ContractException(source + ":" + (i + 1) + ": '" + n
                        + "' is not an export name (a C identifier, or a decorated name such as _JNI_OnLoad@8,"
                        + " @f@8 or ?f@@YAXXZ; optionally followed by ? for an optional name)");
            }
            if (!seen.add(name)) {
                throw new ContractException(source + ":" + (i + 1) + ": " + name + " is listed twice");
            }
            (opt ? optional : required).add(name);
        }
        if (seen.isEmpty()) {
            throw new ContractException(source + ": the export list is empty");
        }
        return new AbiContract.NamedContract(prefix, required, optional,
                source + " (" + required.size() + " required + " + optional.size() + " optional)");
    }
}
