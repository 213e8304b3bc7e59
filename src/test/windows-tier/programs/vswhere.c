/*
 * vswhere.exe of the Windows tier (a hipdll-maven-plugin test fixture, not Microsoft's vswhere): answers
 * the one query the plugin makes (-property installationPath, with -utf8) by printing the lines of
 * installations.txt beside it, one installation path per line, UTF-8. Every call's command line is
 * appended to vswhere-calls.log beside it. Any other query: exit 87 (ERROR_INVALID_PARAMETER), as
 * vswhere does for an argument it does not know.
 */
#include "tier.h"

int wmain(int argc, wchar_t **argv) {
    tier_self();
    wchar_t p[32768];
    swprintf(p, 32768, L"%ls\\vswhere-calls.log", tier_self_dir);
    FILE *log = _wfopen(p, L"ab");
    if (log) { char *c = tier_utf8(GetCommandLineW()); fprintf(log, "%s\n", c); fclose(log); }
    int property = 0, utf8 = 0;
    for (int i = 1; i < argc; i++) {
        if (!_wcsicmp(argv[i], L"-property") && i + 1 < argc && !_wcsicmp(argv[i + 1], L"installationPath")) property = 1;
        if (!_wcsicmp(argv[i], L"-utf8")) utf8 = 1;
    }
    if (!property) {
        fprintf(stderr, "Error 0x57: this stand-in vswhere answers only -property installationPath\n");
        return 87;
    }
    swprintf(p, 32768, L"%ls\\installations.txt", tier_self_dir);
    char *text = tier_read(p, NULL);
    if (!text) return 0;
    (void) utf8;
    tier_out(stdout, text);
    return 0;
}
