package dev.hipdll.bundle;

import java.util.Optional;

/**
 * One entry of an offload bundle.
 *
 * @param id         the entry id
 * @param offset     offset of the entry's data from the start of the (plain) bundle, in bytes
 * @param size       size of the entry's data in bytes
 * @param codeObject the ELF header facts when the data is an AMDGPU code object, else empty
 */
public record BundleEntry(BundleEntryId id, long offset, long size, Optional<CodeObject> codeObject) {
}
