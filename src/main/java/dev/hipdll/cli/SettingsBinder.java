package dev.hipdll.cli;

import dev.hipdll.parameter.DurationValue;
import dev.hipdll.parameter.StrictBoolean;
import dev.hipdll.parameter.WholeNumber;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Sets a {@code -D} value on a goal's settings object ({@link dev.hipdll.goal.VerifySettings}, ...) through the
 * setter named as the parameter, converting the text as the Maven goal's converters do: booleans strictly
 * ({@code true}/{@code false}), whole numbers in the type's range, durations ({@code 60}, {@code 90s}, {@code 2m}),
 * paths (relative to the current directory, never empty), lists split at commas. A value the setter cannot take
 * is a {@link UsageException} worded as the goal words it ({@code hip.maxBundleMiB: 'ten' is not a whole number}).
 */
public final class SettingsBinder {
    private final Path currentDirectory;

    /** @param currentDirectory what relative paths are relative to */
    public SettingsBinder(Path currentDirectory) {
        this.currentDirectory = currentDirectory;
    }

    /** The setter of {@code settings} for {@code parameter}, if it has one. */
    public static Optional<Method> setter(Class<?> settings, String parameter) {
        for (Method m : settings.getMethods()) {
            if (m.getName().equals(parameter) && m.getParameterCount() == 1 && m.getReturnType() == settings) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /**
     * Converts {@code text} and sets it.
     *
     * @throws UsageException naming the property when the text is not a value of the parameter's type
     */
    public void bind(Object settings, GoalParameter parameter, String text) throws UsageException {
        Optional<Method> setter = setter(settings.getClass(), parameter.name());
        if (setter.isEmpty()) {
            throw new UsageException(parameter.property() + " has no meaning outside Maven");
        }
        Method m = setter.get();
        Object value;
        try {
            value = convert(m.getGenericParameterTypes()[0], text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(parameter.property() + ": " + e.getMessage());
        }
        try {
            m.invoke(settings, value);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot set " + parameter.name() + " on " + settings.getClass(), e);
        }
    }

    private Object convert(Type type, String text) {
        if (type == String.class) {
            return text;
        }
        if (type == boolean.class || type == Boolean.class) {
            return StrictBoolean.parse(text);
        }
        if (type == int.class || type == Integer.class) {
            return (int) WholeNumber.parse(text, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
        if (type == long.class || type == Long.class) {
            return WholeNumber.parse(text, Long.MIN_VALUE, Long.MAX_VALUE);
        }
        if (type == Duration.class) {
            return DurationValue.parse(text);
        }
        if (type == Path.class) {
            return path(text);
        }
        if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            Type element = p.getActualTypeArguments()[0];
            List<Object> out = new ArrayList<>();
            for (String item : text.split(",", -1)) {
                if (!item.isBlank()) {
                    out.add(element == Path.class ? path(item.strip()) : item.strip());
                }
            }
            return out;
        }
        throw new IllegalArgumentException("no conversion to " + type.getTypeName());
    }

    private Path path(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("'" + (text == null ? "" : text) + "' is an empty path: give a path, or"
                    + " leave the property out");
        }
        try {
            return currentDirectory.resolve(text);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("'" + text + "' is no path: " + e.getMessage());
        }
    }
}
