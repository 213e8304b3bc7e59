// The generated help goal lists every goal and, with -Ddetail, each parameter's user property.
def log = new File(basedir, 'build.log').text
['hipdll:build', 'hipdll:verify', 'hipdll:load-check', 'hipdll:doctor', 'hipdll:help'].each { assert log.contains(it) : "help does not list ${it}" }
['hip.skip', 'hip.arch', 'hip.classifier', 'hip.heartbeatSeconds', 'hip.expectedSha256', 'hip.provenance'].each {
    assert log.contains("User property: ${it}") : "help -Ddetail does not show ${it}"
}
assert log.contains('BUILD SUCCESS')
return true
