/**
 * Writing outputs safely: atomic files, the output lock, where outputs may be placed, replacing a DLL another
 * process holds, special files and the I/O problems named for people.
 * <p>May use: nothing else of the plugin.
 */
package dev.hipdll.io;
