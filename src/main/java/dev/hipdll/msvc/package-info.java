/**
 * The MSVC toolset (pinned by {@code VCToolsVersion}) and the Windows SDK: where they are and the environment a
 * compile needs from them.
 * <p>May use: {@code environment}, {@code host}, {@code parameter}, {@code process}, {@code sdk}.
 */
package dev.hipdll.msvc;
