// Each goal page of the rendered site (target/site/<goal>-mojo.html) lists each parameter of the
// plugin descriptor (target/classes/META-INF/maven/plugin.xml) with its property, default and
// whether it is required; hipdll:help -Ddetail names the same parameters.
def project = new File(basedir, '../../..').canonicalFile
def site = new File(project, 'target/site')
def descriptor = new groovy.xml.XmlSlurper().parse(new File(project, 'target/classes/META-INF/maven/plugin.xml'))
def help = new File(basedir, 'build.log').text
def esc = { String s -> s.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;') }
def problems = []
int checked = 0
descriptor.mojos.mojo.each { mojo ->
    def goal = mojo.goal.text()
    def page = new File(site, "${goal}-mojo.html")
    if (!page.isFile()) { problems << "no goal page ${page}"; return }
    def html = page.text
    def config = [:]
    mojo.configuration.children().each { c -> config[c.name()] = [text: c.text(), dflt: c.@'default-value'.text()] }
    mojo.parameters.parameter.findAll { it.editable.text() == 'true' }.each { p ->
        def name = p.name.text()
        checked++
        int at = html.indexOf("<a id=\"${name}\"></a>")
        if (at < 0) { problems << "${goal}: parameter ${name} has no details section"; return }
        def section = html.substring(at, html.indexOf('</section>', at))
        if (!section.contains("<h3>&lt;${name}&gt;</h3>")) problems << "${goal}.${name}: no heading"
        def required = p.required.text() == 'true' ? 'Yes' : 'No'
        if (!section.contains("<strong>Required</strong>: <code>${required}</code>")) problems << "${goal}.${name}: not marked Required: ${required}"
        def c = config[name]
        def m = c ? (c.text =~ /^\$\{([^}]+)\}$/) : null
        if (m) {
            def property = m[0][1]
            if (!section.contains("<strong>User Property</strong>: <code>${property}</code>")) problems << "${goal}.${name}: property ${property} not shown"
            if (goal != 'help' && !help.contains("User property: ${property}")) problems << "help -Ddetail does not show ${property}"
        }
        if (c && c.dflt) {
            if (!section.contains("<strong>Default</strong>: <code>${esc(c.dflt)}</code>")) problems << "${goal}.${name}: default ${c.dflt} not shown"
        }
        if (p.required.text() == 'true') {
            int req = html.indexOf('<h2>Required Parameters</h2>')
            int opt = html.indexOf('<h2>Optional Parameters</h2>')
            int row = html.indexOf("<a href=\"#${name}\">")
            if (req < 0 || row < req || (opt > 0 && row > opt)) problems << "${goal}.${name}: not in the Required Parameters table"
        }
    }
}
assert checked > 50 : "only ${checked} parameters checked"
assert problems.isEmpty() : problems.join('\n')
// the guides are site pages too
['goals', 'verify', 'sdk-and-environment', 'incremental-and-diagnosis', 'load-check-and-doctor', 'ci'].each {
    assert new File(site, "${it}.html").isFile() : "docs/${it}.md is not a site page"
}
println "site-goal-pages: ${checked} parameters checked on ${descriptor.mojos.mojo.size()} goal pages"
return true
