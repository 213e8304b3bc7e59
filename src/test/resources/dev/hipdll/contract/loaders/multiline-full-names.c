/* backend_loader.c, variant: the host spells each export in full and formats long calls
 * clang-format style, one argument per line. The macros pass the name to GetProcAddress as it is.
 */
#include <windows.h>
#include <stdio.h>

typedef struct coli_chain coli_chain;
typedef struct coli_memory_info coli_memory_info;

typedef struct coli_backend {
    HMODULE module;
    int (*coli_cuda_init)(int device);
    void (*coli_cuda_shutdown)(void);
    int (*coli_cuda_device_count)(void);
    int (*coli_cuda_device_at)(void);
    int (*coli_cuda_stats)(void);
    const char *(*coli_cuda_group_stats)(int code);
    int (*coli_cuda_tensor_device)(void);
    int (*coli_cuda_pipe_sync)(void);
    void *(*coli_cuda_pipe_alloc)(unsigned long long bytes);
    void (*coli_cuda_pipe_free)(void *p);
    int (*coli_cuda_tensor_upload)(void *dst, const void *src, unsigned long long n);
    int (*coli_cuda_pipe_download)(void *dst, const void *src, unsigned long long n);
    int (*coli_cuda_pipe_copy2d)(void *dst, const void *src, unsigned long long n);
    int (*coli_cuda_pipe_scratch)(void *dst, int value, unsigned long long n);
    int (*coli_cuda_mem_info)(coli_memory_info *info);
    int (*coli_cuda_pipe_add)(float *out, const float *a, const float *b, unsigned int n);
    int (*coli_cuda_expert_mlp)(float *out, const float *a, const float *b, unsigned int n);
    int (*coli_cuda_tensor_update)(float *x, float s, unsigned int n);
    int (*coli_cuda_pipe_silu_mul)(float *x, unsigned int n);
    int (*coli_cuda_pipe_rmsnorm)(float *out, const float *x, const float *w, unsigned int n, float eps);
    int (*coli_cuda_pipe_router)(float *x, unsigned int n);
    int (*coli_cuda_matmul)(float *out, const float *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
    int (*coli_cuda_expert_group_take)(int *out, const float *x, unsigned int n);
    int (*coli_cuda_pipe_rope)(float *q, unsigned int dim, unsigned int pos, float theta);
    int (*coli_cuda_pipe_gemm)(float *out, const void *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
    int (*coli_cuda_shared_mlp_w4a16)(float *out, const void *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
    int (*coli_cuda_tensor_upload_g)(float *out, const void *q, unsigned int n);
    int (*coli_cuda_expert_group)(float *out, const void *q, unsigned int n);
    int (*coli_cuda_pipe_rmsnorm_s)(float *out, const float *x, const float *w, const float *b, unsigned int n, float eps);
    int (*coli_cuda_expert_group_issue)(float *x, unsigned int n);
    int (*coli_cuda_pipe_rows_add)(float *out, const float *table, const int *ids, unsigned int count, unsigned int dim);
    int (*coli_cuda_attention_absorb)(float *out, const float *q, const float *k, const float *v, unsigned int heads, unsigned int len, unsigned int dim);
    int (*coli_cuda_attention_absorb_batch)(int *out, const float *logits, unsigned int n, unsigned int k, float temperature, unsigned long long seed);
    int (*coli_cuda_attention_absorb_kvdev)(void *cache, const float *k, const float *v, unsigned int pos);
    int (*coli_cuda_tensor_free)(void *cache);
    void *(*coli_cuda_attention_absorb_batch_dev)(void);
    void (*coli_cuda_attention_project_batch)(void *stream);
    int (*coli_cuda_expert_group_resident_take)(void *stream);
    int (*coli_cuda_expert_group_resident_issue)(void *event, void *stream);
    float (*coli_cuda_attention_project_ragged)(void *start, void *end);
    int (*coli_cuda_device_integrated)(void *stream);
    int (*coli_cuda_e8_set_grid)(void *stream);
    coli_chain *(*coli_cuda_attention_project_batch_dev)(void);
    void (*coli_cuda_pipe_peer_copy)(coli_chain *c);
    int (*coli_cuda_pipe_rope_base)(coli_chain *c, int kind, float param);
    int (*coli_cuda_attention_project_batch_dev_out)(coli_chain *c, float *x, unsigned int n);
    int (*coli_cuda_tensor_bytes)(coli_chain *c);
    int (*coli_cuda_pipe_upload)(const coli_chain *c);
} coli_backend;

#define RESOLVE(sym, type)                                                        \
    do {                                                                           \
        b->sym = (type)GetProcAddress(b->module, #sym);                            \
        if (!b->sym) {                                                             \
            fprintf(stderr, "backend: required symbol %s missing\n", #sym);        \
            return 0;                                                              \
        }                                                                          \
    } while (0)
#define RESOLVE_OPT(sym, type) (b->sym = (type)GetProcAddress(b->module, #sym))

typedef int (*coli_init_fn)(int device);
typedef void (*coli_shutdown_fn)(void);
typedef int (*coli_device_count_fn)(void);
typedef int (*coli_device_at_fn)(void);
typedef int (*coli_stats_fn)(void);
typedef const char *(*coli_group_stats_fn)(int code);
typedef int (*coli_tensor_device_fn)(void);
typedef int (*coli_pipe_sync_fn)(void);
typedef void *(*coli_pipe_alloc_fn)(unsigned long long bytes);
typedef void (*coli_pipe_free_fn)(void *p);
typedef int (*coli_tensor_upload_fn)(void *dst, const void *src, unsigned long long n);
typedef int (*coli_pipe_download_fn)(void *dst, const void *src, unsigned long long n);
typedef int (*coli_pipe_copy2d_fn)(void *dst, const void *src, unsigned long long n);
typedef int (*coli_pipe_scratch_fn)(void *dst, int value, unsigned long long n);
typedef int (*coli_mem_info_fn)(coli_memory_info *info);
typedef int (*coli_pipe_add_fn)(float *out, const float *a, const float *b, unsigned int n);
typedef int (*coli_expert_mlp_fn)(float *out, const float *a, const float *b, unsigned int n);
typedef int (*coli_tensor_update_fn)(float *x, float s, unsigned int n);
typedef int (*coli_pipe_silu_mul_fn)(float *x, unsigned int n);
typedef int (*coli_pipe_rmsnorm_fn)(float *out, const float *x, const float *w, unsigned int n, float eps);
typedef int (*coli_pipe_router_fn)(float *x, unsigned int n);
typedef int (*coli_matmul_fn)(float *out, const float *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
typedef int (*coli_expert_group_take_fn)(int *out, const float *x, unsigned int n);
typedef int (*coli_pipe_rope_fn)(float *q, unsigned int dim, unsigned int pos, float theta);
typedef int (*coli_pipe_gemm_fn)(float *out, const void *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
typedef int (*coli_shared_mlp_w4a16_fn)(float *out, const void *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
typedef int (*coli_tensor_upload_g_fn)(float *out, const void *q, unsigned int n);
typedef int (*coli_expert_group_fn)(float *out, const void *q, unsigned int n);
typedef int (*coli_pipe_rmsnorm_s_fn)(float *out, const float *x, const float *w, const float *b, unsigned int n, float eps);
typedef int (*coli_expert_group_issue_fn)(float *x, unsigned int n);
typedef int (*coli_pipe_rows_add_fn)(float *out, const float *table, const int *ids, unsigned int count, unsigned int dim);
typedef int (*coli_attention_absorb_fn)(float *out, const float *q, const float *k, const float *v, unsigned int heads, unsigned int len, unsigned int dim);
typedef int (*coli_attention_absorb_batch_fn)(int *out, const float *logits, unsigned int n, unsigned int k, float temperature, unsigned long long seed);
typedef int (*coli_attention_absorb_kvdev_fn)(void *cache, const float *k, const float *v, unsigned int pos);
typedef int (*coli_tensor_free_fn)(void *cache);
typedef void *(*coli_attention_absorb_batch_dev_fn)(void);
typedef void (*coli_attention_project_batch_fn)(void *stream);
typedef int (*coli_expert_group_resident_take_fn)(void *stream);
typedef int (*coli_expert_group_resident_issue_fn)(void *event, void *stream);
typedef float (*coli_attention_project_ragged_fn)(void *start, void *end);
typedef int (*coli_device_integrated_fn)(void *stream);
typedef int (*coli_e8_set_grid_fn)(void *stream);
typedef coli_chain *(*coli_attention_project_batch_dev_fn)(void);
typedef void (*coli_pipe_peer_copy_fn)(coli_chain *c);
typedef int (*coli_pipe_rope_base_fn)(coli_chain *c, int kind, float param);
typedef int (*coli_attention_project_batch_dev_out_fn)(coli_chain *c, float *x, unsigned int n);
typedef int (*coli_tensor_bytes_fn)(coli_chain *c);
typedef int (*coli_pipe_upload_fn)(const coli_chain *c);

static int coli_backend_resolve(coli_backend *b) {
    RESOLVE(
        coli_cuda_init,
        coli_init_fn);
    RESOLVE
    (coli_cuda_shutdown, coli_shutdown_fn);
    RESOLVE( coli_cuda_device_count ,
             coli_device_count_fn );
    RESOLVE(coli_cuda_device_at, coli_device_at_fn);
    RESOLVE(
        coli_cuda_stats,
        coli_stats_fn);
    RESOLVE
    (coli_cuda_group_stats, coli_group_stats_fn);
    RESOLVE( coli_cuda_tensor_device ,
             coli_tensor_device_fn );
    RESOLVE(coli_cuda_pipe_sync, coli_pipe_sync_fn);
    RESOLVE(
        coli_cuda_pipe_alloc,
        coli_pipe_alloc_fn);
    RESOLVE
    (coli_cuda_pipe_free, coli_pipe_free_fn);
    RESOLVE( coli_cuda_tensor_upload ,
             coli_tensor_upload_fn );
    RESOLVE(coli_cuda_pipe_download, coli_pipe_download_fn);
    RESOLVE(
        coli_cuda_pipe_copy2d,
        coli_pipe_copy2d_fn);
    RESOLVE
    (coli_cuda_pipe_scratch, coli_pipe_scratch_fn);
    RESOLVE( coli_cuda_mem_info ,
             coli_mem_info_fn );
    RESOLVE(coli_cuda_pipe_add, coli_pipe_add_fn);
    RESOLVE(
        coli_cuda_expert_mlp,
        coli_expert_mlp_fn);
    RESOLVE
    (coli_cuda_tensor_update, coli_tensor_update_fn);
    RESOLVE( coli_cuda_pipe_silu_mul ,
             coli_pipe_silu_mul_fn );
    RESOLVE(coli_cuda_pipe_rmsnorm, coli_pipe_rmsnorm_fn);
    RESOLVE(
        coli_cuda_pipe_router,
        coli_pipe_router_fn);
    RESOLVE
    (coli_cuda_matmul, coli_matmul_fn);
    RESOLVE( coli_cuda_expert_group_take ,
             coli_expert_group_take_fn );
    RESOLVE(coli_cuda_pipe_rope, coli_pipe_rope_fn);
    RESOLVE(
        coli_cuda_pipe_gemm,
        coli_pipe_gemm_fn);
    RESOLVE
    (coli_cuda_shared_mlp_w4a16, coli_shared_mlp_w4a16_fn);
    RESOLVE( coli_cuda_tensor_upload_g ,
             coli_tensor_upload_g_fn );
    RESOLVE(coli_cuda_expert_group, coli_expert_group_fn);
    RESOLVE(
        coli_cuda_pipe_rmsnorm_s,
        coli_pipe_rmsnorm_s_fn);
    RESOLVE
    (coli_cuda_expert_group_issue, coli_expert_group_issue_fn);
    RESOLVE( coli_cuda_pipe_rows_add ,
             coli_pipe_rows_add_fn );
    RESOLVE(coli_cuda_attention_absorb, coli_attention_absorb_fn);
    RESOLVE(
        coli_cuda_attention_absorb_batch,
        coli_attention_absorb_batch_fn);
    RESOLVE
    (coli_cuda_attention_absorb_kvdev, coli_attention_absorb_kvdev_fn);
    RESOLVE( coli_cuda_tensor_free ,
             coli_tensor_free_fn );
    RESOLVE(coli_cuda_attention_absorb_batch_dev, coli_attention_absorb_batch_dev_fn);
    RESOLVE(
        coli_cuda_attention_project_batch,
        coli_attention_project_batch_fn);
    RESOLVE
    (coli_cuda_expert_group_resident_take, coli_expert_group_resident_take_fn);
    RESOLVE( coli_cuda_expert_group_resident_issue ,
             coli_expert_group_resident_issue_fn );
    RESOLVE(coli_cuda_attention_project_ragged, coli_attention_project_ragged_fn);
    RESOLVE_OPT(
        coli_cuda_device_integrated,
        coli_device_integrated_fn);
    RESOLVE_OPT
    (coli_cuda_e8_set_grid, coli_e8_set_grid_fn);
    RESOLVE( coli_cuda_attention_project_batch_dev ,
             coli_attention_project_batch_dev_fn );
    RESOLVE(coli_cuda_pipe_peer_copy, coli_pipe_peer_copy_fn);
    RESOLVE(
        coli_cuda_pipe_rope_base,
        coli_pipe_rope_base_fn);
    RESOLVE
    (coli_cuda_attention_project_batch_dev_out, coli_attention_project_batch_dev_out_fn);
    RESOLVE( coli_cuda_tensor_bytes ,
             coli_tensor_bytes_fn );
    RESOLVE(coli_cuda_pipe_upload, coli_pipe_upload_fn);
    return 1;
}

int coli_backend_load(coli_backend *b, const wchar_t *path) {
    b->module = LoadLibraryExW(path, NULL, LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR | LOAD_LIBRARY_SEARCH_SYSTEM32);
    if (!b->module) return 0;
    if (!coli_backend_resolve(b)) {
        FreeLibrary(b->module);
        b->module = NULL;
        return 0;
    }
    return 1;
}
