/* hipblas/hipblas.h of the stand-in HIP SDK (a test fixture of hipdll-maven-plugin): the three entry
 * points bin/hipblas.dll exports, with hipBLAS's names and shapes. */
#ifndef HIPBLAS_H
#define HIPBLAS_H
typedef void *hipblasHandle_t;
typedef enum { HIPBLAS_STATUS_SUCCESS = 0, HIPBLAS_STATUS_NOT_INITIALIZED = 1, HIPBLAS_STATUS_NOT_SUPPORTED = 10 } hipblasStatus_t;
typedef enum { HIPBLAS_OP_N = 111, HIPBLAS_OP_T = 112, HIPBLAS_OP_C = 113 } hipblasOperation_t;
#ifdef __cplusplus
extern "C" {
#endif
__declspec(dllimport) hipblasStatus_t hipblasCreate(hipblasHandle_t *handle);
__declspec(dllimport) hipblasStatus_t hipblasDestroy(hipblasHandle_t handle);
__declspec(dllimport) hipblasStatus_t hipblasSgemm(hipblasHandle_t handle, hipblasOperation_t transa,
        hipblasOperation_t transb, int m, int n, int k, const float *alpha, const float *a, int lda, const float *b,
        int ldb, const float *beta, float *c, int ldc);
#ifdef __cplusplus
}
#endif
#endif
