/**
 * gfx target IDs (a processor and its target features, clang's "AMDGPU" documentation: target ID syntax), the
 * processors the plugin knows, generic targets and the order people sort processors in.
 * <p>May use: {@code parameter}.
 */
package dev.hipdll.gfx;
