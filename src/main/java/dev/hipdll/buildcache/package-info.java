/**
 * What the Apache Maven Build Cache Extension decides about its remote store (URL, id, timeouts), read the way the
 * extension reads it, so a build can say what a remote cache will do.
 * <p>May use: nothing else of the plugin.
 */
package dev.hipdll.buildcache;
