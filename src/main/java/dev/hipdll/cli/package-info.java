/**
 * The command line: {@code java -jar hipdll-maven-plugin-<version>-cli.jar verify <dll | directory | .zip>
 * [-Dhip.<name>=<value> ...]} and {@code doctor}, a second front end on the same core as the Maven goals. The
 * parameters, their defaults and descriptions are read from the plugin descriptor the goals' own help and site come
 * from ({@code META-INF/maven/plugin.xml}), bound by name to the same settings the mojos fill
 * ({@link dev.hipdll.goal.VerifySettings}), checked by the same core with the same messages. Exit codes: 0 verified,
 * 1 rejected, 2 a usage or configuration error.
 * <p>May use: {@code doctor}, {@code findings}, {@code gate}, {@code goal}, {@code host}, {@code io}, {@code parameter},
 * {@code process}, {@code report}, {@code sdk}, {@code verify}.
 */
package dev.hipdll.cli;
