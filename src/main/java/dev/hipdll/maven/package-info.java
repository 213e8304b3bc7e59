/**
 * The Maven front end: the mojos and Maven's glue. A mojo maps its parameters to one core request and the core's
 * events to the log; no check or build step lives here.
 * <p>May use: any package of the plugin.
 */
package dev.hipdll.maven;
