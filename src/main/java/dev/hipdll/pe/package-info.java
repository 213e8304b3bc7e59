/**
 * The PE/COFF reader for PE32+ images (Microsoft's "PE Format" specification): headers, sections, the import and
 * export directories, the debug directory, resources and version information, the load configuration, the overlay,
 * loadability and COFF import libraries. It reads untrusted bytes and decides nothing about a release.
 * <p>May use: {@code bytes}.
 */
package dev.hipdll.pe;
