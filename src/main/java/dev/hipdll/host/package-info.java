/**
 * The machine a build runs on: its OS family and its environment variables ({@link dev.hipdll.host.Environment},
 * with Windows' case rules), and how a program name is looked up ({@code PATHEXT}).
 * <p>May use: nothing else of the plugin.
 */
package dev.hipdll.host;
