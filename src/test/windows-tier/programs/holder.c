/*
 * holder.exe <dll> <ready file> [<stop file>]: a Windows tier test fixture (hipdll-maven-plugin), the
 * host program that has the backend DLL loaded. It loads <dll> with LoadLibraryW (exit 2, with
 * GetLastError, when that fails), writes its pid to <ready file>, then keeps the DLL loaded until
 * <stop file> exists (polled every 50 ms), or forever without one.
 */
#include "tier.h"

int wmain(int argc, wchar_t **argv) {
    if (argc < 3) { fprintf(stderr, "usage: holder.exe <dll> <ready file> [<stop file>]\n"); return 64; }
    HMODULE m = LoadLibraryW(argv[1]);
    if (!m) { fprintf(stderr, "holder: LoadLibrary failed (error %lu)\n", GetLastError()); return 2; }
    FILE *f = _wfopen(argv[2], L"wb");
    if (f) { fprintf(f, "%lu\n", GetCurrentProcessId()); fclose(f); }
    for (;;) {
        if (argc > 3 && tier_is_file(argv[3])) break;
        Sleep(50);
    }
    FreeLibrary(m);
    return 0;
}
