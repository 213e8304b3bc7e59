package dev.hipdll.maven;

import dev.hipdll.parameter.WholeNumber;
import org.codehaus.plexus.component.configurator.ComponentConfigurationException;
import org.codehaus.plexus.component.configurator.converters.basic.AbstractBasicConverter;

/**
 * Converts {@code int}/{@code Integer} ({@link #ints()}) or {@code long}/{@code Long} ({@link #longs()})
 * parameters for {@link HipdllConfigurator} ({@link WholeNumber}): blanks around the digits are ignored,
 * and a number too large for the type is "out of range (at most 2147483647)", not "not a whole number".
 */
final class WholeNumberConverter extends AbstractBasicConverter {
    private final boolean longs;

    private WholeNumberConverter(boolean longs) {
        this.longs = longs;
    }

    /** The converter of {@code int} and {@code Integer}. */
    static WholeNumberConverter ints() {
        return new WholeNumberConverter(false);
    }

    /** The converter of {@code long} and {@code Long}. */
    static WholeNumberConverter longs() {
        return new WholeNumberConverter(true);
    }

    @Override
    public boolean canConvert(Class<?> type) {
        return longs ? type == long.class || type == Long.class : type == int.class || type == Integer.class;
    }

    @Override
    protected Object fromString(String text) throws ComponentConfigurationException {
        try {
            return longs ? (Object) WholeNumber.parse(text, Long.MIN_VALUE, Long.MAX_VALUE)
                    : (Object) (int) WholeNumber.parse(text, Integer.MIN_VALUE, Integer.MAX_VALUE);
        } catch (IllegalArgumentException e) {
            throw new ComponentConfigurationException(e.getMessage());
        }
    }
}
