/*
 * Helpers shared by the Windows tier's test programs (hipdll-maven-plugin test fixtures, built with
 * mingw-w64 by scripts/fixtures/windows-tier-programs). Wide-character Windows API only; text written by these
 * programs is UTF-8.
 */
#ifndef HIPDLL_TIER_H
#define HIPDLL_TIER_H
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
#include <fcntl.h>
#include <io.h>

/* UTF-8 copy of a wide string (malloc'd). */
static inline char *tier_utf8(const wchar_t *w) {
    int n = WideCharToMultiByte(CP_UTF8, 0, w, -1, NULL, 0, NULL, NULL);
    char *s = malloc(n > 0 ? n : 1);
    if (n <= 0) { s[0] = 0; return s; }
    WideCharToMultiByte(CP_UTF8, 0, w, -1, s, n, NULL, NULL);
    return s;
}

/* Wide copy of a UTF-8 string (malloc'd). */
static inline wchar_t *tier_wide(const char *s, int len) {
    int n = MultiByteToWideChar(CP_UTF8, 0, s, len, NULL, 0);
    wchar_t *w = malloc(sizeof(wchar_t) * (n + 1));
    MultiByteToWideChar(CP_UTF8, 0, s, len, w, n);
    w[n] = 0;
    return w;
}

/* The command line after the program name, as CreateProcess's parser skips it (quoted or up to a blank). */
static inline const wchar_t *tier_tail(void) {
    const wchar_t *p = GetCommandLineW();
    if (*p == L'"') {
        p++;
        while (*p && *p != L'"') p++;
        if (*p) p++;
    } else {
        while (*p && *p != L' ' && *p != L'\t') p++;
    }
    while (*p == L' ' || *p == L'\t') p++;
    return p;
}

/* This program's path (static buffer) and its directory (no trailing backslash). */
static wchar_t tier_self_path[32768];
static wchar_t tier_self_dir[32768];
static inline void tier_self(void) {
    DWORD n = GetModuleFileNameW(NULL, tier_self_path, 32768);
    tier_self_path[n] = 0;
    wcscpy(tier_self_dir, tier_self_path);
    wchar_t *slash = wcsrchr(tier_self_dir, L'\\');
    if (slash) *slash = 0;
}

/* Writes a UTF-8 string to stdout or stderr unchanged (binary mode, no console conversion). */
static inline void tier_out(FILE *f, const char *s) {
    _setmode(_fileno(f), _O_BINARY);
    fputs(s, f);
    fflush(f);
}

/* Runs a command line (wide, whole), inheriting handles and the environment; returns its exit code, or -1. */
static inline int tier_run(wchar_t *cmdline) {
    STARTUPINFOW si;
    PROCESS_INFORMATION pi;
    ZeroMemory(&si, sizeof si);
    si.cb = sizeof si;
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
    si.hStdOutput = GetStdHandle(STD_OUTPUT_HANDLE);
    si.hStdError = GetStdHandle(STD_ERROR_HANDLE);
    if (!CreateProcessW(NULL, cmdline, NULL, NULL, TRUE, 0, NULL, NULL, &si, &pi)) {
        char *c = tier_utf8(cmdline);
        fprintf(stderr, "tier: CreateProcess failed (error %lu): %s\n", GetLastError(), c);
        return -1;
    }
    WaitForSingleObject(pi.hProcess, INFINITE);
    DWORD code = 1;
    GetExitCodeProcess(pi.hProcess, &code);
    CloseHandle(pi.hProcess);
    CloseHandle(pi.hThread);
    return (int) code;
}

/* Whether a file exists (not a directory). */
static inline int tier_is_file(const wchar_t *p) {
    DWORD a = GetFileAttributesW(p);
    return a != INVALID_FILE_ATTRIBUTES && !(a & FILE_ATTRIBUTE_DIRECTORY);
}

/* Reads a whole file (malloc'd, NUL-terminated); NULL when it cannot be read. */
static inline char *tier_read(const wchar_t *p, long *len) {
    FILE *f = _wfopen(p, L"rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc(n + 1);
    long got = (long) fread(b, 1, n, f);
    fclose(f);
    b[got] = 0;
    if (len) *len = got;
    return b;
}
#endif
