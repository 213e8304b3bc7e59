/*
 * argv.exe: a Windows tier test fixture (hipdll-maven-plugin) that prints how its command line was
 * split: "[<argument>]" per argument from argv[1] (the C runtime's CommandLineToArgvW rules), then
 * "tail=<the command line after the program name>", UTF-8, one per line.
 */
#include "tier.h"

int wmain(int argc, wchar_t **argv) {
    for (int i = 1; i < argc; i++) {
        char *a = tier_utf8(argv[i]);
        tier_out(stdout, "[");
        tier_out(stdout, a);
        tier_out(stdout, "]\n");
        free(a);
    }
    char *t = tier_utf8(tier_tail());
    tier_out(stdout, "tail=");
    tier_out(stdout, t);
    tier_out(stdout, "\n");
    return 0;
}
