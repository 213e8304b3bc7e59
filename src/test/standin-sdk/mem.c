/* Memory primitives of the stand-in static C runtime (libcmt stand-in). Compiled with
 * -ffreestanding -fno-builtin so clang does not turn them into calls to themselves. */
void *__cdecl memcpy(void *dst, const void *src, unsigned long long n) {
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    while (n--) *d++ = *s++;
    return dst;
}

void *__cdecl memmove(void *dst, const void *src, unsigned long long n) {
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    if (d < s) { while (n--) *d++ = *s++; }
    else { d += n; s += n; while (n--) *--d = *--s; }
    return dst;
}

void *__cdecl memset(void *dst, int c, unsigned long long n) {
    unsigned char *d = (unsigned char *)dst;
    while (n--) *d++ = (unsigned char)c;
    return dst;
}

int __cdecl memcmp(const void *a, const void *b, unsigned long long n) {
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (; n; --n, ++x, ++y) if (*x != *y) return *x - *y;
    return 0;
}

