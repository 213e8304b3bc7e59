package dev.hipdll.sdk;

/** A HIP SDK component that cannot be resolved; the message lists every path tried and the property that overrides it. */
public final class SdkResolutionException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message what is missing, where it was looked for, how to set it */
    public SdkResolutionException(String message) {
        super(message);
    }
}
