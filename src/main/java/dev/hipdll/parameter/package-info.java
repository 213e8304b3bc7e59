/**
 * Parameter values and words shared by the front ends: durations, whole numbers, strict booleans, unknown names
 * and the closest known name ("did you mean"), and how a front end words "set this parameter"
 * ({@link dev.hipdll.parameter.ParameterHints}).
 * <p>May use: nothing else of the plugin.
 */
package dev.hipdll.parameter;
