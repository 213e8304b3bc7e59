package dev.hipdll.loadcheck;

/**
 * Meanings of the Win32 error codes a DLL load reports ({@code GetLastError} after
 * {@code LoadLibraryExW}; values from Microsoft's "System Error Codes" list, winerror.h).
 */
public final class WindowsErrors {
    private WindowsErrors() {
    }

    /** {@code code} with its winerror.h name and what it means for a DLL load. */
    public static String describe(long code) {
        String what = switch ((int) code) {
            case 2 -> "ERROR_FILE_NOT_FOUND: the DLL file does not exist";
            case 3 -> "ERROR_PATH_NOT_FOUND: a directory of the path does not exist";
            case 5 -> "ERROR_ACCESS_DENIED";
            case 87 -> "ERROR_INVALID_PARAMETER";
            case 126 -> "ERROR_MOD_NOT_FOUND: the DLL or one of the DLLs it imports was not found in the search order";
            case 127 -> "ERROR_PROC_NOT_FOUND: a DLL it imports lacks a function it imports";
            case 193 -> "ERROR_BAD_EXE_FORMAT: not a valid image for this machine (32-bit DLL or not a PE file)";
            case 998 -> "ERROR_NOACCESS: the DLL's initialization crashed";
            case 1114 -> "ERROR_DLL_INIT_FAILED: the DLL's entry point (DllMain or a constructor) returned failure";
            case 216 -> "ERROR_EXE_MACHINE_TYPE_MISMATCH: the image is for another machine";
            default -> "see Microsoft's System Error Codes";
        };
        return "error " + code + " (" + what + ")";
    }
}
