/*
 * Stub hipBLAS (bin/hipblas.dll and lib/hipblas.lib of the stand-in HIP SDK; a test fixture of
 * hipdll-maven-plugin): the three entry points of include/hipblas/hipblas.h, so a backend can link
 * hipblas by name (hip.libraries=hipblas) and import hipblas.dll as with AMD's SDK. There is no GPU:
 * hipblasCreate hands out a handle, hipblasSgemm reports HIPBLAS_STATUS_NOT_SUPPORTED.
 */
#define EXPORT __declspec(dllexport)
enum { HIPBLAS_STATUS_SUCCESS = 0, HIPBLAS_STATUS_NOT_INITIALIZED = 1, HIPBLAS_STATUS_NOT_SUPPORTED = 10 };
static int the_handle;

EXPORT int __cdecl hipblasCreate(void **handle) {
    if (!handle) return HIPBLAS_STATUS_NOT_INITIALIZED;
    *handle = &the_handle;
    return HIPBLAS_STATUS_SUCCESS;
}

EXPORT int __cdecl hipblasDestroy(void *handle) {
    return handle == &the_handle ? HIPBLAS_STATUS_SUCCESS : HIPBLAS_STATUS_NOT_INITIALIZED;
}

EXPORT int __cdecl hipblasSgemm(void *handle, int transa, int transb, int m, int n, int k, const float *alpha,
                                const float *a, int lda, const float *b, int ldb, const float *beta, float *c, int ldc) {
    (void) handle; (void) transa; (void) transb; (void) m; (void) n; (void) k; (void) alpha; (void) a; (void) lda;
    (void) b; (void) ldb; (void) beta; (void) c; (void) ldc;
    return HIPBLAS_STATUS_NOT_SUPPORTED;
}
