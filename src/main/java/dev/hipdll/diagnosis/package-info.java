/**
 * The root cause of a failed build: compiler and linker diagnostics, signals, disk space and resource failures
 * classified into one {@link dev.hipdll.diagnosis.Diagnosis} that names the first cause, not the last line.
 * <p>May use: nothing else of the plugin.
 */
package dev.hipdll.diagnosis;
