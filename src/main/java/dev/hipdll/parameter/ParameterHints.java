package dev.hipdll.parameter;

/**
 * How a front end tells its user to set a parameter. The core names a parameter by its property
 * ({@code hip.sdkRoot}) and asks the hints for the words the user types: Maven's are {@code -Dhip.sdkRoot=<dir>}
 * ({@link #MAVEN}); a command line of its own may say {@code --sdk-root <dir>}. A front end chooses its hints once
 * and hands them to the core in its request ({@code DoctorRequest}, {@code SdkOverrides}, ...); every core message
 * that tells the user to set a parameter, or says where a value was given, goes through them.
 *
 * <p>Implementations are immutable values.
 */
public interface ParameterHints {

    /** Maven's wording: a user property on the command line ({@code -Dhip.sdkRoot=<dir>}). */
    ParameterHints MAVEN = new PropertyHints("-D");

    /**
     * The words that set a parameter.
     *
     * @param property the parameter's property, {@code hip.sdkRoot}
     * @param example  an example value or a placeholder in angle brackets, {@code <dir>}, {@code true}
     * @return what the user types, e.g. {@code -Dhip.sdkRoot=<dir>}
     */
    String set(String property, String example);

    /**
     * The parameter as the user names it, without a value ({@code -Dhip.vsInstallDir}): in "set ..." when the
     * value is said in words, and as where a value came from.
     *
     * @param property the parameter's property, {@code hip.vsInstallDir}
     */
    String name(String property);
}
