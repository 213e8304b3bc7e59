// Copies the stand-in HIP SDK into this IT's directory and wraps the copy's hipcc: every compile (-c) counts
// itself in while it runs (a counter per Maven JVM, under flock), holding for 1 s so that compiles that can
// overlap do, and records the highest count it saw in concurrency/seen-<JVM start time>-<JVM pid>.
def project = new File(basedir, '../../..').canonicalFile
def sdkSrc = new File(project, 'target/standin-sdk')
assert new File(sdkSrc, 'bin/hipcc').isFile() : "no stand-in SDK at ${sdkSrc}"
def run = { List<String> cmd ->
    def p = cmd.execute()
    p.waitForProcessOutput(System.out, System.err)
    assert p.exitValue() == 0 : "failed: ${cmd}"
}
run(['rm', '-rf', "${basedir}/sdk", "${basedir}/concurrency"])
run(['cp', '-a', sdkSrc.path, "${basedir}/sdk"])
new File(basedir, 'concurrency').mkdirs()
def hipcc = new File(basedir, 'sdk/bin/hipcc')
assert hipcc.renameTo(new File(basedir, 'sdk/bin/hipcc.real'))
hipcc.text = '''#!/bin/bash
here="$(cd "$(dirname "$0")" && pwd)"
case " $* " in *" -c "*) ;; *) exec "$here/hipcc.real" "$@" ;; esac
d="$here/../../concurrency"
p=$PPID
while [[ "$p" -gt 1 && "$(cat /proc/$p/comm 2>/dev/null)" != java ]]; do p=$(awk '{print $4}' /proc/$p/stat); done
jvm="$(printf '%020d' "$(awk '{print $22}' /proc/$p/stat)")-$p"
(
  flock 9
  n=$(( $(cat "$d/now-$jvm" 2>/dev/null || echo 0) + 1 ))
  echo $n > "$d/now-$jvm"
  echo $n >> "$d/seen-$jvm"
) 9>"$d/lock"
sleep 1
"$here/hipcc.real" "$@"; rc=$?
( flock 9; echo $(( $(cat "$d/now-$jvm") - 1 )) > "$d/now-$jvm" ) 9>"$d/lock"
exit $rc
'''
hipcc.setExecutable(true)
return true
