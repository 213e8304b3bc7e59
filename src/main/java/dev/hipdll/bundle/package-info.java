/**
 * Device code inside a DLL: clang offload bundles (plain and compressed, clang's "Clang Offload Bundler"
 * documentation), AMDGPU code objects and the ELF sections read from them, and CUDA fat binaries. It reads
 * untrusted bytes and decides nothing.
 * <p>May use: {@code bytes}, {@code pe}.
 */
package dev.hipdll.bundle;
