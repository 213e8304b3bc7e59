/**
 * The reports of a list of findings: the table for people, {@code verify.json}, the JUnit XML and the load-check
 * reports.
 * <p>May use: {@code findings}, {@code io}, {@code loadcheck}, {@code release}, {@code verify}.
 */
package dev.hipdll.report;
