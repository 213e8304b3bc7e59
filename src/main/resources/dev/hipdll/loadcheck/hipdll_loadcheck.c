/*
 * hipdll_loadcheck.c - the loader program of hipdll:load-check (shipped inside hipdll-maven-plugin).
 *
 * Compiled by the plugin with the HIP SDK's own clang for x86_64-pc-windows-msvc and linked with
 * the SDK's lld-link against KERNEL32 only (no C runtime: entry point hipdll_loadcheck_main), so
 * the same source builds with a real HIP SDK + Windows SDK and with the stand-in SDK.
 *
 * Usage: hipdll_loadcheck.exe <request file>
 * The request file is UTF-8 text, one "key value" per line:
 *   runtime-dir <dir>   put <dir> into the DLL search order with SetDllDirectoryW (optional)
 *   preload <file>      LoadLibraryExW(<file>) by absolute path before the DLL (optional)
 *   dll <file>          the DLL to load with LoadLibraryExW(LOAD_WITH_ALTERED_SEARCH_PATH)
 *   symbol <name>       GetProcAddress(<name>) on the DLL (any number)
 * It writes UTF-8 lines to stdout, "key value...", ending with "end":
 *   loadcheck 1 | preload ok|failed <error> | load ok|failed <error> | symbol ok|missing <name>
 *   module <path> (every module loaded after the DLL, from K32EnumProcessModules)
 *   registrations <n> | functions <n> | bundle <index> <rva hex> <first 24 bytes hex> | bundle <index> outside
 * Exit code: 0 when the DLL loaded and every symbol resolved, 1 when the DLL did not load,
 * 2 when a symbol is missing, 3 for a bad request. The plugin reads the lines, not just the code.
 */
typedef unsigned short wchar;
typedef void *handle;
typedef unsigned long dword;
typedef unsigned long long u64;

__declspec(dllimport) handle __stdcall GetStdHandle(dword which);
__declspec(dllimport) int __stdcall WriteFile(handle h, const void *buf, dword n, dword *written, void *overlapped);
__declspec(dllimport) int __stdcall ReadFile(handle h, void *buf, dword n, dword *read, void *overlapped);
__declspec(dllimport) handle __stdcall CreateFileW(const wchar *name, dword access, dword share, void *security,
                                                   dword disposition, dword flags, handle templ);
__declspec(dllimport) int __stdcall CloseHandle(handle h);
__declspec(dllimport) wchar *__stdcall GetCommandLineW(void);
__declspec(dllimport) void __stdcall ExitProcess(unsigned int code);
__declspec(dllimport) dword __stdcall GetLastError(void);
__declspec(dllimport) void *__stdcall LoadLibraryExW(const wchar *name, handle file, dword flags);
__declspec(dllimport) void *__stdcall GetProcAddress(void *module, const char *name);
__declspec(dllimport) dword __stdcall GetModuleFileNameW(void *module, wchar *buf, dword size);
__declspec(dllimport) int __stdcall SetDllDirectoryW(const wchar *dir);
__declspec(dllimport) handle __stdcall GetCurrentProcess(void);
__declspec(dllimport) int __stdcall K32EnumProcessModules(handle process, void **modules, dword bytes, dword *needed);
__declspec(dllimport) int __stdcall MultiByteToWideChar(unsigned cp, dword flags, const char *s, int n, wchar *w, int wn);
__declspec(dllimport) int __stdcall WideCharToMultiByte(unsigned cp, dword flags, const wchar *w, int wn, char *s, int n,
                                                        const char *def, int *used);
__declspec(dllimport) unsigned __stdcall SetErrorMode(unsigned mode);

#define STD_OUTPUT_HANDLE ((dword)-11)
#define GENERIC_READ 0x80000000UL
#define FILE_SHARE_READ 1
#define OPEN_EXISTING 3
#define INVALID_HANDLE ((handle)(long long)-1)
#define CP_UTF8 65001
#define LOAD_WITH_ALTERED_SEARCH_PATH 0x8
#define SEM_FAILCRITICALERRORS 0x1
#define SEM_NOOPENFILEERRORBOX 0x8000

#define REQUEST_MAX (1 << 20)
#define PATH_MAX_W 32768
#define MAX_MODULES 1024

static char request[REQUEST_MAX + 1];
static wchar wide[PATH_MAX_W];
static wchar wide2[PATH_MAX_W];
static char narrow[PATH_MAX_W * 3];
static void *modules[MAX_MODULES];
static handle out;

static unsigned len(const char *s) { unsigned n = 0; while (s[n]) n++; return n; }

static void put(const char *s) { dword w; WriteFile(out, s, len(s), &w, 0); }

static void put_u(u64 v, int base) {
    char buf[32];
    int i = 31;
    buf[i] = 0;
    do { buf[--i] = "0123456789abcdef"[v % base]; v /= base; } while (v && i > 0);
    put(buf + i);
}

static void put_w(const wchar *w) {
    int n = WideCharToMultiByte(CP_UTF8, 0, w, -1, narrow, (int)sizeof narrow, 0, 0);
    if (n > 0) put(narrow); else put("?");
}

static int starts(const char *s, const char *p) {
    while (*p) if (*s++ != *p++) return 0;
    return 1;
}

static const wchar *to_wide(const char *s, wchar *buf) {
    int n = MultiByteToWideChar(CP_UTF8, 0, s, -1, buf, PATH_MAX_W);
    return n > 0 ? buf : 0;
}

static void fail_request(const char *why) {
    put("error "); put(why); put("\nend\n");
    ExitProcess(3);
}

