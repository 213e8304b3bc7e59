/*
 * probe.exe: a Windows tier test fixture (hipdll-maven-plugin) that stands in for a tool (copied as
 * clang.exe or hipcc.exe) and records how it was started, then runs the real tool.
 *
 * Each run writes <this program's directory>\probe-log\<pid>-<tick count>.txt, UTF-8, one record per line:
 *   cmdline=<the whole command line>     tail=<the command line after the program name>
 *   arg=<each argument from argv[1]>     rsp=<the text of each @file argument's file, as read>
 *   cwd=<the working directory>          env=<each NAME=value of the environment block, in its order>
 * Values are escaped: backslash as \\, CR as \r, LF as \n. Then it runs <its name>-real.exe beside it
 * (clang.exe runs clang-real.exe) with the same tail and returns its exit code; without one, it exits 0.
 */
#include "tier.h"

static void put(FILE *f, const char *key, const wchar_t *value) {
    char *v = tier_utf8(value);
    fputs(key, f);
    fputc('=', f);
    for (char *p = v; *p; p++) {
        if (*p == '\\') fputs("\\\\", f);
        else if (*p == '\r') fputs("\\r", f);
        else if (*p == '\n') fputs("\\n", f);
        else fputc(*p, f);
    }
    fputc('\n', f);
    free(v);
}

int wmain(int argc, wchar_t **argv) {
    tier_self();
    wchar_t dir[32768], log[32768];
    swprintf(dir, 32768, L"%ls\\probe-log", tier_self_dir);
    CreateDirectoryW(dir, NULL);
    swprintf(log, 32768, L"%ls\\%lu-%lu.txt", dir, GetCurrentProcessId(), GetTickCount());
    FILE *f = _wfopen(log, L"wb");
    if (!f) { fprintf(stderr, "probe: cannot write its log\n"); return 70; }
    put(f, "cmdline", GetCommandLineW());
    put(f, "tail", tier_tail());
    for (int i = 1; i < argc; i++) {
        put(f, "arg", argv[i]);
        if (argv[i][0] == L'@') {
            long n;
            char *b = tier_read(argv[i] + 1, &n);
            if (b) { wchar_t *w = tier_wide(b, (int) n); put(f, "rsp", w); free(w); free(b); }
            else put(f, "rsp-unreadable", argv[i] + 1);
        }
    }
    wchar_t cwd[32768];
    GetCurrentDirectoryW(32768, cwd);
    put(f, "cwd", cwd);
    wchar_t *env = GetEnvironmentStringsW();
    for (wchar_t *e = env; *e; e += wcslen(e) + 1) put(f, "env", e);
    FreeEnvironmentStringsW(env);
    fclose(f);

    wchar_t real[32768];
    wcscpy(real, tier_self_path);
    size_t n = wcslen(real);
    if (n > 4 && !_wcsicmp(real + n - 4, L".exe")) real[n - 4] = 0;
    wcscat(real, L"-real.exe");
    if (!tier_is_file(real)) return 0;
    static wchar_t cmd[65536];
    swprintf(cmd, 65536, L"\"%ls\" %ls", real, tier_tail());
    return tier_run(cmd);
}
