package dev.hipdll.contract;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Conditional inclusion (C11 6.10.1), the part of translation phase 4 a contract reader needs:
 * which groups of an {@code #if}/{@code #ifdef}/{@code #ifndef} ... {@code #elif}/{@code #else} ...
 * {@code #endif} nest are processed. A group is skipped when its condition is false
 * ({@link IfCondition}), when an earlier branch of the same conditional was true, or when it lies
 * inside a skipped group; so {@code #if 0 ... #else ... #endif} processes the {@code #else} group,
 * an {@code #if 0} nested in an {@code #if 0} stays skipped up to its own {@code #endif}, and an
 * {@code #if 0} inside {@code #ifdef X} is skipped while the rest of the {@code #ifdef X} group is
 * not. A group whose condition is unknown is processed: a name in it may be needed.
 *
 * <p>C23's {@code #elifdef}/{@code #elifndef} are {@code #elif} with an unknown condition.
 * Structure errors the compiler would reject are errors here too, naming the directive: an
 * {@code #elif}/{@code #else}/{@code #endif} with no open {@code #if}, an {@code #elif} or
 * {@code #else} after {@code #else}, an {@code #if} not closed at the end of the file, and
 * nesting deeper than {@value #MAX_DEPTH} levels.
 */
final class ConditionalStack {
    /** The deepest nest of conditionals read. */
    static final int MAX_DEPTH = 256;

    /**
     * Which branch of which conditional a token lies in, outermost last: two uses whose paths hold
     * the same conditional with different branches can never both be compiled.
     *
     * @param conditional the conditional, numbered in source order
     * @param branch      its branch: 0 the {@code #if} group, 1 the first {@code #elif}/{@code #else}, ...
     * @param outer       the enclosing branch, or null at file level
     * @param depth       how many conditionals enclose this one
     */
    record Branch(int conditional, int branch, Branch outer, int depth) {
        /**
         * Whether code in this branch and code in {@code other} can never both be compiled: below the
         * innermost branch both lie in, they lie in different branches of one conditional. Paths
         * share their enclosing {@code Branch} objects, so this takes one walk up, O(depth).
         */
        boolean exclusiveWith(Branch other) {
            Branch a = this;
            Branch b = other;
            while (a != null && b != null && a.depth > b.depth) {
                a = a.outer;
            }
            while (a != null && b != null && b.depth > a.depth) {
                b = b.outer;
            }
            if (a == b) {
                return false; // one lies inside the other
            }
            // one of them may still be inside the other: lift the deeper side until the outers meet
            while (a != null && b != null && a.outer != b.outer) {
                a = a.outer;
                b = b.outer;
            }
            return a != null && b != null && a != b && a.conditional == b.conditional && a.branch != b.branch;
        }
    }

    private static final class Group {
        final int conditional;
        final int opened;
        final boolean outerLive;
        final Branch outer;
        int branch;
        boolean live;
        boolean taken;
        boolean elseSeen;

        Group(int conditional, int opened, boolean outerLive, Branch outer) {
            this.conditional = conditional;
            this.opened = opened;
            this.outerLive = outerLive;
            this.outer = outer;
        }
    }

    private final SourceText src;
    private final String source;
    private final Deque<Group> groups = new ArrayDeque<>();
    private int conditionals;
    private Branch branch;

    /** @param source names the file in messages */
    ConditionalStack(SourceText src, String source) {
        this.src = src;
        this.source = source;
    }

    /** Whether the current group is processed. */
    boolean live() {
        return groups.isEmpty() || groups.peek().live;
    }

    /** The branch the current group lies in (null at file level). */
    Branch branch() {
        return branch;
    }

    /** {@code #if}, {@code #ifdef}, {@code #ifndef} at {@code offset}, with its condition. */
    void open(int offset, IfCondition condition) throws ContractException {
        if (groups.size() >= MAX_DEPTH) {
            throw new ContractException(src.position(offset).in(source) + ": conditionals nested deeper than "
                    + MAX_DEPTH + " levels; expected a loader source");
        }
        boolean outerLive = live();
        Group g = new Group(conditionals++, offset, outerLive, branch);
        g.live = outerLive && condition != IfCondition.FALSE;
        g.taken = condition == IfCondition.TRUE;
        groups.push(g);
        branch = new Branch(g.conditional, 0, g.outer, groups.size() - 1);
    }

    /** {@code #elif} (or {@code #elifdef}) at {@code offset}; {@code condition} is asked only when needed. */
    void elif(int offset, java.util.function.Supplier<IfCondition> condition) throws ContractException {
        Group g = current(offset, "#elif");
        if (g.elseSeen) {
            throw new ContractException(src.position(offset).in(source) + ": #elif after #else; expected #endif");
        }
        IfCondition c = g.outerLive && !g.taken ? condition.get() : IfCondition.FALSE;
        g.live = g.outerLive && !g.taken && c != IfCondition.FALSE;
        g.taken |= c == IfCondition.TRUE;
        branch = new Branch(g.conditional, ++g.branch, g.outer, groups.size() - 1);
    }

    /** {@code #else} at {@code offset}. */
    void otherwise(int offset) throws ContractException {
        Group g = current(offset, "#else");
        if (g.elseSeen) {
            throw new ContractException(src.position(offset).in(source) + ": #else after #else; expected #endif");
        }
        g.elseSeen = true;
        g.live = g.outerLive && !g.taken;
        branch = new Branch(g.conditional, ++g.branch, g.outer, groups.size() - 1);
    }

    /** {@code #endif} at {@code offset}. */
    void close(int offset) throws ContractException {
        Group g = current(offset, "#endif");
        groups.pop();
        branch = g.outer;
    }

    /** At the end of the file: every conditional must be closed. */
    void end() throws ContractException {
        if (!groups.isEmpty()) {
            throw new ContractException(src.position(groups.peek().opened).in(source)
                    + ": #if without #endif; expected #endif before the end of the file");
        }
    }

    private Group current(int offset, String directive) throws ContractException {
        if (groups.isEmpty()) {
            throw new ContractException(src.position(offset).in(source) + ": " + directive
                    + " without #if; expected a preceding #if, #ifdef or #ifndef");
        }
        return groups.peek();
    }
}
