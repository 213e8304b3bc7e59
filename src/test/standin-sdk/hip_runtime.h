/*
 * hip/hip_runtime.h of the stand-in HIP SDK (a test fixture of hipdll-maven-plugin).
 *
 * Our own small subset of the HIP runtime API, enough for a CUDA/HIP backend that launches
 * kernels with <<<>>>: the execution-space attributes, dim3, thread/block indices, memory
 * management and error strings. It is compiled by clang-19 with -nogpuinc, so it declares
 * everything clang's HIP code generation needs itself (__hipPushCallConfiguration,
 * __hipPopCallConfiguration, hipLaunchKernel). It is NOT AMD's header.
 *
 * As AMD's header, it also compiles in a host-only C or C++ compile (no __HIP__: a .cpp that includes it, ordinary
 * in CUDA projects): the execution-space attributes are then empty, and the device-only parts (the thread/block
 * indices, __syncthreads, which use amdgcn builtins) are left out, so a host-only unit that uses them fails in its
 * own code, not in this header.
 */
#ifndef HIPDLL_STANDIN_HIP_RUNTIME_H
#define HIPDLL_STANDIN_HIP_RUNTIME_H

#if defined(__HIP__)
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __launch_bounds__(...) __attribute__((amdgpu_flat_work_group_size(1, __VA_ARGS__)))
#else
#define __global__
#define __device__
#define __host__
#define __shared__
#define __constant__
#define __launch_bounds__(...)
#endif

#define HIP_VERSION_MAJOR 7
#define HIP_VERSION_MINOR 1
#define __HIP_PLATFORM_AMD__ 1

typedef __SIZE_TYPE__ size_t;

typedef enum hipError_t {
    hipSuccess = 0,
    hipErrorInvalidValue = 1,
    hipErrorOutOfMemory = 2,
    hipErrorNoDevice = 100,
    hipErrorInvalidDevice = 101,
    hipErrorNoBinaryForGpu = 209,
    hipErrorLaunchFailure = 719,
    hipErrorNotSupported = 801,
    hipErrorUnknown = 999
} hipError_t;

typedef enum hipMemcpyKind {
    hipMemcpyHostToHost = 0,
    hipMemcpyHostToDevice = 1,
    hipMemcpyDeviceToHost = 2,
    hipMemcpyDeviceToDevice = 3,
    hipMemcpyDefault = 4
} hipMemcpyKind;

typedef struct ihipStream_t *hipStream_t;

struct dim3 {
    unsigned int x, y, z;
    __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
};

#if defined(__HIP__)
#define __HIPDLL_BUILTIN_DIM(type, fx, fy, fz)                                              \
    struct type {                                                                            \
        __declspec(property(get = __get_x)) unsigned int x;                                  \
        __declspec(property(get = __get_y)) unsigned int y;                                  \
        __declspec(property(get = __get_z)) unsigned int z;                                  \
        static inline __attribute__((always_inline)) __device__ unsigned int __get_x() { return fx; } \
        static inline __attribute__((always_inline)) __device__ unsigned int __get_y() { return fy; } \
        static inline __attribute__((always_inline)) __device__ unsigned int __get_z() { return fz; } \
    }

__HIPDLL_BUILTIN_DIM(__hip_builtin_threadIdx_t, __builtin_amdgcn_workitem_id_x(),
                     __builtin_amdgcn_workitem_id_y(), __builtin_amdgcn_workitem_id_z());
__HIPDLL_BUILTIN_DIM(__hip_builtin_blockIdx_t, __builtin_amdgcn_workgroup_id_x(),
                     __builtin_amdgcn_workgroup_id_y(), __builtin_amdgcn_workgroup_id_z());
__HIPDLL_BUILTIN_DIM(__hip_builtin_blockDim_t, __builtin_amdgcn_workgroup_size_x(),
                     __builtin_amdgcn_workgroup_size_y(), __builtin_amdgcn_workgroup_size_z());
__HIPDLL_BUILTIN_DIM(__hip_builtin_gridDim_t,
                     __builtin_amdgcn_grid_size_x() / __builtin_amdgcn_workgroup_size_x(),
                     __builtin_amdgcn_grid_size_y() / __builtin_amdgcn_workgroup_size_y(),
                     __builtin_amdgcn_grid_size_z() / __builtin_amdgcn_workgroup_size_z());

extern const __device__ __hip_builtin_threadIdx_t threadIdx;
extern const __device__ __hip_builtin_blockIdx_t blockIdx;
extern const __device__ __hip_builtin_blockDim_t blockDim;
extern const __device__ __hip_builtin_gridDim_t gridDim;

static inline __device__ void __syncthreads(void) { __builtin_amdgcn_s_barrier(); }
#endif

extern "C" {
hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                      hipStream_t stream = 0);
hipError_t __hipPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem,
                                     hipStream_t *stream);
hipError_t hipLaunchKernel(const void *function, dim3 gridDim, dim3 blockDim, void **args,
                           size_t sharedMem, hipStream_t stream);

hipError_t hipMalloc(void **ptr, size_t size);
hipError_t hipFree(void *ptr);
hipError_t hipMemcpy(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemset(void *dst, int value, size_t sizeBytes);
hipError_t hipGetDeviceCount(int *count);
hipError_t hipSetDevice(int deviceId);
hipError_t hipDeviceSynchronize(void);
hipError_t hipGetLastError(void);
const char *hipGetErrorString(hipError_t error);
int hipRuntimeGetVersion(int *runtimeVersion);
}

#endif
