/*
 * hang.exe: a Windows tier test fixture (hipdll-maven-plugin) that stands in for hipcc.exe and never
 * ends. Started with anything but --grandchild, it starts itself with --grandchild, writes
 * "<its pid> <the grandchild's pid>" to hang-pids.txt beside it, and sleeps; the grandchild sleeps
 * too. Only a kill of the whole process tree (a Job Object) ends both.
 */
#include "tier.h"

int wmain(int argc, wchar_t **argv) {
    tier_self();
    if (argc > 1 && !wcscmp(argv[1], L"--grandchild")) { Sleep(INFINITE); return 0; }
    Sleep(300);
    static wchar_t cmd[65536];
    swprintf(cmd, 65536, L"\"%ls\" --grandchild", tier_self_path);
    STARTUPINFOW si;
    PROCESS_INFORMATION pi;
    ZeroMemory(&si, sizeof si);
    si.cb = sizeof si;
    if (!CreateProcessW(NULL, cmd, NULL, NULL, FALSE, 0, NULL, NULL, &si, &pi)) {
        fprintf(stderr, "hang: cannot start its grandchild (error %lu)\n", GetLastError());
        return 1;
    }
    wchar_t p[32768], tmp[32768];
    swprintf(p, 32768, L"%ls\\hang-pids.txt", tier_self_dir);
    swprintf(tmp, 32768, L"%ls\\hang-pids.tmp", tier_self_dir);
    FILE *f = _wfopen(tmp, L"wb");
    if (f) { fprintf(f, "%lu %lu\n", GetCurrentProcessId(), pi.dwProcessId); fclose(f); }
    MoveFileExW(tmp, p, MOVEFILE_REPLACE_EXISTING);
    printf("hang: started grandchild %lu, sleeping\n", pi.dwProcessId);
    fflush(stdout);
    Sleep(INFINITE);
    return 0;
}
