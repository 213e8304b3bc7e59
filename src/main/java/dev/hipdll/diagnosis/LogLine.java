package dev.hipdll.diagnosis;

/**
 * One line of a compiler log.
 *
 * @param number 1-based line number in the captured output
 * @param text   the line, without its line terminator
 */
public record LogLine(int number, String text) {
    @Override
    public String toString() {
        return "line " + number + ": " + text.strip();
    }
}
