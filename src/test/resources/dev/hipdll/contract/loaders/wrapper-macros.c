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
    int (*current_device)(void);
    int (*last_error)(void);
    const char *(*error_string)(int code);
    int (*runtime_version)(void);
    int (*synchronize)(void);
    void *(*malloc)(unsigned long long bytes);
    void (*free)(void *p);
    int (*memcpy_h2d)(void *dst, const void *src, unsigned long long n);
    int (*memcpy_d2h)(void *dst, const void *src, unsigned long long n);
    int (*memcpy_d2d)(void *dst, const void *src, unsigned long long n);
    int (*memset)(void *dst, int value, unsigned long long n);
    int (*memory_info)(coli_memory_info *info);
    int (*add)(float *out, const float *a, const float *b, unsigned int n);
    int (*mul)(float *out, const float *a, const float *b, unsigned int n);
    int (*scale)(float *x, float s, unsigned int n);
    int (*silu)(float *x, unsigned int n);
    int (*rmsnorm)(float *out, const float *x, const float *w, unsigned int n, float eps);
    int (*softmax)(float *x, unsigned int n);
    int (*matmul_f32)(float *out, const float *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
    int (*argmax)(int *out, const float *x, unsigned int n);
    int (*rope)(float *q, unsigned int dim, unsigned int pos, float theta);
    int (*matmul_q8)(float *out, const void *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
    int (*matmul_q4)(float *out, const void *a, const float *b, unsigned int m, unsigned int k, unsigned int n);
    int (*dequant_q8)(float *out, const void *q, unsigned int n);
    int (*dequant_q4)(float *out, const void *q, unsigned int n);
    int (*layernorm)(float *out, const float *x, const float *w, const float *b, unsigned int n, float eps);
    int (*gelu)(float *x, unsigned int n);
    int (*embedding_lookup)(float *out, const float *table, const int *ids, unsigned int count, unsigned int dim);
    int (*attention)(float *out, const float *q, const float *k, const float *v, unsigned int heads, unsigned int len, unsigned int dim);
    int (*sample_topk)(int *out, const float *logits, unsigned int n, unsigned int k, float temperature, unsigned long long seed);
    int (*kv_cache_append)(void *cache, const float *k, const float *v, unsigned int pos);
    int (*kv_cache_reset)(void *cache);
    void *(*stream_create)(void);
    void (*stream_destroy)(void *stream);
    int (*stream_sync)(void *stream);
    int (*event_record)(void *event, void *stream);
    float (*event_elapsed_ms)(void *start, void *end);
    int (*graph_capture_begin)(void *stream);
    int (*graph_capture_end)(void *stream);
    coli_chain *(*chain_create)(void);
    void (*chain_destroy)(coli_chain *c);
    int (*chain_add_layer)(coli_chain *c, int kind, float param);
    int (*chain_run)(coli_chain *c, float *x, unsigned int n);
    int (*chain_reset)(coli_chain *c);
    int (*chain_length)(const coli_chain *c);
} coli_backend;

#define RESOLVE(name, type) \
    do { if (!(b->name = (type)GetProcAddress(b->module, "coli_cuda_" #name))) return 0; } while (0)
#define RESOLVE_OPT(name, type) b->name = (type)GetProcAddress(b->module, "coli_cuda_" #name)
#define REQ(n) RESOLVE(n, coli_##n##_fn)
#define OPT(n) RESOLVE_OPT(n, coli_##n##_fn)
#define REQUIRED RESOLVE
#define RESOLVE_CHAIN \
    RESOLVE(chain_create, coli_chain_create_fn); \
    RESOLVE(chain_destroy, coli_chain_destroy_fn); \
    RESOLVE(chain_add_layer, coli_chain_add_layer_fn); \
    RESOLVE(chain_run, coli_chain_run_fn); \
    RESOLVE(chain_reset, coli_chain_reset_fn); \
    RESOLVE(chain_length, coli_chain_length_fn)

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
    REQ(init);
    REQ(shutdown);
    REQ(device_count);
    REQ(current_device);
    REQ(last_error);
    REQ(error_string);
    REQ(runtime_version);
    REQ(synchronize);
    REQ(malloc);
    REQ(free);
    REQ(memcpy_h2d);
    REQ(memcpy_d2h);
    REQ(memcpy_d2d);
    REQUIRED(memset, coli_memset_fn);
    REQ(memory_info);
    REQ(add);
    REQ(mul);
    REQ(scale);
    REQ(silu);
    REQ(rmsnorm);
    REQ(softmax);
    REQ(matmul_f32);
    REQ(argmax);
    REQ(rope);
    REQ(matmul_q8);
    REQ(matmul_q4);
    REQ(dequant_q8);
    REQ(dequant_q4);
    REQ(layernorm);
    REQ(gelu);
    REQ(embedding_lookup);
    REQ(attention);
    REQ(sample_topk);
    REQ(kv_cache_append);
    REQ(kv_cache_reset);
    REQ(stream_create);
    REQ(stream_destroy);
    REQ(stream_sync);
    REQ(event_record);
    REQ(event_elapsed_ms);
    OPT(graph_capture_begin);
    OPT(graph_capture_end);
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
