/**
 * {@code hipdll:load-check}: loading the DLL as its host does (a small C loader program, natively or under Wine)
 * and turning what the loader reports into findings.
 * <p>May use: {@code bundle}, {@code bytes}, {@code contract}, {@code dllsearch}, {@code digest}, {@code environment},
 * {@code findings}, {@code host}, {@code io}, {@code msvc}, {@code parameter}, {@code pe}, {@code process}.
 */
package dev.hipdll.loadcheck;
