// Builds the DLL under test with the stand-in HIP SDK (as a release pipeline would have), next to a
// copy of the host's loader source: this directory then looks like a downloaded release.
def build(File dir, List<String> extra) {
    def cmd = ["${standinSdk}/bin/hipcc", '-O3', '-std=c++17', '-x', 'hip', '--offload-arch=gfx1151', '-shared',
               '-DCOLI_CUDA_BUILDING_DLL', "--hip-path=${standinSdk}", "-I${exampleDir}/src/main/hip/include",
               "--rocm-device-lib-path=${standinSdk}/lib/llvm/amdgcn/bitcode", '-L', "${standinSdk}/lib", '-lamdhip64',
               '-fms-runtime-lib=static'] + extra +
              ["${exampleDir}/src/main/hip/backend_cuda.cu", "${exampleDir}/src/main/hip/cuda_chain.cu",
               '-o', new File(dir, 'coli_hip.dll').absolutePath]
    def p = cmd.collect { it.toString() }.execute(null, dir)
    def out = new StringBuilder()
    p.consumeProcessOutput(out, out)
    assert p.waitFor() == 0 : "hipcc failed: ${out}"
    new File(dir, 'backend_loader.c').text = new File("${exampleDir}/host/backend_loader.c").text
}
build(basedir, [])
return true
