package dev.hipdll.testing.layering.compile;

import dev.hipdll.testing.layering.maven.PlantedMojo;

/** LayeringTest's planted offender: a core class that imports the front end. */
public final class PlantedMojoUser {
    private PlantedMojoUser() {
    }

    /** Reads the mojo: the forbidden edge. */
    public static String goal() {
        return PlantedMojo.goal();
    }
}
