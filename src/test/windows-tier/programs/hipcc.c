/*
 * hipcc.exe of the Windows-layout stand-in HIP SDK (a test fixture of hipdll-maven-plugin, not AMD's
 * hipcc.exe). A pass-through, as TheRock's hipcc.exe is, with the same rules as the Linux stand-in's
 * script (src/test/standin-sdk/hipcc):
 *   the SDK is the parent of this program's directory; clang is HIP_CLANG_PATH\clang.exe, else
 *   <sdk>\lib\llvm\bin\clang.exe;
 *   --version prints "HIP version: M.m.p-githash" from bin\.hipVersion, then clang's --version;
 *   HIP_PLATFORM other than amd/hcc/clang, or CUDA_PATH set with HIP_PLATFORM unset, selects the NVIDIA
 *   platform: an error, as AMD's hipcc would run nvcc;
 *   a link (no -c, -E, -M, -MM, -S, -fsyntax-only in the arguments or their response files) gets
 *   --hip-link -fuse-ld=lld --ld-path=<clang dir>\lld-link.exe before the arguments;
 *   --hip-path=<sdk> is added after them when no --hip-path=/--rocm-path= is given, then
 *   HIPCC_COMPILE_FLAGS_APPEND (and HIPCC_LINK_FLAGS_APPEND for a link), split at blanks.
 * The arguments reach clang.exe as this program received them: its own command line's tail, verbatim.
 */
#include "tier.h"

static int compile_only = 0, has_hip_path = 0;

static void scan_arg(const wchar_t *a);

/* Looks at the blank-separated words of a response file (quotes stripped): enough to see -c and --hip-path=. */
static void scan_rsp(const wchar_t *file) {
    long n;
    char *b = tier_read(file, &n);
    if (!b) return;
    wchar_t *w = tier_wide(b, (int) n);
    wchar_t *ctx = NULL;
    for (wchar_t *t = wcstok_s(w, L" \t\r\n", &ctx); t; t = wcstok_s(NULL, L" \t\r\n", &ctx)) {
        size_t l = wcslen(t);
        if (l >= 2 && t[0] == L'"' && t[l - 1] == L'"') { t[l - 1] = 0; t++; }
        scan_arg(t);
    }
}

static void scan_arg(const wchar_t *a) {
    if (!wcscmp(a, L"-c") || !wcscmp(a, L"-E") || !wcscmp(a, L"-M") || !wcscmp(a, L"-MM") || !wcscmp(a, L"-S")
        || !wcscmp(a, L"-fsyntax-only")) compile_only = 1;
    if (!wcsncmp(a, L"--hip-path=", 11) || !wcsncmp(a, L"--rocm-path=", 12)) has_hip_path = 1;
    if (a[0] == L'@') scan_rsp(a + 1);
}

static void append(wchar_t *cmd, const wchar_t *s) { wcscat(cmd, s); }

static void append_words(wchar_t *cmd, const wchar_t *var) {
    const wchar_t *v = _wgetenv(var);
    if (!v || !*v) return;
    append(cmd, L" ");
    append(cmd, v);
}

int wmain(int argc, wchar_t **argv) {
    tier_self();
    wchar_t sdk[32768];
    wcscpy(sdk, tier_self_dir);
    wchar_t *slash = wcsrchr(sdk, L'\\');
    if (slash) *slash = 0;
    wchar_t clang_dir[32768];
    const wchar_t *hcp = _wgetenv(L"HIP_CLANG_PATH");
    if (hcp && *hcp) wcscpy(clang_dir, hcp); else swprintf(clang_dir, 32768, L"%ls\\lib\\llvm\\bin", sdk);
    size_t cl = wcslen(clang_dir);
    if (cl > 0 && clang_dir[cl - 1] == L'\\') clang_dir[cl - 1] = 0;
    wchar_t clang[32768];
    swprintf(clang, 32768, L"%ls\\clang.exe", clang_dir);
    static wchar_t cmd[65536];

    if (argc == 2 && !wcscmp(argv[1], L"--version")) {
        wchar_t vf[32768];
        swprintf(vf, 32768, L"%ls\\bin\\.hipVersion", sdk);
        char *v = tier_read(vf, NULL);
        char major[32] = "?", minor[32] = "?", patch[32] = "?", hash[128] = "?";
        for (char *line = v ? strtok(v, "\r\n") : NULL; line; line = strtok(NULL, "\r\n")) {
            sscanf(line, "HIP_VERSION_MAJOR=%31s", major);
            sscanf(line, "HIP_VERSION_MINOR=%31s", minor);
            sscanf(line, "HIP_VERSION_PATCH=%31s", patch);
            sscanf(line, "HIP_VERSION_GITHASH=%127s", hash);
        }
        printf("HIP version: %s.%s.%s-%s\n", major, minor, patch, hash);
        fflush(stdout);
        swprintf(cmd, 65536, L"\"%ls\" --version", clang);
        return tier_run(cmd);
    }

    const wchar_t *platform = _wgetenv(L"HIP_PLATFORM");
    const wchar_t *cuda = _wgetenv(L"CUDA_PATH");
    if ((!platform || !*platform) && cuda && *cuda) platform = L"nvidia";
    if (platform && *platform && wcscmp(platform, L"amd") && wcscmp(platform, L"hcc") && wcscmp(platform, L"clang")) {
        char *p = tier_utf8(platform);
        char *c = tier_utf8(cuda ? cuda : L"");
        fprintf(stderr, "hipcc: error: HIP_PLATFORM=%s selects the NVIDIA platform (nvcc); this is an AMD build "
                        "(CUDA_PATH=%s)\n", p, c);
        return 1;
    }
    for (int i = 1; i < argc; i++) scan_arg(argv[i]);
    if (!tier_is_file(clang)) {
        char *c = tier_utf8(clang);
        fprintf(stderr, "hipcc: error: no clang at %s\n", c);
        return 1;
    }
    swprintf(cmd, 65536, L"\"%ls\"", clang);
    if (!compile_only) {
        append(cmd, L" --hip-link -fuse-ld=lld \"--ld-path=");
        append(cmd, clang_dir);
        append(cmd, L"\\lld-link.exe\"");
    }
    const wchar_t *tail = tier_tail();
    if (*tail) { append(cmd, L" "); append(cmd, tail); }
    if (!has_hip_path) { append(cmd, L" \"--hip-path="); append(cmd, sdk); append(cmd, L"\""); }
    append_words(cmd, L"HIPCC_COMPILE_FLAGS_APPEND");
    if (!compile_only) append_words(cmd, L"HIPCC_LINK_FLAGS_APPEND");
    return tier_run(cmd);
}
