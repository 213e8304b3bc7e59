/* ops.h - element-wise kernel helpers shared by the backend's translation units. */
#ifndef COLI_OPS_H
#define COLI_OPS_H

#define COLI_BLOCK 256

static inline unsigned int coli_blocks(unsigned int n) { return (n + COLI_BLOCK - 1) / COLI_BLOCK; }

__device__ inline float coli_silu(float x) { return x / (1.0f + __builtin_expf(-x)); }
__device__ inline float coli_max(float a, float b) { return a > b ? a : b; }

#endif
