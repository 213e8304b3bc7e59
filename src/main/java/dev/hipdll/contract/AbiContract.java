package dev.hipdll.contract;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The ABI a backend DLL must export: either just how many names with the prefix
 * ({@link CountContract}, the default: 48) or the names themselves, required and optional
 * ({@link NamedContract}, read from the host's loader source or a list).
 */
public sealed interface AbiContract permits AbiContract.CountContract, AbiContract.NamedContract {
    /** The export-name prefix every contract name carries, e.g. {@code coli_cuda_}. */
    String prefix();

    /** Where the contract came from, for reports (e.g. {@code hip.expectedExports=48}). */
    String origin();

    /** The number of names with the prefix the DLL must export. */
    int expectedCount();

    /**
     * A contract that only fixes the number of prefixed exports.
     *
     * @param prefix        the name prefix
     * @param expectedCount how many prefixed names must be exported, at least 0
     * @param origin        where the number came from
     */
    record CountContract(String prefix, int expectedCount, String origin) implements AbiContract {
        public CountContract {
            if (expectedCount < 0) {
                throw new IllegalArgumentException("expected export count must be >= 0, was " + expectedCount);
            }
        }
    }

    /**
     * A contract that names every entry point.
     *
     * @param prefix   the name prefix; every name below includes it
     * @param required the names the host needs (missing one turns the GPU tier off), source order
     * @param optional the names the host can do without, source order
     * @param origin   where the names came from (a file and its use counts, or a list)
     * @param loaderPrefix the prefix the loader source's {@code RESOLVE} macro spells, when it spells one
     * @param origins  where in the loader source each name is resolved ({@code file:line[:column]}: for a
     *                 name reached through macros, the line of the outermost macro invocation), for messages;
     *                 names from a list have none
     */
    record NamedContract(String prefix, List<String> required, List<String> optional, String origin,
                         java.util.Optional<LoaderPrefix> loaderPrefix, java.util.Map<String, String> origins)
            implements AbiContract {
        /** A contract whose prefix is not spelled by a loader source. */
        public NamedContract(String prefix, List<String> required, List<String> optional, String origin) {
            this(prefix, required, optional, origin, java.util.Optional.empty());
        }

        /** A contract without the names' places. */
        public NamedContract(String prefix, List<String> required, List<String> optional, String origin,
                             java.util.Optional<LoaderPrefix> loaderPrefix) {
            this(prefix, required, optional, origin, loaderPrefix, java.util.Map.of());
        }

        /** The name with where it is resolved, when known: {@code coli_cuda_init (backend_loader.c:142)}. */
        public String located(String name) {
            String at = origins.get(name);
            return at == null ? name : name + " (" + at + ")";
        }

        /** @throws IllegalArgumentException when a name is listed twice (in one list or in both) */
        public NamedContract {
            required = List.copyOf(required);
            optional = List.copyOf(optional);
            origins = java.util.Map.copyOf(origins);
            Set<String> seen = new LinkedHashSet<>();
            for (String n : required) {
                if (!seen.add(n)) {
                    throw new IllegalArgumentException("contract name listed twice: " + n);
                }
            }
            for (String n : optional) {
                if (!seen.add(n)) {
                    throw new IllegalArgumentException("contract name listed twice: " + n);
                }
            }
        }

        @Override
        public int expectedCount() {
            return required.size() + optional.size();
        }

        /** Every contract name, required first. */
        public Set<String> all() {
            LinkedHashSet<String> s = new LinkedHashSet<>(required);
            s.addAll(optional);
            return s;
        }
    }

    /**
     * The prefix a loader source's {@code RESOLVE} macro prepends, as spelled there
     * ({@code GetProcAddress(m, "vecops_" #name)}, or a {@code #define} of the literal).
     *
     * @param prefix     the literal's text, e.g. {@code vecops_}
     * @param where      {@code file:line:column} of the literal (or of the {@code #define} of it)
     * @param configured an explicit {@code hip.exportPrefix} that disagrees with it, else empty
     */
    record LoaderPrefix(String prefix, String where, java.util.Optional<String> configured) {
        /** Whether an explicit prefix disagrees with the loader's. */
        public boolean disagrees() {
            return configured.isPresent();
        }
    }
}
