package dev.hipdll.testing.layering.sdk;

import org.apache.maven.plugin.logging.Log;

/** LayeringTest's planted offender: a core class that uses Maven. */
public final class PlantedMavenUser {
    private PlantedMavenUser() {
    }

    /** Logs through Maven: the forbidden edge. */
    public static void resolve(Log log) {
        log.info("resolved");
    }
}
