/**
 * The directories Windows searches for a DLL named without a path, in order (Microsoft's "Dynamic-link library
 * search order").
 * <p>May use: nothing else of the plugin.
 */
package dev.hipdll.dllsearch;
