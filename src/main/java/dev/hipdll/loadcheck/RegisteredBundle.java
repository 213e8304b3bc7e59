package dev.hipdll.loadcheck;

/**
 * One fat binary the DLL registered with the runtime ({@code __hipRegisterFatBinary}), as the
 * stand-in runtime recorded it and the loader program reported it.
 *
 * @param index the registration's index, from 0
 * @param rva   the bundle's address relative to the DLL's base, or -1 when it lies outside the DLL image
 * @param head  the first 24 bytes at that address, lower-case hex (empty when outside)
 */
public record RegisteredBundle(int index, long rva, String head) {
    /** Whether the registered address lies inside the DLL's image. */
    public boolean insideImage() {
        return rva >= 0;
    }
}
