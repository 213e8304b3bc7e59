package dev.hipdll.maven;

import dev.hipdll.parameter.StrictBoolean;
import org.codehaus.plexus.component.configurator.ComponentConfigurationException;
import org.codehaus.plexus.component.configurator.converters.basic.AbstractBasicConverter;

/**
 * Converts {@code boolean}/{@code Boolean} parameters for {@link HipdllConfigurator}: only {@code true}
 * or {@code false} ({@link StrictBoolean}); Maven's own converter reads every other word as false.
 */
final class StrictBooleanConverter extends AbstractBasicConverter {
    @Override
    public boolean canConvert(Class<?> type) {
        return type == boolean.class || type == Boolean.class;
    }

    @Override
    protected Object fromString(String text) throws ComponentConfigurationException {
        try {
            return StrictBoolean.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ComponentConfigurationException(e.getMessage());
        }
    }
}
