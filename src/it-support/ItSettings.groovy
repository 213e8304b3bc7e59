// The settings.xml of the Maven runs an IT starts itself, offline on the invoker's local repository.
// Artifacts there came from the repository id 'local.central' (src/it/settings.xml), so offline Maven
// accepts them only when the same id is declared; its URL is never used. Loaded by the ITs' scripts
// with GroovyClassLoader (script variable itSupport = src/it-support).
class ItSettings {
    static final String OFFLINE = '''<settings><profiles><profile><id>it-repo</id>
  <activation><activeByDefault>true</activeByDefault></activation>
  <repositories><repository><id>local.central</id><url>file:///nonexistent</url></repository></repositories>
  <pluginRepositories><pluginRepository><id>local.central</id><url>file:///nonexistent</url></pluginRepository></pluginRepositories>
</profile></profiles></settings>
'''

    /** Writes the offline settings to dir/it-settings.xml and returns that file. */
    static File offline(File dir) {
        def f = new File(dir, 'it-settings.xml')
        f.text = OFFLINE
        f
    }
}
