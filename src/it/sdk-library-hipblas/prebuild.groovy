// The example's sources, plus a host-only C++ unit that calls hipBLAS (the stand-in SDK's hipblas.h).
def example = new File(basedir, '../../../examples/colibri-backend/src/main/hip').canonicalFile
assert example.isDirectory() : "no example sources at ${example}"
def hip = new File(basedir, 'src/main/hip')
def cp = ['cp', '-a', example.path + '/.', hip.path]
hip.mkdirs()
def p = cp.execute()
p.waitForProcessOutput(System.out, System.err)
assert p.exitValue() == 0 : "failed: ${cp}"
new File(hip, 'blas_glue.cpp').text = '''// host-only: a hipBLAS handle for the backend (not exported)
#include <hipblas/hipblas.h>
static hipblasHandle_t handle;
int coli_blas_ready() { return hipblasCreate(&handle) == HIPBLAS_STATUS_SUCCESS; }
'''
return true
