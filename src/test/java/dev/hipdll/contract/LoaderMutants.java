package dev.hipdll.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Randomized edits of the example's {@code backend_loader.c}, one mutant per seed, in the ways a loader
 * author with ordinary C habits writes them: uses grouped into X-macro lists (invoked with a wrapper or with
 * {@code RESOLVE} itself), {@code RESOLVE} passed to a macro as an argument ({@code EACH(RESOLVE)},
 * {@code CALL(RESOLVE, name, type)}, {@code APPLY(RESOLVE)(name, type)}, a macro that drops it), wrappers
 * (shorthands, nested, defined before the wrapper they call, defined in two {@code #ifdef} branches),
 * aliases, object-like groups, names pasted together with {@code ##}, {@code RESOLVE_OPT} redefined as
 * {@code RESOLVE} (function-like, {@code #undef} + new definition, object-like, the {@code %:} digraph;
 * sometimes restored later), {@code RESOLVE} redefined the same, conditional groups ({@code #if 0},
 * {@code #if 1 ... #else}, {@code #ifdef}, {@code #if FLAG} with a {@code #define FLAG 0}), a name spelled
 * through an object-like macro (replaced when a wrapper passes it on, stringized as it is otherwise),
 * commented-out uses, and noise: comments between tokens, line splices (also inside names), CR LF line ends.
 *
 * <p>Each function-like definition of {@code RESOLVE}/{@code RESOLVE_OPT} carries a placeholder right after
 * its parameter list: {@link #plain} drops it (the loader as written), {@link #marked} replaces it with the
 * oracle's own marker, {@code __hipdll_oracle_req__(#name)} / {@code __hipdll_oracle_opt__(#name)}, so the
 * oracle does not depend on the code under test.
 */
final class LoaderMutants {
    static final String REQ = "__hipdll_oracle_req__";
    static final String OPT = "__hipdll_oracle_opt__";
    private static final String PLACE_REQ = "@REQ@";
    private static final String PLACE_OPT = "@OPT@";
    private static final Pattern USE = Pattern.compile("    (RESOLVE(?:_OPT)?)\\((\\w+), (\\w+)\\);");

    /** The kinds of edit {@link LoaderSourceParser} reads without failing closed. */
    private static final int[] EXPANDED = {4, 6, 8, 9, 10, 15, 16, 18};

    private final String head;
    private final String tail;
    private final List<String[]> uses = new ArrayList<>();

    /** @param example the example loader's text */
    LoaderMutants(String example) {
        int defStart = example.indexOf("#define RESOLVE(name, type)");
        int defEnd = example.indexOf("typedef int (*coli_init_fn)");
        int bodyStart = example.indexOf("    RESOLVE(init, coli_init_fn);");
        int bodyEnd = example.indexOf("    return 1;\n}", bodyStart);
        String definitions = example.substring(defStart, defEnd)
                .replace("#define RESOLVE(name, type)", "#define RESOLVE(name, type) " + PLACE_REQ)
                .replace("#define RESOLVE_OPT(name, type)", "#define RESOLVE_OPT(name, type) " + PLACE_OPT);
        head = example.substring(0, defStart) + definitions + example.substring(defEnd, bodyStart);
        tail = example.substring(bodyEnd);
        Matcher m = USE.matcher(example.substring(bodyStart, bodyEnd));
        while (m.find()) {
            uses.add(new String[] {m.group(1), m.group(2), m.group(3)});
        }
    }

    /** The loader as written. */
    static String plain(String mutant) {
        return mutant.replace(" " + PLACE_REQ, "").replace(" " + PLACE_OPT, "");
    }

    /** The loader with the oracle's markers. */
    static String marked(String mutant) {
        return mutant.replace(PLACE_REQ, REQ + "(#n)").replace(PLACE_OPT, OPT + "(#n)")
                .replace("#define RESOLVE(name, type) " + REQ + "(#n)", "#define RESOLVE(name, type) " + REQ + "(#name)")
                .replace("#define RESOLVE_OPT(name, type) " + OPT + "(#n)", "#define RESOLVE_OPT(name, type) " + OPT + "(#name)");
    }

    /** The mutant of {@code seed}, with placeholders. */
    String mutant(long seed) {
        Random r = new Random(seed);
        List<String> top = new ArrayList<>();
        List<String> body = new ArrayList<>();
        int k = 0;
        int i = 0;
        java.util.Set<Integer> edited = new java.util.HashSet<>();
        for (int e = 1 + r.nextInt(4); e > 0; e--) {
            edited.add(r.nextInt(uses.size()));
        }
        boolean expandable = r.nextInt(3) == 0; // only edits the reader expands itself
        while (i < uses.size()) {
            String[] u = uses.get(i);
            int kind = !edited.contains(i) ? 0 : expandable ? EXPANDED[r.nextInt(EXPANDED.length)] : 1 + r.nextInt(18);
            int take = Math.min(uses.size() - i, 1 + r.nextInt(3));
            List<String[]> group = uses.subList(i, i + (kind >= 1 && kind <= 4 ? take : 1));
            String id = "_" + k++;
            List<String> defs = new ArrayList<>();
            List<String> stmts = new ArrayList<>();
            switch (kind) {
                case 0 -> {
                    // as written, with noise below
                }
                case 1 -> { // X-macro list invoked with a wrapper
                    defs.add("#define LIST" + id + "(X) \\\n" + String.join(" \\\n", group.stream()
                            .map(g -> "    X(" + g[1] + ", " + g[2] + ")").toList()));
                    defs.add("#define DO" + id + "(n, t) " + group.get(0)[0] + "(n, t);");
                    stmts.add("    LIST" + id + "(DO" + id + ")");
                }
                case 2 -> { // X-macro list invoked with RESOLVE itself
                    defs.add("#define LIST" + id + "(X) " + String.join(" ", group.stream()
                            .map(g -> "X(" + g[1] + ", " + g[2] + ");").toList()));
                    stmts.add("    LIST" + id + "(" + group.get(0)[0] + ")");
                }
                case 3 -> { // EACH(RESOLVE)
                    defs.add("#define EACH" + id + "(M) " + String.join("; ", group.stream()
                            .map(g -> "M(" + g[1] + ", " + g[2] + ")").toList()));
                    stmts.add("    EACH" + id + "(" + group.get(0)[0] + ");");
                }
                case 4 -> { // object-like group
                    defs.add("#define GROUP" + id + " " + String.join("; ", group.stream()
                            .map(g -> g[0] + "(" + g[1] + ", " + g[2] + ")").toList()));
                    stmts.add("    GROUP" + id + ";");
                }
                case 5 -> { // CALL(RESOLVE, name, type)
                    defs.add("#define CALL" + id + "(m, n, t) m(n, t)");
                    stmts.add("    CALL" + id + "(" + u[0] + ", " + u[1] + ", " + u[2] + ");");
                }
                case 6 -> { // a shorthand wrapper
                    defs.add("#define REQ" + id + "(n) " + u[0] + "(n, coli_##n##_fn)");
                    stmts.add("    REQ" + id + "(" + u[1] + ");");
                }
                case 7 -> { // nested wrappers, the outer one defined first
                    defs.add("#define OUTER" + id + "(n) INNER" + id + "(n, coli_##n##_fn)");
                    defs.add("#define INNER" + id + "(n, t) " + u[0] + "(n, t)");
                    stmts.add("    OUTER" + id + "(" + u[1] + ");");
                }
                case 8 -> { // an alias
                    defs.add("#define ALIAS" + id + " " + u[0]);
                    stmts.add("    ALIAS" + id + "(" + u[1] + ", " + u[2] + ");");
                }
                case 9 -> { // conditional groups
                    String use = "    " + u[0] + "(" + u[1] + ", " + u[2] + ");";
                    switch (r.nextInt(6)) {
                        case 0 -> stmts.add("#if 0\n" + use + "\n#endif");
                        case 1 -> stmts.add("#if 1\n" + use + "\n#else\n    RESOLVE(never" + id + ", t);\n#endif");
                        case 2 -> stmts.add("#ifdef COLI_FEATURE" + id + "\n" + use + "\n#endif");
                        case 3 -> stmts.add("#ifndef COLI_FEATURE" + id + "\n" + use + "\n#else\n    "
                                + (u[0].equals("RESOLVE") ? "RESOLVE_OPT" : "RESOLVE") + "(" + u[1] + ", " + u[2] + ");\n#endif");
                        case 4 -> {
                            defs.add("#define FLAG" + id + " " + r.nextInt(2));
                            stmts.add("#if FLAG" + id + "\n" + use + "\n#endif");
                        }
                        default -> stmts.add("#if 0 && defined(X)\n    RESOLVE(never" + id + ", t);\n#elif 1\n" + use
                                + "\n#endif");
                    }
                }
                case 10 -> stmts.add(r.nextBoolean() ? "    // " + u[0] + "(" + u[1] + ", " + u[2] + ");"
                        : "    /* " + u[0] + "(" + u[1] + ", " + u[2] + "); */");
                case 11 -> { // pasted together
                    defs.add("#define CAT" + id + "(a, b) a##b");
                    String name = u[0];
                    int cut = 1 + r.nextInt(name.length() - 1);
                    stmts.add("    CAT" + id + "(" + name.substring(0, cut) + ", " + name.substring(cut) + ")(" + u[1]
                            + ", " + u[2] + ");");
                }
                case 12 -> { // APPLY(RESOLVE)(name, type)
                    defs.add("#define APPLY" + id + "(m) m");
                    stmts.add("    APPLY" + id + "(" + u[0] + ")(" + u[1] + ", " + u[2] + ");");
                }
                case 13 -> { // a macro that drops the name it is given
                    defs.add("#define DROP" + id + "(m)");
                    stmts.add("    DROP" + id + "(" + u[0] + ")");
                    stmts.add("    " + u[0] + "(" + u[1] + ", " + u[2] + ");");
                }
                case 14 -> { // a wrapper defined two ways in #ifdef branches
                    defs.add("#ifdef COLI_STRICT" + id + "\n#define W" + id + "(n, t) RESOLVE(n, t)\n#else\n#define W"
                            + id + "(n, t) " + u[0] + "(n, t)\n#endif");
                    stmts.add("    W" + id + "(" + u[1] + ", " + u[2] + ");");
                }
                case 15 -> { // the other kind
                    stmts.add("    " + (u[0].equals("RESOLVE") ? "RESOLVE_OPT" : "RESOLVE") + "(" + u[1] + ", " + u[2] + ");");
                }
                case 16 -> { // RESOLVE_OPT redefined as RESOLVE from here on, sometimes restored after this use
                    String[] spellings = {
                        "#undef RESOLVE_OPT\n#define RESOLVE_OPT(n, t) " + PLACE_OPT + " RESOLVE(n, t)",
                        "#undef RESOLVE_OPT\n#define RESOLVE_OPT RESOLVE",
                        "%:undef RESOLVE_OPT\n%:define RESOLVE_OPT(n, t) " + PLACE_OPT + " RESOLVE(n, t)",
                        "#undef RESOLVE_OPT\n# /* a comment */ define RESOLVE_OPT(n, \\\n t) " + PLACE_OPT + " RESOLVE(n, t)",
                    };
                    stmts.add(spellings[r.nextInt(spellings.length)]);
                    stmts.add("    RESOLVE_OPT(" + u[1] + ", " + u[2] + ");");
                    if (r.nextBoolean()) {
                        stmts.add("#undef RESOLVE_OPT\n#define RESOLVE_OPT(name, type) " + PLACE_OPT
                                + " b->name = (type)GetProcAddress(b->module, \"coli_cuda_\" #name)");
                    }
                }
                case 17 -> { // the name spelled through an object-like macro
                    defs.add("#define NAME" + id + " " + u[1]);
                    if (r.nextBoolean()) {
                        defs.add("#define WRAP" + id + "(n, t) " + u[0] + "(n, t)");
                        stmts.add("    WRAP" + id + "(NAME" + id + ", " + u[2] + ");"); // replaced before RESOLVE
                    } else {
                        stmts.add("    " + u[0] + "(NAME" + id + ", " + u[2] + ");"); // stringized as NAME_k
                    }
                }
                default -> { // RESOLVE defined anew, the same way, then used
                    stmts.add("#undef RESOLVE\n#define RESOLVE(name, type) " + PLACE_REQ + " do { b->name = (type)"
                            + "GetProcAddress(b->module, \"coli_cuda_\" #name); if (!b->name) { return 0; } } while (0)");
                    stmts.add("    " + u[0] + "(" + u[1] + ", " + u[2] + ");");
                }
            }
            int where = r.nextInt(10);
            if (where < 4) {
                top.addAll(defs);
                body.addAll(stmts);
            } else if (where < 9) {
                body.addAll(defs);
                body.addAll(stmts);
            } else {
                body.addAll(stmts);   // defined after the use: nothing expands there
                body.addAll(defs);
            }
            i += group.size();
            if (kind == 0) {
                body.add(noise("    " + u[0] + "(" + u[1] + ", " + u[2] + ");", r));
            }
        }
        String text = head.replace("/* Returns 1 when", String.join("\n", top) + "\n\n/* Returns 1 when")
                + String.join("\n", body) + "\n" + tail;
        return r.nextInt(4) == 0 ? text.replace("\n", "\r\n") : text;
    }

    /** A use with comments between tokens and line splices, each now and then. */
    private static String noise(String use, Random r) {
        String s = use;
        if (r.nextInt(3) == 0) {
            s = s.replace("(", r.nextBoolean() ? " /* name: */ (" : "(\n        ").replace(", ", ", /* type */ ");
        }
        if (r.nextInt(3) == 0) {
            int at = 5 + r.nextInt(Math.max(1, s.length() - 6));
            s = s.substring(0, at) + "\\\n" + s.substring(at);
        }
        return s;
    }
}
