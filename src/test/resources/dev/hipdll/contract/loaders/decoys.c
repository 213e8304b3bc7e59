/* backend_loader.c, variant: decoys that are not RESOLVE uses: comments, string literals,
 * character constants, other macros whose names contain RESOLVE, the macros' own definitions.
 */
#include <windows.h>
#include <stdio.h>
#pragma message("RESOLVE(in_pragma, f) is not a use")

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

#define MY_RESOLVE(name, type) ((void)0)
#define RESOLVEX(name, type) ((void)0)
#define RESOLVE_OPTIONAL(name, type) ((void)0)
#define RESOLVE(name, type) \
    do { \
        /* RESOLVE(in_macro_comment, f) */ \
        b->name = (type)GetProcAddress(b->module, "coli_cuda_" #name); \
        if (!b->name) { fprintf(stderr, "RESOLVE(%s) failed\n", #name); return 0; } \
    } while (0)
#define RESOLVE_OPT(name, type) RESOLVE_OPT_IMPL(b, name, type)
#define RESOLVE_OPT_IMPL(b, name, type) b->name = (type)GetProcAddress(b->module, "coli_cuda_" #name)

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

static const char *const decoy = "RESOLVE(\"quoted\", f)";
static const char paren = '(';
static void log_line(const char *s) { fputs(s, stderr); }

static int coli_backend_resolve(coli_backend *b) {
    /* RESOLVE(commented_out, init_fn);
       RESOLVE_OPT(block_comment, init_fn); */
    // RESOLVE(line_comment, init_fn);
    RESOLVE(init, coli_init_fn);
    MY_RESOLVE(not_ours, coli_shutdown_fn);
    RESOLVEX(not_ours_either, coli_shutdown_fn);
    RESOLVE_OPTIONAL(nor_this, coli_shutdown_fn);
    RESOLVE(shutdown, coli_shutdown_fn);
    RESOLVE(device_count, coli_device_count_fn);
    RESOLVE(device_at, coli_device_at_fn);
    log_line("RESOLVE(in_string, f); \" RESOLVE_OPT(still_in_string, f)");
    if (decoy[0] == '(' || decoy[0] == ')' || paren == '"') { /* raw '(' character constants */ }
    RESOLVE(stats, coli_stats_fn);
    RESOLVE(group_stats, coli_group_stats_fn);
    RESOLVE(tensor_device, coli_tensor_device_fn);
    RESOLVE(pipe_sync, coli_pipe_sync_fn);
    RESOLVE(pipe_alloc, coli_pipe_alloc_fn);
    RESOLVE(pipe_free, coli_pipe_free_fn);
    RESOLVE(tensor_upload, coli_tensor_upload_fn);
    RESOLVE(pipe_download, coli_pipe_download_fn);
    RESOLVE(pipe_copy2d, coli_pipe_copy2d_fn);
    RESOLVE(pipe_scratch, coli_pipe_scratch_fn);
    RESOLVE(mem_info, coli_mem_info_fn);
    RESOLVE(pipe_add, coli_pipe_add_fn);
    RESOLVE(expert_mlp, coli_expert_mlp_fn);
    RESOLVE(tensor_update, coli_tensor_update_fn);
    RESOLVE(pipe_silu_mul, coli_pipe_silu_mul_fn);
    RESOLVE(pipe_rmsnorm, coli_pipe_rmsnorm_fn);
    RESOLVE(pipe_router, coli_pipe_router_fn);
    RESOLVE(matmul, coli_matmul_fn);
    RESOLVE(expert_group_take, coli_expert_group_take_fn);
    RESOLVE(pipe_rope, coli_pipe_rope_fn);
    RESOLVE(pipe_gemm, coli_pipe_gemm_fn);
    RESOLVE(shared_mlp_w4a16, coli_shared_mlp_w4a16_fn);
    RESOLVE(tensor_upload_g, coli_tensor_upload_g_fn);
    RESOLVE(expert_group, coli_expert_group_fn);
    RESOLVE(pipe_rmsnorm_s, coli_pipe_rmsnorm_s_fn);
    RESOLVE(expert_group_issue, coli_expert_group_issue_fn);
    RESOLVE(pipe_rows_add, coli_pipe_rows_add_fn);
    RESOLVE(attention_absorb, coli_attention_absorb_fn);
    RESOLVE(attention_absorb_batch, coli_attention_absorb_batch_fn);
    RESOLVE(attention_absorb_kvdev, coli_attention_absorb_kvdev_fn);
    RESOLVE(tensor_free, coli_tensor_free_fn);
    RESOLVE(attention_absorb_batch_dev, coli_attention_absorb_batch_dev_fn);
    RESOLVE(attention_project_batch, coli_attention_project_batch_fn);
    RESOLVE(expert_group_resident_take, coli_expert_group_resident_take_fn);
    RESOLVE(expert_group_resident_issue, coli_expert_group_resident_issue_fn);
    RESOLVE(attention_project_ragged, coli_attention_project_ragged_fn);
    RESOLVE_OPT(device_integrated, coli_device_integrated_fn);
    RESOLVE_OPT(e8_set_grid, coli_e8_set_grid_fn);
    RESOLVE(attention_project_batch_dev, coli_attention_project_batch_dev_fn);
    RESOLVE(pipe_peer_copy, coli_pipe_peer_copy_fn);
    RESOLVE(pipe_rope_base, coli_pipe_rope_base_fn);
    RESOLVE(attention_project_batch_dev_out, coli_attention_project_batch_dev_out_fn);
    RESOLVE(tensor_bytes, coli_tensor_bytes_fn);
    RESOLVE(pipe_upload, coli_pipe_upload_fn);
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
