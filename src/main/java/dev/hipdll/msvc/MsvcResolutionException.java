package dev.hipdll.msvc;

/** The MSVC toolset or the Windows SDK cannot be pinned; the message lists what is installed and the property to set. */
public final class MsvcResolutionException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message what is missing, what exists, which property chooses it */
    public MsvcResolutionException(String message) {
        super(message);
    }
}
