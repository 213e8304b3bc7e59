/* Just enough of <windows.h> for clang-19 -fsyntax-only / -E on the loader sources (test oracle). */
typedef unsigned short wchar_t;
typedef void *HMODULE;
typedef long long (*FARPROC)(void);
FARPROC GetProcAddress(HMODULE module, const char *name);
HMODULE LoadLibraryExW(const wchar_t *path, void *file, unsigned flags);
int FreeLibrary(HMODULE module);
#define NULL ((void *)0)
#define LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR 0x100
#define LOAD_LIBRARY_SEARCH_SYSTEM32 0x800
