package dev.hipdll.incremental;

/**
 * Who vouches for a step record as read ({@link RecordSeal#check}): this machine (a valid HMAC under its
 * {@link dev.hipdll.trust.MachineKey}), a trusted key (a DSSE signature over the record's bytes), or no one.
 *
 * @param kind   which of the three
 * @param detail for {@link Kind#SIGNED} the signer; for {@link Kind#UNBOUND} why neither holds, one line that follows
 *               "its record " in the step's run reason ("was not written on this machine (no binding); ..."); empty
 *               otherwise
 */
public record RecordBinding(Kind kind, String detail) {
    /** The three answers. */
    public enum Kind {
        /** Written by a build of this user on this machine: its HMAC verifies. */
        WRITTEN_HERE,
        /** Not bound here, but signed by a trusted key ({@code hip.attestation.trustedKeys}). */
        SIGNED,
        /** Neither: the record came from elsewhere (a build cache, a copied {@code target/}) or was rewritten. */
        UNBOUND
    }

    /** Written here. */
    public static RecordBinding here() {
        return new RecordBinding(Kind.WRITTEN_HERE, "");
    }

    /** Whether a build may take the record as it takes its own. */
    public boolean vouched() {
        return kind != Kind.UNBOUND;
    }
}
