/*
 * Stub HIP runtime (bin/amdhip64_7.dll of the stand-in HIP SDK; a test fixture of
 * hipdll-maven-plugin). There is no GPU here: device queries report no device and launches fail
 * with hipErrorNoDevice, but memory calls work on host memory, and fat-binary registrations are
 * recorded so a loader check can see which code objects a DLL registered.
 */
typedef unsigned long long size_t;
typedef struct { unsigned int x, y, z; } dim3;

__declspec(dllimport) void *__stdcall GetProcessHeap(void);
__declspec(dllimport) void *__stdcall HeapAlloc(void *heap, unsigned long flags, size_t bytes);
__declspec(dllimport) int __stdcall HeapFree(void *heap, unsigned long flags, void *mem);

void *__cdecl memcpy(void *dst, const void *src, size_t n);
void *__cdecl memset(void *dst, int c, size_t n);

#define EXPORT __declspec(dllexport)

enum { hipSuccess = 0, hipErrorInvalidValue = 1, hipErrorOutOfMemory = 2, hipErrorNoDevice = 100 };

/* The fat-binary wrapper clang emits into .hipFatB: magic "HIPF", version 1, bundle pointer. */
typedef struct { unsigned int magic; unsigned int version; const void *binary; const void *unused; } fatbin_wrapper;

#define MAX_REGISTRATIONS 64
static const void *registered_bundles[MAX_REGISTRATIONS];
static int registration_count;
static int function_count;
static int last_error;

EXPORT void **__cdecl __hipRegisterFatBinary(const void *data) {
    const fatbin_wrapper *w = (const fatbin_wrapper *)data;
    if (registration_count < MAX_REGISTRATIONS)
        registered_bundles[registration_count] = w ? w->binary : 0;
    registration_count++;
    return (void **)&registered_bundles[registration_count - 1];
}

EXPORT void __cdecl __hipRegisterFunction(void **modules, const void *hostFunction, char *deviceFunction,
                                          const char *deviceName, unsigned int threadLimit, void *tid,
                                          void *bid, dim3 *blockDim, dim3 *gridDim, int *wSize) {
    function_count++;
}

EXPORT void __cdecl __hipRegisterVar(void **modules, void *var, char *hostVar, char *deviceVar, int ext,
                                     size_t size, int constant, int global) {}

EXPORT void __cdecl __hipUnregisterFatBinary(void **modules) {}

/* Stand-in only: how many fat binaries and kernels were registered, and bundle i's address. */
EXPORT int __cdecl hipdllStandinRegistrationCount(void) { return registration_count; }
EXPORT int __cdecl hipdllStandinFunctionCount(void) { return function_count; }
EXPORT const void *__cdecl hipdllStandinRegisteredBundle(int i) {
    return (i >= 0 && i < registration_count && i < MAX_REGISTRATIONS) ? registered_bundles[i] : 0;
}

static dim3 pushed_grid, pushed_block;
static size_t pushed_shmem;
static void *pushed_stream;

EXPORT int __cdecl __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shmem, void *stream) {
    pushed_grid = grid; pushed_block = block; pushed_shmem = shmem; pushed_stream = stream;
    return hipSuccess;
}

EXPORT int __cdecl __hipPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shmem, void **stream) {
    *grid = pushed_grid; *block = pushed_block; *shmem = pushed_shmem; *stream = pushed_stream;
    return hipSuccess;
}

EXPORT int __cdecl hipLaunchKernel(const void *f, dim3 grid, dim3 block, void **args, size_t shmem, void *stream) {
    return last_error = hipErrorNoDevice;
}

EXPORT int __cdecl hipMalloc(void **ptr, size_t size) {
    if (!ptr) return last_error = hipErrorInvalidValue;
    *ptr = HeapAlloc(GetProcessHeap(), 0, size ? size : 1);
    return *ptr ? hipSuccess : (last_error = hipErrorOutOfMemory);
}

EXPORT int __cdecl hipFree(void *ptr) {
    if (ptr) HeapFree(GetProcessHeap(), 0, ptr);
    return hipSuccess;
}

EXPORT int __cdecl hipMemcpy(void *dst, const void *src, size_t n, int kind) {
    if (n && (!dst || !src)) return last_error = hipErrorInvalidValue;
    memcpy(dst, src, n);
    return hipSuccess;
}

EXPORT int __cdecl hipMemset(void *dst, int value, size_t n) {
    if (n && !dst) return last_error = hipErrorInvalidValue;
    memset(dst, value, n);
    return hipSuccess;
}

EXPORT int __cdecl hipGetDeviceCount(int *count) {
    if (!count) return hipErrorInvalidValue;
    *count = 0;
    return last_error = hipErrorNoDevice;
}

EXPORT int __cdecl hipSetDevice(int id) { return last_error = hipErrorNoDevice; }
EXPORT int __cdecl hipDeviceSynchronize(void) { return hipSuccess; }

EXPORT int __cdecl hipGetLastError(void) {
    int e = last_error;
    last_error = hipSuccess;
    return e;
}

EXPORT const char *__cdecl hipGetErrorString(int e) {
    switch (e) {
    case hipSuccess: return "hipSuccess";
    case hipErrorInvalidValue: return "hipErrorInvalidValue";
    case hipErrorOutOfMemory: return "hipErrorOutOfMemory";
    case hipErrorNoDevice: return "hipErrorNoDevice";
    default: return "hipErrorUnknown";
    }
}

EXPORT int __cdecl hipRuntimeGetVersion(int *v) {
    if (!v) return hipErrorInvalidValue;
    *v = 70125424; /* 7.1.25424, as HIP_VERSION encodes it */
    return hipSuccess;
}
