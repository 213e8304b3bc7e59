/* Just enough of <stdio.h> for clang-19 -fsyntax-only / -E on the loader sources (test oracle). */
typedef struct FILE FILE;
extern FILE *stderr;
int fprintf(FILE *f, const char *format, ...);
int fputs(const char *s, FILE *f);
int puts(const char *s);
