package dev.hipdll.testing.layering.sdk;

import net.jsign.DigestAlgorithm;

/** LayeringTest's planted offender: a class outside the signing package that uses jsign. */
public final class PlantedJsignUser {
    private PlantedJsignUser() {
    }

    /** Names a jsign digest: the forbidden edge. */
    public static String digest() {
        return DigestAlgorithm.SHA256.id;
    }
}
