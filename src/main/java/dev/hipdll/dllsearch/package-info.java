/**
 * The directories Windows searches for a DLL named without a path, in order (Microsoft's "Dynamic-link library
 * search order"), and the names the loader resolves through the API set schema before any search
 * ({@code WindowsApiSets}).
 * <p>May use: nothing else of the plugin.
 */
package dev.hipdll.dllsearch;
