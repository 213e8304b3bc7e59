/* Device-library stand-in: a few functions compiled to AMDGPU bitcode so that
 * lib/llvm/amdgcn/bitcode holds real .bc files (ocml.bc, ockl.bc) like the real SDK. */
float __ocml_fabs_f32(float x) { return x < 0 ? -x : x; }
float __ocml_fmax_f32(float a, float b) { return a > b ? a : b; }
unsigned long __ockl_get_local_size(unsigned int dim) { return 1; }
