// A DLL built with -g (the stand-in hipcc links /debug with an absolute /pdb: path) and an export
// list with every name of the loader plus one the DLL does not have.
def cmd = ["${standinSdk}/bin/hipcc", '-O3', '-std=c++17', '-x', 'hip', '--offload-arch=gfx1151', '-shared', '-g',
           '-DCOLI_CUDA_BUILDING_DLL', "--hip-path=${standinSdk}", "-I${exampleDir}/src/main/hip/include",
           "--rocm-device-lib-path=${standinSdk}/lib/llvm/amdgcn/bitcode", '-L', "${standinSdk}/lib", '-lamdhip64',
           "${exampleDir}/src/main/hip/backend_cuda.cu", "${exampleDir}/src/main/hip/cuda_chain.cu",
           '-o', new File(basedir, 'coli_hip.dll').absolutePath]
def p = cmd.collect { it.toString() }.execute(null, basedir)
def out = new StringBuilder()
p.consumeProcessOutput(out, out)
assert p.waitFor() == 0 : "hipcc failed: ${out}"
def names = (new File("${exampleDir}/host/backend_loader.c").text =~ /(?m)^\s*RESOLVE(_OPT)?\(\s*(\w+)/)
        .collect { m -> 'coli_cuda_' + m[2] + (m[1] ? '?' : '') }
names << 'coli_cuda_not_in_this_build'
new File(basedir, 'exports.txt').text = "# contract of this release\n" + names.join('\n') + '\n'
return true
