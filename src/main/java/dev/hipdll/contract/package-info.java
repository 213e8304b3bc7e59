/**
 * The ABI contract a DLL must export: the default 48 functions, an export list, or the names derived from the
 * host's {@code backend_loader.c} by this package's own preprocessor and scanner (held against clang's
 * {@code -E}).
 * <p>May use: {@code parameter}, {@code process}.
 */
package dev.hipdll.contract;
