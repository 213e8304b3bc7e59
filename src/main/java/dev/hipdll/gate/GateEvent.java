package dev.hipdll.gate;

/**
 * A message the gate leaves for the front end to log (the build stamp written, a stamp it could not update).
 *
 * @param level how the front end logs it
 * @param text  one line
 */
public record GateEvent(Level level, String text) {
    /** How a message is logged. */
    public enum Level {
        DEBUG, INFO, WARN
    }

    /** An {@link Level#INFO} message. */
    public static GateEvent info(String text) {
        return new GateEvent(Level.INFO, text);
    }

    /** A {@link Level#WARN} message. */
    public static GateEvent warn(String text) {
        return new GateEvent(Level.WARN, text);
    }
}
