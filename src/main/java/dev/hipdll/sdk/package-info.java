/**
 * HIP SDK resolution: every component from {@code HIP_SDK_ROOT}, each with its own override and recorded origin,
 * the toolchain, the SDK's libraries, the processors its clang knows and the variables that point hipcc at it.
 * <p>May use: {@code gfx}, {@code host}, {@code io}, {@code parameter}, {@code pe}, {@code process}.
 */
package dev.hipdll.sdk;