/* The first argument after the program name in the command line (quotes removed). */
static const wchar *first_argument(void) {
    wchar *c = GetCommandLineW();
    if (*c == '"') { c++; while (*c && *c != '"') c++; if (*c) c++; }
    else { while (*c && *c != ' ' && *c != '\t') c++; }
    while (*c == ' ' || *c == '\t') c++;
    if (!*c) return 0;
    if (*c == '"') {
        wchar *start = ++c;
        while (*c && *c != '"') c++;
        *c = 0;
        return start;
    }
    wchar *start = c;
    while (*c && *c != ' ' && *c != '\t') c++;
    *c = 0;
    return start;
}

static dword image_size(const unsigned char *base) {
    dword pe = *(const dword *)(base + 0x3c);
    return *(const dword *)(base + pe + 24 + 56); /* OptionalHeader.SizeOfImage (PE32+) */
}

void __stdcall hipdll_loadcheck_main(void) {
    out = GetStdHandle(STD_OUTPUT_HANDLE);
    SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOOPENFILEERRORBOX);
    put("loadcheck 1\n");
    const wchar *req = first_argument();
    if (!req) fail_request("usage: hipdll_loadcheck.exe <request file>");
    handle f = CreateFileW(req, GENERIC_READ, FILE_SHARE_READ, 0, OPEN_EXISTING, 0, 0);
    if (f == INVALID_HANDLE) fail_request("cannot open the request file");
    dword total = 0, got = 0;
    while (total < REQUEST_MAX && ReadFile(f, request + total, REQUEST_MAX - total, &got, 0) && got > 0) total += got;
    CloseHandle(f);
    if (total >= REQUEST_MAX) fail_request("request file larger than 1 MiB");
    request[total] = 0;
    for (dword i = 0; i < total; i++) if (request[i] == '\n' || request[i] == '\r') request[i] = 0;

    /* Pass 1: search order and preload; pass 2: the DLL; pass 3: symbols. */
    void *dll = 0;
    int loaded = 0, missing = 0, have_dll = 0;
    for (int pass = 1; pass <= 3; pass++) {
        for (dword i = 0; i < total; i += len(request + i) + 1) {
            const char *line = request + i;
            if (pass == 1 && starts(line, "runtime-dir ")) {
                const wchar *dir = to_wide(line + 12, wide);
                if (!dir || !SetDllDirectoryW(dir)) { put("runtime-dir failed "); put_u(GetLastError(), 10); put("\n"); }
                else put("runtime-dir ok\n");
            } else if (pass == 1 && starts(line, "preload ")) {
                const wchar *p = to_wide(line + 8, wide);
                if (p && LoadLibraryExW(p, 0, LOAD_WITH_ALTERED_SEARCH_PATH)) put("preload ok\n");
                else { put("preload failed "); put_u(GetLastError(), 10); put("\n"); }
            } else if (pass == 2 && starts(line, "dll ")) {
                have_dll = 1;
                const wchar *p = to_wide(line + 4, wide);
                dll = p ? LoadLibraryExW(p, 0, LOAD_WITH_ALTERED_SEARCH_PATH) : 0;
                if (dll) { loaded = 1; put("load ok\n"); }
                else { put("load failed "); put_u(GetLastError(), 10); put("\n"); }
            } else if (pass == 3 && loaded && starts(line, "symbol ")) {
                if (GetProcAddress(dll, line + 7)) put("symbol ok ");
                else { put("symbol missing "); missing++; }
                put(line + 7); put("\n");
            }
        }
    }
    if (!have_dll) fail_request("the request names no dll");

    dword needed = 0;
    if (K32EnumProcessModules(GetCurrentProcess(), modules, sizeof modules, &needed)) {
        dword n = needed / sizeof(void *);
        if (n > MAX_MODULES) n = MAX_MODULES;
        for (dword m = 0; m < n; m++) {
            dword l = GetModuleFileNameW(modules[m], wide2, PATH_MAX_W);
            if (l > 0 && l < PATH_MAX_W) { put("module "); put_w(wide2); put("\n"); }
        }
    } else {
        put("modules failed "); put_u(GetLastError(), 10); put("\n");
    }

    if (loaded) {
        /* The stand-in runtime's record of fat-binary registrations, when the bound runtime has it. */
        void *runtime = 0;
        dword n = needed / sizeof(void *);
        if (n > MAX_MODULES) n = MAX_MODULES;
        int (*count)(void) = 0, (*functions)(void) = 0;
        const void *(*bundle)(int) = 0;
        for (dword m = 0; m < n && !runtime; m++) {
            count = (int (*)(void))GetProcAddress(modules[m], "hipdllStandinRegistrationCount");
            if (count) {
                runtime = modules[m];
                functions = (int (*)(void))GetProcAddress(runtime, "hipdllStandinFunctionCount");
                bundle = (const void *(*)(int))GetProcAddress(runtime, "hipdllStandinRegisteredBundle");
            }
        }
        if (count && functions && bundle) {
            int r = count();
            put("registrations "); put_u((u64)r, 10); put("\n");
            put("functions "); put_u((u64)functions(), 10); put("\n");
            const unsigned char *base = (const unsigned char *)dll;
            u64 size = image_size(base);
            for (int b = 0; b < r && b < 64; b++) {
                const unsigned char *p = (const unsigned char *)bundle(b);
                put("bundle "); put_u((u64)b, 10);
                if (p >= base && (u64)(p - base) + 24 <= size) {
                    put(" "); put_u((u64)(p - base), 16); put(" ");
                    for (int k = 0; k < 24; k++) { put_u(p[k] >> 4, 16); put_u(p[k] & 15, 16); }
                } else {
                    put(" outside");
                }
                put("\n");
            }
        } else {
            put("registrations unknown\n");
        }
    }
    put("end\n");
    ExitProcess(!loaded ? 1 : missing ? 2 : 0);
}
