package dev.hipdll.provenance;

/** A provenance document could not be read; the message names the file and what was wrong. */
public final class ProvenanceException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message the explanation, naming the file */
    public ProvenanceException(String message) {
        super(message);
    }
}
