/* backend_cuda.cu - the GPU backend of the colibri engine, one source for CUDA and HIP.
 * Built for AMD with the HIP SDK as coli_hip.dll; every entry point is coli_cuda_*. */
#include <hip/hip_runtime.h>
#include "coli_cuda.h"
#include "ops.h"

static int g_last_error;
static int g_device = -1;

static int check(hipError_t e) {
    if (e != hipSuccess) g_last_error = (int)e;
    return (int)e;
}

/* ---- kernels ---------------------------------------------------------------------------- */

__global__ void k_add(float *out, const float *a, const float *b, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + b[i];
}

__global__ void k_mul(float *out, const float *a, const float *b, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] * b[i];
}

__global__ void k_scale(float *x, float s, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= s;
}

__global__ void k_silu(float *x, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = coli_silu(x[i]);
}

__global__ void k_rmsnorm(float *out, const float *x, const float *w, unsigned int n, float eps) {
    __shared__ float partial[COLI_BLOCK];
    float sum = 0.0f;
    for (unsigned int i = threadIdx.x; i < n; i += blockDim.x) sum += x[i] * x[i];
    partial[threadIdx.x] = sum;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    float inv = 1.0f / __builtin_sqrtf(partial[0] / (float)n + eps);
    for (unsigned int i = threadIdx.x; i < n; i += blockDim.x) out[i] = x[i] * inv * w[i];
}

__global__ void k_softmax(float *x, unsigned int n) {
    if (threadIdx.x != 0) return;
    float m = x[0];
    for (unsigned int i = 1; i < n; ++i) m = coli_max(m, x[i]);
    float s = 0.0f;
    for (unsigned int i = 0; i < n; ++i) { x[i] = __builtin_expf(x[i] - m); s += x[i]; }
    for (unsigned int i = 0; i < n; ++i) x[i] /= s;
}

__global__ void k_matmul(float *out, const float *a, const float *b, unsigned int m, unsigned int k,
                         unsigned int n) {
    unsigned int row = blockIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= m || col >= n) return;
    float acc = 0.0f;
    for (unsigned int i = 0; i < k; ++i) acc += a[row * k + i] * b[i * n + col];
    out[row * n + col] = acc;
}

__global__ void k_argmax(int *out, const float *x, unsigned int n) {
    if (threadIdx.x != 0) return;
    int best = 0;
    for (unsigned int i = 1; i < n; ++i) if (x[i] > x[best]) best = (int)i;
    *out = best;
}

__global__ void k_rope(float *q, unsigned int dim, unsigned int pos, float theta) {
    unsigned int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
    if (i + 1 >= dim) return;
    float freq = __builtin_powf(theta, -(float)i / (float)dim) * (float)pos;
    float c = __builtin_cosf(freq), s = __builtin_sinf(freq);
    float a = q[i], b = q[i + 1];
    q[i] = a * c - b * s;
    q[i + 1] = a * s + b * c;
}

/* ---- device and runtime ------------------------------------------------------------------ */

COLI_CUDA_API int coli_cuda_init(int device) {
    int count = 0;
    if (check(hipGetDeviceCount(&count)) != 0 || device >= count) return -1;
    if (check(hipSetDevice(device)) != 0) return -1;
    g_device = device;
    return 0;
}
COLI_CUDA_API void coli_cuda_shutdown(void) { g_device = -1; }
COLI_CUDA_API int coli_cuda_device_count(void) {
    int count = 0;
    return hipGetDeviceCount(&count) == hipSuccess ? count : 0;
}
COLI_CUDA_API int coli_cuda_device_at(void) { return g_device; }
COLI_CUDA_API int coli_cuda_stats(void) { int e = g_last_error; g_last_error = 0; return e; }
COLI_CUDA_API const char *coli_cuda_group_stats(int code) { return hipGetErrorString((hipError_t)code); }
COLI_CUDA_API int coli_cuda_tensor_device(void) { int v = 0; hipRuntimeGetVersion(&v); return v; }
COLI_CUDA_API int coli_cuda_pipe_sync(void) { return check(hipDeviceSynchronize()); }

/* ---- memory ------------------------------------------------------------------------------ */

COLI_CUDA_API void *coli_cuda_pipe_alloc(unsigned long long bytes) {
    void *p = 0;
    return check(hipMalloc(&p, bytes)) == 0 ? p : 0;
}
COLI_CUDA_API void coli_cuda_pipe_free(void *p) { check(hipFree(p)); }
COLI_CUDA_API int coli_cuda_tensor_upload(void *dst, const void *src, unsigned long long n) {
    return check(hipMemcpy(dst, src, n, hipMemcpyHostToDevice));
}
COLI_CUDA_API int coli_cuda_pipe_download(void *dst, const void *src, unsigned long long n) {
    return check(hipMemcpy(dst, src, n, hipMemcpyDeviceToHost));
}
COLI_CUDA_API int coli_cuda_pipe_copy2d(void *dst, const void *src, unsigned long long n) {
    return check(hipMemcpy(dst, src, n, hipMemcpyDeviceToDevice));
}
COLI_CUDA_API int coli_cuda_pipe_scratch(void *dst, int value, unsigned long long n) {
    return check(hipMemset(dst, value, n));
}
COLI_CUDA_API int coli_cuda_mem_info(coli_memory_info *info) {
    if (!info) return -1;
    info->free_bytes = 0;
    info->total_bytes = 0;
    return 0;
}

