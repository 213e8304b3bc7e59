// Fake trees: a TheRock-layout HIP SDK, a Visual Studio with two toolsets, a Windows Kits root.
def touch = { String p -> def f = new File(basedir, p); f.parentFile.mkdirs(); f.text = '' }
['sdk/bin/hipcc.exe', 'sdk/lib/llvm/bin/clang.exe', 'sdk/include/hip/hip_runtime.h', 'sdk/lib/amdhip64.lib',
 'sdk/lib/llvm/amdgcn/bitcode/ocml.bc', 'sdk/bin/amdhip64_7.dll'].each(touch)
['14.44.35207', '14.51.36014'].each { v ->
    new File(basedir, "VS/VC/Tools/MSVC/${v}/include").mkdirs()
    new File(basedir, "VS/VC/Tools/MSVC/${v}/lib/x64").mkdirs()
}
['Kits/Include/10.0.26100.0/um', 'Kits/Include/10.0.26100.0/ucrt', 'Kits/Lib/10.0.26100.0/um/x64'].each {
    new File(basedir, it).mkdirs()
}
return true
