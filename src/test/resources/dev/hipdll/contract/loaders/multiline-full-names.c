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
    int (*coli_cuda_current_device)(void);
    int (*coli_cuda_last_error)(void);
    const char *(*coli_cuda_error_string)(int code);
    int (*coli_cuda_runtime_version)(void);
    int (*coli_cuda_synchronize)(void);
    void *(*coli_cuda_malloc)(unsigned long long bytes);
    void (*coli_cuda_free)(void *p);
    int (*coli_cuda_memcpy_h2d)(void *dst, const void *src, unsigned long long n);
    int (*coli_cuda_memcpy_d2h)(void *dst, const void *src, unsigned long long n);
    int (*coli_cuda_memcpy_d2d)(void *dst, const void *src, unsigned long long n);
    int (*coli_cuda_memset)(void *dst, int value, unsigned long long n);
    int (*coli_cuda_memory_info)(coli_memory_info *info);
    int (*coli_cuda_add)(float *out, const float *a, const float *b, unsigned int n);
    int (*coli_cuda_mul)(float *out, const float *a, const float *b, unsigned int n);
    int (*coli_cuda_scale)(float *x, float s, unsigned int n);
    int (*coli_cuda_silu)(float *x, unsigned int n);
    int (*coli_cuda_rmsnorm)(float *out, const float *x, const float *w, unsigned int n, float eps);
    int (*coli_cuda_softmax)(float *x, unsigned int n);
    int (*coli_cuda_matmul_f32)(float *out, const float *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
    int (*coli_cuda_argmax)(int *out, const float *x, unsigned int n);
    int (*coli_cuda_rope)(float *q, unsigned int dim, unsigned int pos, float theta);
    int (*coli_cuda_matmul_q8)(float *out, const void *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
    int (*coli_cuda_matmul_q4)(float *out, const void *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
    int (*coli_cuda_dequant_q8)(float *out, const void *q, unsigned int n);
    int (*coli_cuda_dequant_q4)(float *out, const void *q, unsigned int n);
    int (*coli_cuda_layernorm)(float *out, const float *x, const float *w, const float *b, unsigned int n, float eps);
    int (*coli_cuda_gelu)(float *x, unsigned int n);
    int (*coli_cuda_embedding_lookup)(float *out, const float *table, const int *ids, unsigned int count, unsigned int dim);
    int (*coli_cuda_attention)(float *out, const float *q, const float *k, const float *v, unsigned int heads, unsigned int len, unsigned int dim);
    int (*coli_cuda_sample_topk)(int *out, const float *logits, unsigned int n, unsigned int k, float temperature, unsigned long long seed);
    int (*coli_cuda_kv_cache_append)(void *cache, const float *k, const float *v, unsigned int pos);
    int (*coli_cuda_kv_cache_reset)(void *cache);
    void *(*coli_cuda_stream_create)(void);
    void (*coli_cuda_stream_destroy)(void *stream);
    int (*coli_cuda_stream_sync)(void *stream);
    int (*coli_cuda_event_record)(void *event, void *stream);
    float (*coli_cuda_event_elapsed_ms)(void *start, void *end);
    int (*coli_cuda_graph_capture_begin)(void *stream);
    int (*coli_cuda_graph_capture_end)(void *stream);
    coli_chain *(*coli_cuda_chain_create)(void);
    void (*coli_cuda_chain_destroy)(coli_chain *c);
    int (*coli_cuda_chain_add_layer)(coli_chain *c, int kind, float param);
    int (*coli_cuda_chain_run)(coli_chain *c, float *x, unsigned int n);
    int (*coli_cuda_chain_reset)(coli_chain *c);
    int (*coli_cuda_chain_length)(const coli_chain *c);
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
typedef int (*coli_current_device_fn)(void);
typedef int (*coli_last_error_fn)(void);
typedef const char *(*coli_error_string_fn)(int code);
typedef int (*coli_runtime_version_fn)(void);
typedef int (*coli_synchronize_fn)(void);
typedef void *(*coli_malloc_fn)(unsigned long long bytes);
typedef void (*coli_free_fn)(void *p);
typedef int (*coli_memcpy_h2d_fn)(void *dst, const void *src, unsigned long long n);
typedef int (*coli_memcpy_d2h_fn)(void *dst, const void *src, unsigned long long n);
typedef int (*coli_memcpy_d2d_fn)(void *dst, const void *src, unsigned long long n);
typedef int (*coli_memset_fn)(void *dst, int value, unsigned long long n);
typedef int (*coli_memory_info_fn)(coli_memory_info *info);
typedef int (*coli_add_fn)(float *out, const float *a, const float *b, unsigned int n);
typedef int (*coli_mul_fn)(float *out, const float *a, const float *b, unsigned int n);
typedef int (*coli_scale_fn)(float *x, float s, unsigned int n);
typedef int (*coli_silu_fn)(float *x, unsigned int n);
typedef int (*coli_rmsnorm_fn)(float *out, const float *x, const float *w, unsigned int n, float eps);
typedef int (*coli_softmax_fn)(float *x, unsigned int n);
typedef int (*coli_matmul_f32_fn)(float *out, const float *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
typedef int (*coli_argmax_fn)(int *out, const float *x, unsigned int n);
typedef int (*coli_rope_fn)(float *q, unsigned int dim, unsigned int pos, float theta);
typedef int (*coli_matmul_q8_fn)(float *out, const void *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
typedef int (*coli_matmul_q4_fn)(float *out, const void *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
typedef int (*coli_dequant_q8_fn)(float *out, const void *q, unsigned int n);
typedef int (*coli_dequant_q4_fn)(float *out, const void *q, unsigned int n);
typedef int (*coli_layernorm_fn)(float *out, const float *x, const float *w, const float *b, unsigned int n, float eps);
typedef int (*coli_gelu_fn)(float *x, unsigned int n);
typedef int (*coli_embedding_lookup_fn)(float *out, const float *table, const int *ids, unsigned int count, unsigned int dim);
typedef int (*coli_attention_fn)(float *out, const float *q, const float *k, const float *v, unsigned int heads, unsigned int len, unsigned int dim);
typedef int (*coli_sample_topk_fn)(int *out, const float *logits, unsigned int n, unsigned int k, float temperature, unsigned long long seed);
typedef int (*coli_kv_cache_append_fn)(void *cache, const float *k, const float *v, unsigned int pos);
typedef int (*coli_kv_cache_reset_fn)(void *cache);
typedef void *(*coli_stream_create_fn)(void);
typedef void (*coli_stream_destroy_fn)(void *stream);
typedef int (*coli_stream_sync_fn)(void *stream);
typedef int (*coli_event_record_fn)(void *event, void *stream);
typedef float (*coli_event_elapsed_ms_fn)(void *start, void *end);
typedef int (*coli_graph_capture_begin_fn)(void *stream);
typedef int (*coli_graph_capture_end_fn)(void *stream);
typedef coli_chain *(*coli_chain_create_fn)(void);
typedef void (*coli_chain_destroy_fn)(coli_chain *c);
typedef int (*coli_chain_add_layer_fn)(coli_chain *c, int kind, float param);
typedef int (*coli_chain_run_fn)(coli_chain *c, float *x, unsigned int n);
typedef int (*coli_chain_reset_fn)(coli_chain *c);
typedef int (*coli_chain_length_fn)(const coli_chain *c);

static int coli_backend_resolve(coli_backend *b) {
    RESOLVE(
        coli_cuda_init,
        coli_init_fn);
    RESOLVE
    (coli_cuda_shutdown, coli_shutdown_fn);
    RESOLVE( coli_cuda_device_count ,
             coli_device_count_fn );
    RESOLVE(coli_cuda_current_device, coli_current_device_fn);
    RESOLVE(
        coli_cuda_last_error,
        coli_last_error_fn);
    RESOLVE
    (coli_cuda_error_string, coli_error_string_fn);
    RESOLVE( coli_cuda_runtime_version ,
             coli_runtime_version_fn );
    RESOLVE(coli_cuda_synchronize, coli_synchronize_fn);
    RESOLVE(
        coli_cuda_malloc,
        coli_malloc_fn);
    RESOLVE
    (coli_cuda_free, coli_free_fn);
    RESOLVE( coli_cuda_memcpy_h2d ,
             coli_memcpy_h2d_fn );
    RESOLVE(coli_cuda_memcpy_d2h, coli_memcpy_d2h_fn);
    RESOLVE(
        coli_cuda_memcpy_d2d,
        coli_memcpy_d2d_fn);
    RESOLVE
    (coli_cuda_memset, coli_memset_fn);
    RESOLVE( coli_cuda_memory_info ,
             coli_memory_info_fn );
    RESOLVE(coli_cuda_add, coli_add_fn);
    RESOLVE(
        coli_cuda_mul,
        coli_mul_fn);
    RESOLVE
    (coli_cuda_scale, coli_scale_fn);
    RESOLVE( coli_cuda_silu ,
             coli_silu_fn );
    RESOLVE(coli_cuda_rmsnorm, coli_rmsnorm_fn);
    RESOLVE(
        coli_cuda_softmax,
        coli_softmax_fn);
    RESOLVE
    (coli_cuda_matmul_f32, coli_matmul_f32_fn);
    RESOLVE( coli_cuda_argmax ,
             coli_argmax_fn );
    RESOLVE(coli_cuda_rope, coli_rope_fn);
    RESOLVE(
        coli_cuda_matmul_q8,
        coli_matmul_q8_fn);
    RESOLVE
    (coli_cuda_matmul_q4, coli_matmul_q4_fn);
    RESOLVE( coli_cuda_dequant_q8 ,
             coli_dequant_q8_fn );
    RESOLVE(coli_cuda_dequant_q4, coli_dequant_q4_fn);
    RESOLVE(
        coli_cuda_layernorm,
        coli_layernorm_fn);
    RESOLVE
    (coli_cuda_gelu, coli_gelu_fn);
    RESOLVE( coli_cuda_embedding_lookup ,
             coli_embedding_lookup_fn );
    RESOLVE(coli_cuda_attention, coli_attention_fn);
    RESOLVE(
        coli_cuda_sample_topk,
        coli_sample_topk_fn);
    RESOLVE
    (coli_cuda_kv_cache_append, coli_kv_cache_append_fn);
    RESOLVE( coli_cuda_kv_cache_reset ,
             coli_kv_cache_reset_fn );
    RESOLVE(coli_cuda_stream_create, coli_stream_create_fn);
    RESOLVE(
        coli_cuda_stream_destroy,
        coli_stream_destroy_fn);
    RESOLVE
    (coli_cuda_stream_sync, coli_stream_sync_fn);
    RESOLVE( coli_cuda_event_record ,
             coli_event_record_fn );
    RESOLVE(coli_cuda_event_elapsed_ms, coli_event_elapsed_ms_fn);
    RESOLVE_OPT(
        coli_cuda_graph_capture_begin,
        coli_graph_capture_begin_fn);
    RESOLVE_OPT
    (coli_cuda_graph_capture_end, coli_graph_capture_end_fn);
    RESOLVE( coli_cuda_chain_create ,
             coli_chain_create_fn );
    RESOLVE(coli_cuda_chain_destroy, coli_chain_destroy_fn);
    RESOLVE(
        coli_cuda_chain_add_layer,
        coli_chain_add_layer_fn);
    RESOLVE
    (coli_cuda_chain_run, coli_chain_run_fn);
    RESOLVE( coli_cuda_chain_reset ,
             coli_chain_reset_fn );
    RESOLVE(coli_cuda_chain_length, coli_chain_length_fn);
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
