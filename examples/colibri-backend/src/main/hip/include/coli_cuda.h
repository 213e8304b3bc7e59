/* coli_cuda.h - the backend ABI shared by the CUDA and HIP builds (one ABI for both vendors).
 * Every entry point is exported as coli_cuda_<name>; the host resolves them by name at run time
 * (see host/backend_loader.c). */
#ifndef COLI_CUDA_H
#define COLI_CUDA_H

/* Device compilation (__HIP_DEVICE_COMPILE__) has no notion of DLL exports. */
#if defined(COLI_CUDA_BUILDING_DLL) && !defined(__HIP_DEVICE_COMPILE__)
#define COLI_CUDA_API extern "C" __declspec(dllexport)
#else
#define COLI_CUDA_API extern "C"
#endif

typedef struct coli_chain coli_chain;

typedef struct coli_memory_info {
    unsigned long long free_bytes;
    unsigned long long total_bytes;
} coli_memory_info;

#endif
