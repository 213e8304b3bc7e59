// Two copies of the example backend's sources: src/good/hip as it is, src/broken/hip without the
// export coli_cuda_pipe_sync (renamed, as a refactoring that lost it would).
def project = new File(basedir, '../../..').canonicalFile
def example = new File(project, 'examples/colibri-backend')
def run = { List<String> cmd ->
    def p = cmd.execute()
    p.waitForProcessOutput(System.out, System.err)
    assert p.exitValue() == 0 : "failed: ${cmd}"
}
run(['rm', '-rf', "${basedir}/src"])
run(['mkdir', '-p', "${basedir}/src/good", "${basedir}/src/broken"])
run(['cp', '-a', new File(example, 'src/main/hip').path, "${basedir}/src/good/hip"])
run(['cp', '-a', new File(example, 'src/main/hip').path, "${basedir}/src/broken/hip"])
def cu = new File(basedir, 'src/broken/hip/backend_cuda.cu')
def text = cu.text
assert text.contains('coli_cuda_pipe_sync(void)')
cu.text = text.replace('coli_cuda_pipe_sync(void)', 'coli_cuda_pipe_sync_renamed(void)')
return true
