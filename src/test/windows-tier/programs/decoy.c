/*
 * decoy.exe: the hipcc.exe (and clang.exe) of the decoy ROCm 6.4 a real workstation still has
 * installed (a test fixture of hipdll-maven-plugin). It never builds anything: it says that the
 * wrong SDK ran and exits 3, so a build that takes its tools through a stray HIP_PATH or PATH
 * entry fails with a message naming the cause.
 */
#include <stdio.h>
#include <windows.h>

int wmain(int argc, wchar_t **argv) {
    (void) argc;
    (void) argv;
    wchar_t self[MAX_PATH];
    DWORD n = GetModuleFileNameW(NULL, self, MAX_PATH);
    char path[4 * MAX_PATH];
    int m = WideCharToMultiByte(CP_UTF8, 0, self, (int) n, path, (int) sizeof path - 1, NULL, NULL);
    path[m > 0 ? m : 0] = 0;
    fprintf(stderr, "decoy: %s ran: the build took a tool of the decoy ROCm 6.4 SDK\n", path);
    return 3;
}
