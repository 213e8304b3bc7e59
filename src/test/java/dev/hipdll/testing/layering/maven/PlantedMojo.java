package dev.hipdll.testing.layering.maven;

/** LayeringTest's planted front end. */
public final class PlantedMojo {
    private PlantedMojo() {
    }

    /** A name the planted core class reads. */
    public static String goal() {
        return "build";
    }
}
