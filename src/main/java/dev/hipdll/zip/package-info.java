/**
 * The zip central directory reader (PKWARE's APPNOTE.TXT): each entry's name, sizes and host attributes, read
 * within bounds before anything is extracted. It reads untrusted bytes and decides nothing.
 * <p>May use: {@code bytes}.
 */
package dev.hipdll.zip;
