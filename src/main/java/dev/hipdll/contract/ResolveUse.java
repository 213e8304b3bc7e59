package dev.hipdll.contract;

import java.util.List;

/**
 * One invocation of {@code RESOLVE(...)} or {@code RESOLVE_OPT(...)} in a processed group of a
 * loader source, its arguments split at the commas outside parentheses (C11 6.10.3 p11): white
 * space, new-lines and comments between the tokens do not matter, so an invocation may spread
 * over several lines.
 *
 * @param macro     {@code RESOLVE} or {@code RESOLVE_OPT}
 * @param arguments the argument token lists, at least one (possibly empty)
 * @param offset    the physical offset of the macro name
 * @param open      the physical offset of the {@code (}
 * @param branch    the conditional branch it lies in, or null at file level
 */
record ResolveUse(String macro, List<List<PpToken>> arguments, int offset, int open, ConditionalStack.Branch branch) {
    ResolveUse {
        arguments = arguments.stream().map(List::copyOf).toList();
    }

    /** Whether it is a required entry point ({@code RESOLVE}), not an optional one. */
    boolean required() {
        return macro.equals(LoaderScan.RESOLVE);
    }

    /** The first argument's spelling, tokens joined as written (a space where there was white space). */
    String firstArgumentText() {
        StringBuilder s = new StringBuilder();
        for (PpToken t : arguments.get(0)) {
            if (t.spaceBefore() && s.length() > 0) {
                s.append(' ');
            }
            s.append(t.text());
        }
        return s.toString();
    }
}
