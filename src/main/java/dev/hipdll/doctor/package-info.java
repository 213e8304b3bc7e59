/**
 * {@code hipdll:doctor}: one screen about a machine's HIP setup (SDK components and their origin, toolsets, the
 * environment's scrub, runtime DLLs found), as findings, building nothing.
 * <p>May use: {@code digest}, {@code dllsearch}, {@code environment}, {@code findings}, {@code host}, {@code io},
 * {@code msvc}, {@code parameter}, {@code pe}, {@code process}, {@code report}, {@code sdk}.
 */
package dev.hipdll.doctor;
