// Runs when nginx (with its DAV module) and ccache are installed; under CI=true it always runs, and verify.groovy fails
// naming what is missing (./scripts/install/cache-tools installs it; ./scripts/test calls that).
def NginxDav = new GroovyClassLoader(this.class.classLoader).parseClass(new File(itSupport, 'NginxDav.groovy'))
def missing = NginxDav.missing(['ccache'])
if (missing && System.getenv('CI') != 'true') {
    println "SKIPPED compiler-launcher-ccache: ${missing}"
    return false
}
return true
