/*
 * A tiny C runtime for DLLs linked with lld-link /nodefaultlib (stand-in for the static MSVC
 * runtime, libcmt). It supplies the DLL entry point, which runs the .CRT$XCU constructors (the
 * HIP module constructor that registers the fat binary lives there), atexit, and the memory
 * primitives clang may call. A test fixture of hipdll-maven-plugin, not a product feature.
 */
typedef void(__cdecl *crt_fn)(void);

__declspec(dllimport) int __stdcall DisableThreadLibraryCalls(void *module);

#pragma section(".CRT$XCA", long, read)
#pragma section(".CRT$XCZ", long, read)
__declspec(allocate(".CRT$XCA")) crt_fn __xc_a[] = {0};
__declspec(allocate(".CRT$XCZ")) crt_fn __xc_z[] = {0};

int _fltused = 0x9875;

#define MAX_ATEXIT 256
static crt_fn atexit_table[MAX_ATEXIT];
static int atexit_count;

int __cdecl atexit(crt_fn fn) {
    if (atexit_count >= MAX_ATEXIT) return -1;
    atexit_table[atexit_count++] = fn;
    return 0;
}

int __stdcall DllMain(void *module, unsigned long reason, void *reserved);

int __stdcall _DllMainCRTStartup(void *module, unsigned long reason, void *reserved) {
    if (reason == 1) { /* DLL_PROCESS_ATTACH */
        DisableThreadLibraryCalls(module);
        for (crt_fn *p = __xc_a + 1; p < __xc_z; ++p)
            if (*p) (*p)();
    }
    int ok = DllMain(module, reason, reserved);
    if (reason == 0) { /* DLL_PROCESS_DETACH */
        while (atexit_count > 0) atexit_table[--atexit_count]();
    }
    return ok;
}
