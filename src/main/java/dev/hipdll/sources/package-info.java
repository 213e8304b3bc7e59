/**
 * Finding a project's sources: directory walks with include and exclude patterns.
 * <p>May use: {@code io}.
 */
package dev.hipdll.sources;
