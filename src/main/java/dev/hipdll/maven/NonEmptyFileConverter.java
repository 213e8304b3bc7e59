package dev.hipdll.maven;

import org.codehaus.plexus.component.configurator.ComponentConfigurationException;
import org.codehaus.plexus.component.configurator.converters.basic.FileConverter;

/**
 * Converts {@code File} parameters for {@link HipdllConfigurator} as Maven does (relative to the project
 * directory), except that an empty or blank value is refused: Maven turns {@code -Dhip.outputDirectory=}
 * into the project directory itself, so an empty {@code hip.sdkRoot} searched the project for hipcc and an
 * empty {@code hip.dll} verified a directory (a newcomer's test).
 */
final class NonEmptyFileConverter extends FileConverter {
    @Override
    public Object fromString(String text) throws ComponentConfigurationException {
        if (text == null || text.isBlank()) {
            throw new ComponentConfigurationException("'" + (text == null ? "" : text) + "' is an empty path: give a path,"
                    + " or leave the property out");
        }
        return super.fromString(text);
    }
}
