// Copies the stand-in HIP SDK into this IT's directory and wraps the copy's hipcc: every compile (-c) counts
// itself in while it runs (a counter per Maven JVM, under flock), holding for 1 s so that compiles that can
// overlap do (in the first run, until three overlap: a fixed 1 s raced with a loaded machine), and records the
// highest count it saw in concurrency/seen-<JVM start time>-<JVM pid>.
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
if [[ "$(ls "$d" | grep '^seen-' | sort | head -1)" == "seen-$jvm" ]]; then
  # run 1 (the first Maven JVM, its start time sorts first): hold until three compilers run at once, so the
  # overlap its budget of 4 allows is seen however a loaded machine staggers the two modules (a hang guard of 120 s)
  for i in $(seq 1200); do [[ -f "$d/three-$jvm" || "$(cat "$d/now-$jvm")" -ge 3 ]] && break; sleep 0.1; done
  touch "$d/three-$jvm"
fi
"$here/hipcc.real" "$@"; rc=$?
( flock 9; echo $(( $(cat "$d/now-$jvm") - 1 )) > "$d/now-$jvm" ) 9>"$d/lock"
exit $rc
'''
hipcc.setExecutable(true)
return true
