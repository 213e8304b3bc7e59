/**
 * A parallel graph of steps: nodes, the job budget, the critical path, the listener and each step's outcome. It
 * knows nothing of compilers.
 * <p>May use: nothing else of the plugin.
 */
package dev.hipdll.graph;
