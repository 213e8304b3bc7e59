/**
 * The compile steps of a build: the plan of steps per unit and gfx target
 * ({@link dev.hipdll.compile.StepPlanner}), hipcc's and clang's arguments ({@link dev.hipdll.compile.HipccFlags},
 * {@link dev.hipdll.compile.Driver}), the compiler launcher (ccache, sccache), response files, the compilation
 * database and the flags that make the bytes reproducible.
 * <p>May use: {@code environment}, {@code gfx}, {@code graph}, {@code host}, {@code io}, {@code msvc},
 * {@code parameter}, {@code process}, {@code sdk}.
 */
package dev.hipdll.compile;
