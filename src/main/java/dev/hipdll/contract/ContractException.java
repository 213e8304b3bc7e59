package dev.hipdll.contract;

/** A contract source (loader source or name list) that cannot be read as a contract. */
public final class ContractException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message names the file, the line and what was expected */
    public ContractException(String message) {
        super(message);
    }
}
