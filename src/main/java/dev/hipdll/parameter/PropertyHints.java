package dev.hipdll.parameter;

/**
 * {@link ParameterHints} that spell a parameter as its property behind a prefix: with {@code -D}, Maven's
 * {@code -Dhip.sdkRoot=<dir>} and {@code -Dhip.sdkRoot}.
 *
 * @param prefix what comes before the property, {@code -D}; never {@code null}
 */
public record PropertyHints(String prefix) implements ParameterHints {

    public PropertyHints {
        java.util.Objects.requireNonNull(prefix, "prefix");
    }

    @Override
    public String set(String property, String example) {
        return prefix + property + "=" + example;
    }

    @Override
    public String name(String property) {
        return prefix + property;
    }
}