/* ---- tensor operations ------------------------------------------------------------------- */

COLI_CUDA_API int coli_cuda_pipe_add(float *out, const float *a, const float *b, unsigned int n) {
    k_add<<<coli_blocks(n), COLI_BLOCK>>>(out, a, b, n);
    return check(hipGetLastError());
}
COLI_CUDA_API int coli_cuda_expert_mlp(float *out, const float *a, const float *b, unsigned int n) {
    k_mul<<<coli_blocks(n), COLI_BLOCK>>>(out, a, b, n);
    return check(hipGetLastError());
}
COLI_CUDA_API int coli_cuda_tensor_update(float *x, float s, unsigned int n) {
    k_scale<<<coli_blocks(n), COLI_BLOCK>>>(x, s, n);
    return check(hipGetLastError());
}
COLI_CUDA_API int coli_cuda_pipe_silu_mul(float *x, unsigned int n) {
    k_silu<<<coli_blocks(n), COLI_BLOCK>>>(x, n);
    return check(hipGetLastError());
}
COLI_CUDA_API int coli_cuda_pipe_rmsnorm(float *out, const float *x, const float *w, unsigned int n, float eps) {
    k_rmsnorm<<<1, COLI_BLOCK>>>(out, x, w, n, eps);
    return check(hipGetLastError());
}
COLI_CUDA_API int coli_cuda_pipe_router(float *x, unsigned int n) {
    k_softmax<<<1, 1>>>(x, n);
    return check(hipGetLastError());
}
COLI_CUDA_API int coli_cuda_matmul(float *out, const float *a, const float *b, unsigned int m,
                                       unsigned int k, unsigned int n) {
    k_matmul<<<dim3(coli_blocks(n), m), COLI_BLOCK>>>(out, a, b, m, k, n);
    return check(hipGetLastError());
}
COLI_CUDA_API int coli_cuda_expert_group_take(int *out, const float *x, unsigned int n) {
    k_argmax<<<1, 1>>>(out, x, n);
    return check(hipGetLastError());
}
COLI_CUDA_API int coli_cuda_pipe_rope(float *q, unsigned int dim, unsigned int pos, float theta) {
    k_rope<<<coli_blocks(dim / 2), COLI_BLOCK>>>(q, dim, pos, theta);
    return check(hipGetLastError());
}

/* Operations this build accepts but implements on top of the ones above. */
COLI_CUDA_API int coli_cuda_pipe_gemm(float *out, const void *a, const float *b, unsigned int m,
                                      unsigned int k, unsigned int n) { return -2; }
COLI_CUDA_API int coli_cuda_shared_mlp_w4a16(float *out, const void *a, const float *b, unsigned int m,
                                      unsigned int k, unsigned int n) { return -2; }
COLI_CUDA_API int coli_cuda_tensor_upload_g(float *out, const void *q, unsigned int n) { return -2; }
COLI_CUDA_API int coli_cuda_expert_group(float *out, const void *q, unsigned int n) { return -2; }
COLI_CUDA_API int coli_cuda_pipe_rmsnorm_s(float *out, const float *x, const float *w, const float *b,
                                      unsigned int n, float eps) { return -2; }
COLI_CUDA_API int coli_cuda_expert_group_issue(float *x, unsigned int n) { return -2; }
COLI_CUDA_API int coli_cuda_pipe_rows_add(float *out, const float *table, const int *ids,
                                             unsigned int count, unsigned int dim) { return -2; }
COLI_CUDA_API int coli_cuda_attention_absorb(float *out, const float *q, const float *k, const float *v,
                                      unsigned int heads, unsigned int len, unsigned int dim) { return -2; }
COLI_CUDA_API int coli_cuda_attention_absorb_batch(int *out, const float *logits, unsigned int n, unsigned int k,
                                        float temperature, unsigned long long seed) { return -2; }
COLI_CUDA_API int coli_cuda_attention_absorb_kvdev(void *cache, const float *k, const float *v, unsigned int pos) { return -2; }
COLI_CUDA_API int coli_cuda_tensor_free(void *cache) { return 0; }

/* ---- streams, events and graphs ------------------------------------------------------------ */

COLI_CUDA_API void *coli_cuda_attention_absorb_batch_dev(void) { return 0; }
COLI_CUDA_API void coli_cuda_attention_project_batch(void *stream) {}
COLI_CUDA_API int coli_cuda_expert_group_resident_take(void *stream) { return check(hipDeviceSynchronize()); }
COLI_CUDA_API int coli_cuda_expert_group_resident_issue(void *event, void *stream) { return 0; }
COLI_CUDA_API float coli_cuda_attention_project_ragged(void *start, void *end) { return 0.0f; }
COLI_CUDA_API int coli_cuda_device_integrated(void *stream) { return -2; }
COLI_CUDA_API int coli_cuda_e8_set_grid(void *stream) { return -2; }
