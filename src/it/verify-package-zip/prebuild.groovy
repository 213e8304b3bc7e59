// A release as a pipeline would make it: the backend built with the stand-in HIP SDK's hipcc, and two
// libraries beside it built with clang-19 and lld-link-19 against the stand-in SDK's import libraries:
// hipblas.dll (imports rocblas.dll and amdhip64_7.dll) and rocblas.dll. Then zips of it.
import java.util.zip.ZipEntry
import java.util.zip.ZipOutputStream

def run(File dir, List cmd) {
    def p = cmd.collect { it.toString() }.execute(null, dir)
    def out = new StringBuilder()
    p.consumeProcessOutput(out, out)
    assert p.waitFor() == 0 : "${cmd[0]} failed: ${out}"
}

def release = new File(basedir, 'release')
release.mkdirs()
run(release, ["${standinSdk}/bin/hipcc", '-O3', '-std=c++17', '-x', 'hip', '--offload-arch=gfx1151', '-shared',
              '-DCOLI_CUDA_BUILDING_DLL', "--hip-path=${standinSdk}", "-I${exampleDir}/src/main/hip/include",
              "--rocm-device-lib-path=${standinSdk}/lib/llvm/amdgcn/bitcode", '-L', "${standinSdk}/lib", '-lamdhip64',
              '-fms-runtime-lib=static', "${exampleDir}/src/main/hip/backend_cuda.cu",
              "${exampleDir}/src/main/hip/cuda_chain.cu", '-o', new File(release, 'coli_hip.dll').absolutePath])
new File(basedir, 'backend_loader.c').text = new File("${exampleDir}/host/backend_loader.c").text

def work = new File(basedir, 'work')
work.mkdirs()
def lib = "${standinSdk}/lib/msvc-standin"
def library = { String name, String source, List importLibs ->
    new File(work, "${name}.c").text = source
    run(work, ['clang-19', '--target=x86_64-pc-windows-msvc', '-O2', '-fno-stack-protector', '-c', "${name}.c", '-o', "${name}.obj"])
    run(work, ['lld-link-19', '/dll', '/nodefaultlib', '/machine:x64', '/Brepro', '/noimplib',
               "/out:${new File(release, name + '.dll').absolutePath}", "${name}.obj"] + importLibs +
              ["${lib}/libcmt.lib", "${lib}/kernel32.lib"])
}
new File(work, 'rocblas.def').text = 'LIBRARY rocblas.dll\nEXPORTS\nrocblas_create_handle\n'
run(work, ['llvm-dlltool-19', '-m', 'i386:x86-64', '-d', 'rocblas.def', '-l', 'rocblas.lib'])
library('rocblas', '__declspec(dllexport) int rocblas_create_handle(void) { return 7; }\n', [])
library('hipblas', '__declspec(dllimport) int rocblas_create_handle(void);\n' +
        '__declspec(dllimport) int hipMalloc(void);\n' +
        '__declspec(dllexport) int hipblasCreate(void) { return rocblas_create_handle() + hipMalloc(); }\n',
        ['rocblas.lib', "${standinSdk}/lib/amdhip64.lib"])
new File(release, 'README.txt').text = 'colibri HIP backend for Windows\n'

def zip = { String name, Map<String, byte[]> entries ->
    new ZipOutputStream(new FileOutputStream(new File(basedir, name))).withCloseable { z ->
        entries.each { n, bytes ->
            z.putNextEntry(new ZipEntry(n))
            z.write(bytes)
            z.closeEntry()
        }
    }
}
def bytes = { String n -> new File(release, n).bytes }
zip('missing-rocblas.zip', ['coli_hip.dll': bytes('coli_hip.dll'), 'hipblas.dll': bytes('hipblas.dll'),
                            'README.txt': bytes('README.txt')])
zip('traversal.zip', ['coli_hip.dll': bytes('coli_hip.dll'), 'hipblas.dll': bytes('hipblas.dll'),
                      'rocblas.dll': bytes('rocblas.dll'), '../evil.dll': bytes('rocblas.dll')])
return true
