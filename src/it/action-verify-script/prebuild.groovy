// Two release zips as a CMake project's cpack would make them, built with the stand-in HIP SDK:
// colibri-release.zip: the backend coli_hip.dll (hipcc) and a README: complete;
// missing-rocblas.zip: the same plus hipblas.dll (clang-19 and lld-link-19), which imports rocblas.dll, not shipped.
import java.util.zip.ZipEntry
import java.util.zip.ZipOutputStream

def run(File dir, List cmd) {
    def p = cmd.collect { it.toString() }.execute(null, dir)
    def out = new StringBuilder()
    p.consumeProcessOutput(out, out)
    assert p.waitFor() == 0 : "${cmd[0]} failed: ${out}"
}

def work = new File(basedir, 'work')
work.mkdirs()
run(work, ["${standinSdk}/bin/hipcc", '-O3', '-std=c++17', '-x', 'hip', '--offload-arch=gfx1151', '-shared',
           '-DCOLI_CUDA_BUILDING_DLL', "--hip-path=${standinSdk}", "-I${exampleDir}/src/main/hip/include",
           "--rocm-device-lib-path=${standinSdk}/lib/llvm/amdgcn/bitcode", '-L', "${standinSdk}/lib", '-lamdhip64',
           '-fms-runtime-lib=static', "${exampleDir}/src/main/hip/backend_cuda.cu",
           "${exampleDir}/src/main/hip/cuda_chain.cu", '-o', new File(work, 'coli_hip.dll').absolutePath])
new File(basedir, 'backend_loader.c').text = new File("${exampleDir}/host/backend_loader.c").text

def lib = "${standinSdk}/lib/msvc-standin"
new File(work, 'rocblas.def').text = 'LIBRARY rocblas.dll\nEXPORTS\nrocblas_create_handle\n'
run(work, ['llvm-dlltool-19', '-m', 'i386:x86-64', '-d', 'rocblas.def', '-l', 'rocblas.lib'])
new File(work, 'hipblas.c').text = '__declspec(dllimport) int rocblas_create_handle(void);\n' +
        '__declspec(dllexport) int hipblasCreate(void) { return rocblas_create_handle(); }\n'
run(work, ['clang-19', '--target=x86_64-pc-windows-msvc', '-O2', '-fno-stack-protector', '-c', 'hipblas.c', '-o', 'hipblas.obj'])
run(work, ['lld-link-19', '/dll', '/nodefaultlib', '/machine:x64', '/Brepro', '/noimplib', '/out:hipblas.dll',
           'hipblas.obj', 'rocblas.lib', "${lib}/libcmt.lib", "${lib}/kernel32.lib"])

def zip = { String name, List<String> files ->
    new ZipOutputStream(new FileOutputStream(new File(basedir, name))).withCloseable { z ->
        files.each { n ->
            z.putNextEntry(new ZipEntry("colibri-hip-windows-x64/${n}"))
            z.write(n == 'README.txt' ? 'colibri HIP backend for Windows\n'.bytes : new File(work, n).bytes)
            z.closeEntry()
        }
    }
}
zip('colibri-release.zip', ['coli_hip.dll', 'README.txt'])
zip('missing-rocblas.zip', ['coli_hip.dll', 'hipblas.dll', 'README.txt'])
return true
