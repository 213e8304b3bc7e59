/**
 * Running processes: bounded output, process trees stopped as a whole, Windows job objects, Windows argument
 * quoting and the marker of a running build.
 * <p>May use: {@code host}, {@code io}.
 */
package dev.hipdll.process;
