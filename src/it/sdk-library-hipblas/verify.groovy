// The DLL imports hipblas.dll because the build linked hipblas by name; verify allowed it.
def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).toList().drop(1)
assert runs.size() == 2 : "expected 2 runs, found ${runs.size()}"
def (first, second) = runs
assert first =~ /SDK library hipblas: \S+\/lib\/hipblas\.lib \(.*\), imports hipblas\.dll/ : first
assert first.contains('host compile blas_glue.cpp') : first
assert first.contains('DLL VERIFIED') : first
assert first =~ /PASS +imports\.allowed/ : first
def imports = ['llvm-readobj-19', '--coff-imports', new File(basedir, 'target/hipdll/coli_hip.dll').path].execute().text
assert imports.contains('Name: hipblas.dll') : imports
assert imports.contains('Name: amdhip64_7.dll') : imports
def stamp = new File(basedir, 'target/hipdll/coli_hip.dll.stamp.json').text
assert stamp.contains('SDK libraries') && stamp.contains('hipblas') : stamp
def provenance = new File(basedir, 'target/hipdll/provenance.json').text
assert provenance =~ /"name"\s*:\s*"library hipblas"/ : provenance
assert second.contains('hip.libraries: the SDK has no hipfft.lib in its lib directory ') : second
assert second =~ /it has: amdhip64, hipblas/ : second
return true
