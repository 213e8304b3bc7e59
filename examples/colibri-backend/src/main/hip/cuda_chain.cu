/* cuda_chain.cu - layer chains: a fixed sequence of element-wise layers run on one buffer. */
#include <hip/hip_runtime.h>
#include "coli_cuda.h"
#include "ops.h"

#define COLI_CHAIN_MAX 32

struct coli_chain {
    int count;
    int kind[COLI_CHAIN_MAX];
    float param[COLI_CHAIN_MAX];
    unsigned long long runs;
};

static coli_chain g_chains[4];
static int g_chain_used[4];

__global__ void k_chain_affine(float *x, float scale, float bias, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * scale + bias;
}

__global__ void k_chain_clamp(float *x, float lo, float hi, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] < lo ? lo : (x[i] > hi ? hi : x[i]);
}

COLI_CUDA_API coli_chain *coli_cuda_attention_project_batch_dev(void) {
    for (int i = 0; i < 4; ++i) {
        if (!g_chain_used[i]) {
            g_chain_used[i] = 1;
            g_chains[i].count = 0;
            g_chains[i].runs = 0;
            return &g_chains[i];
        }
    }
    return 0;
}

COLI_CUDA_API void coli_cuda_pipe_peer_copy(coli_chain *c) {
    for (int i = 0; i < 4; ++i) if (c == &g_chains[i]) g_chain_used[i] = 0;
}

COLI_CUDA_API int coli_cuda_pipe_rope_base(coli_chain *c, int kind, float param) {
    if (!c || c->count >= COLI_CHAIN_MAX) return -1;
    c->kind[c->count] = kind;
    c->param[c->count] = param;
    return c->count++;
}

COLI_CUDA_API int coli_cuda_attention_project_batch_dev_out(coli_chain *c, float *x, unsigned int n) {
    if (!c) return -1;
    for (int l = 0; l < c->count; ++l) {
        if (c->kind[l] == 0)
            k_chain_affine<<<coli_blocks(n), COLI_BLOCK>>>(x, c->param[l], 0.0f, n);
        else
            k_chain_clamp<<<coli_blocks(n), COLI_BLOCK>>>(x, -c->param[l], c->param[l], n);
        hipError_t e = hipGetLastError();
        if (e != hipSuccess) return (int)e;
    }
    c->runs++;
    return 0;
}

COLI_CUDA_API int coli_cuda_tensor_bytes(coli_chain *c) {
    if (!c) return -1;
    c->count = 0;
    return 0;
}

COLI_CUDA_API int coli_cuda_pipe_upload(const coli_chain *c) { return c ? c->count : -1; }
