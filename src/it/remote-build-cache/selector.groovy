// Runs when nginx (with its DAV module) is installed; under CI=true it always runs, and verify.groovy fails
// naming what is missing (./scripts/install/cache-tools installs it; ./scripts/test calls that).
def NginxDav = new GroovyClassLoader(this.class.classLoader).parseClass(new File(itSupport, 'NginxDav.groovy'))
def missing = NginxDav.missing()
if (missing && System.getenv('CI') != 'true') {
    println "SKIPPED remote-build-cache: ${missing}"
    return false
}
return true
