package it;

/** The Java side of a project that also ships a HIP backend DLL. */
public final class Backend {
    private Backend() {
    }

    /** The DLL's file name. */
    public static String dllName() {
        return "coli_hip.dll";
    }
}
