/* backend_loader.c, variant: shorthand macros that derive each function pointer type from the
 * name, a group macro for the chain entry points, and another name for RESOLVE.
 */
#include <windows.h>
#include <stdio.h>

typedef struct coli_chain coli_chain;
typedef struct coli_memory_info coli_memory_info;

typedef struct coli_backend {
    HMODULE module;
    int (*init)(int device);
    void (*shutdown)(void);
    int (*device_count)(void);
    int (*device_at)(void);
    int (*stats)(void);
    const char *(*group_stats)(int code);
    int (*tensor_device)(void);
    int (*pipe_sync)(void);
    void *(*pipe_alloc)(unsigned long long bytes);
    void (*pipe_free)(void *p);
    int (*tensor_upload)(void *dst, const void *src, unsigned long long n);
    int (*pipe_download)(void *dst, const void *src, unsigned long long n);
    int (*pipe_copy2d)(void *dst, const void *src, unsigned long long n);
    int (*pipe_scratch)(void *dst, int value, unsigned long long n);
    int (*mem_info)(coli_memory_info *info);
    int (*pipe_add)(float *out, const float *a, const float *b, unsigned int n);
    int (*expert_mlp)(float *out, const float *a, const float *b, unsigned int n);
    int (*tensor_update)(float *x, float s, unsigned int n);
    int (*pipe_silu_mul)(float *x, unsigned int n);
    int (*pipe_rmsnorm)(float *out, const float *x, const float *w, unsigned int n, float eps);
    int (*pipe_router)(float *x, unsigned int n);
    int (*matmul)(float *out, const float *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
    int (*expert_group_take)(int *out, const float *x, unsigned int n);
    int (*pipe_rope)(float *q, unsigned int dim, unsigned int pos, float theta);
    int (*pipe_gemm)(float *out, const void *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
    int (*shared_mlp_w4a16)(float *out, const void *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
    int (*tensor_upload_g)(float *out, const void *q, unsigned int n);
    int (*expert_group)(float *out, const void *q, unsigned int n);
    int (*pipe_rmsnorm_s)(float *out, const float *x, const float *w, const float *b, unsigned int n, float eps);
    int (*expert_group_issue)(float *x, unsigned int n);
    int (*pipe_rows_add)(float *out, const float *table, const int *ids, unsigned int count, unsigned int dim);
    int (*attention_absorb)(float *out, const float *q, const float *k, const float *v, unsigned int heads, unsigned int len, unsigned int dim);
    int (*attention_absorb_batch)(int *out, const float *logits, unsigned int n, unsigned int k, float temperature, unsigned long long seed);
    int (*attention_absorb_kvdev)(void *cache, const float *k, const float *v, unsigned int pos);
    int (*tensor_free)(void *cache);
    void *(*attention_absorb_batch_dev)(void);
    void (*attention_project_batch)(void *stream);
    int (*expert_group_resident_take)(void *stream);
    int (*expert_group_resident_issue)(void *event, void *stream);
    float (*attention_project_ragged)(void *start, void *end);
    int (*device_integrated)(void *stream);
    int (*e8_set_grid)(void *stream);
    coli_chain *(*attention_project_batch_dev)(void);
    void (*pipe_peer_copy)(coli_chain *c);
    int (*pipe_rope_base)(coli_chain *c, int kind, float param);
    int (*attention_project_batch_dev_out)(coli_chain *c, float *x, unsigned int n);
    int (*tensor_bytes)(coli_chain *c);
    int (*pipe_upload)(const coli_chain *c);
} coli_backend;

#define RESOLVE(name, type) \
    do { if (!(b->name = (type)GetProcAddress(b->module, "coli_cuda_" #name))) return 0; } while (0)
#define RESOLVE_OPT(name, type) b->name = (type)GetProcAddress(b->module, "coli_cuda_" #name)
#define REQ(n) RESOLVE(n, coli_##n##_fn)
#define OPT(n) RESOLVE_OPT(n, coli_##n##_fn)
#define REQUIRED RESOLVE
#define RESOLVE_CHAIN \
    RESOLVE(attention_project_batch_dev, coli_attention_project_batch_dev_fn); \
    RESOLVE(pipe_peer_copy, coli_pipe_peer_copy_fn); \
    RESOLVE(pipe_rope_base, coli_pipe_rope_base_fn); \
    RESOLVE(attention_project_batch_dev_out, coli_attention_project_batch_dev_out_fn); \
    RESOLVE(tensor_bytes, coli_tensor_bytes_fn); \
    RESOLVE(pipe_upload, coli_pipe_upload_fn)

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
    REQ(init);
    REQ(shutdown);
    REQ(device_count);
    REQ(device_at);
    REQ(stats);
    REQ(group_stats);
    REQ(tensor_device);
    REQ(pipe_sync);
    REQ(pipe_alloc);
    REQ(pipe_free);
    REQ(tensor_upload);
    REQ(pipe_download);
    REQ(pipe_copy2d);
    REQUIRED(pipe_scratch, coli_pipe_scratch_fn);
    REQ(mem_info);
    REQ(pipe_add);
    REQ(expert_mlp);
    REQ(tensor_update);
    REQ(pipe_silu_mul);
    REQ(pipe_rmsnorm);
    REQ(pipe_router);
    REQ(matmul);
    REQ(expert_group_take);
    REQ(pipe_rope);
    REQ(pipe_gemm);
    REQ(shared_mlp_w4a16);
    REQ(tensor_upload_g);
    REQ(expert_group);
    REQ(pipe_rmsnorm_s);
    REQ(expert_group_issue);
    REQ(pipe_rows_add);
    REQ(attention_absorb);
    REQ(attention_absorb_batch);
    REQ(attention_absorb_kvdev);
    REQ(tensor_free);
    REQ(attention_absorb_batch_dev);
    REQ(attention_project_batch);
    REQ(expert_group_resident_take);
    REQ(expert_group_resident_issue);
    REQ(attention_project_ragged);
    OPT(device_integrated);
    OPT(e8_set_grid);
    RESOLVE_CHAIN;
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
