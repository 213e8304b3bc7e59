package dev.hipdll.maven;

import dev.hipdll.parameter.DurationValue;
import java.time.Duration;
import org.codehaus.plexus.component.configurator.ComponentConfigurationException;
import org.codehaus.plexus.component.configurator.converters.basic.AbstractBasicConverter;

/**
 * Converts {@link Duration} parameters for {@link HipdllConfigurator}: {@code 3600}, {@code 90s},
 * {@code 10m}, {@code 1h} ({@link DurationValue}).
 */
final class DurationConverter extends AbstractBasicConverter {
    @Override
    public boolean canConvert(Class<?> type) {
        return type == Duration.class;
    }

    @Override
    protected Object fromString(String text) throws ComponentConfigurationException {
        try {
            return DurationValue.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ComponentConfigurationException(e.getMessage());
        }
    }
}
