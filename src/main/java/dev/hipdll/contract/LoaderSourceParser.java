package dev.hipdll.contract;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an ABI contract from a host loader source such as {@code backend_loader.c}: every
 * {@code RESOLVE(name, type)} use is a required entry point and every
 * {@code RESOLVE_OPT(name, type)} an optional one; the exported name is prefix + name. Comments,
 * string and character literals, {@code #define} lines (the macros' own definitions) and
 * {@code #if 0} blocks (up to the matching {@code #else}/{@code #elif}/{@code #endif}) are ignored.
 */
public final class LoaderSourceParser {
    private static final Pattern USE = Pattern.compile("\\b(RESOLVE|RESOLVE_OPT)\\s*\\(\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*[,)]");
    private static final Pattern ANY_USE = Pattern.compile("\\b(RESOLVE|RESOLVE_OPT)\\s*\\(");

    private final String prefix;

    /** @param prefix the export-name prefix, e.g. {@code coli_cuda_} */
    public LoaderSourceParser(String prefix) {
        this.prefix = prefix;
    }

    /**
     * Parses {@code file}.
     *
     * @throws ContractException when a RESOLVE use has no identifier as its first argument, a name
     *                           is resolved twice, or the file has no RESOLVE use at all
     * @throws IOException       when the file cannot be read
     */
    public AbiContract.NamedContract parse(Path file) throws IOException, ContractException {
        return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
    }

    /** Parses {@code text}, naming it {@code source} in messages. */
    public AbiContract.NamedContract parse(String source, String text) throws ContractException {
        String code = CSourceScrubber.scrub(text);
        Map<String, Boolean> names = new LinkedHashMap<>();
        String[] lines = code.split("\n", -1);
        boolean inDirective = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (inDirective || line.stripLeading().startsWith("#")) {
                // a preprocessor line, continued by a trailing backslash (e.g. #define RESOLVE(...) \)
                inDirective = line.stripTrailing().endsWith("\\");
                continue;
            }
            Matcher any = ANY_USE.matcher(line);
            while (any.find()) {
                Matcher m = USE.matcher(line);
                if (!m.find(any.start()) || m.start() != any.start()) {
                    throw new ContractException(source + ":" + (i + 1) + ": " + any.group(1)
                            + "( must name an entry point as its first argument, e.g. RESOLVE(init, init_fn)");
                }
                String name = prefix + m.group(2);
                boolean required = m.group(1).equals("RESOLVE");
                if (names.containsKey(name)) {
                    throw new ContractException(source + ":" + (i + 1) + ": " + name + " is resolved twice");
                }
                names.put(name, required);
            }
        }
        if (names.isEmpty()) {
            throw new ContractException(source + ": no RESOLVE(name, type) or RESOLVE_OPT(name, type) line found;"
                    + " expected a host loader source such as backend_loader.c");
        }
        List<String> required = new ArrayList<>();
        List<String> optional = new ArrayList<>();
        names.forEach((n, r) -> (r ? required : optional).add(n));
        return new AbiContract.NamedContract(prefix, required, optional,
                source + " (" + required.size() + " RESOLVE + " + optional.size() + " RESOLVE_OPT)");
    }
}
