// Clones of an IT's project for the remote-cache ITs: each clone is the IT's template
// directory with the plugin version filled in and the example backend's sources copied in, at a
// directory of its own, as another machine would have it. Loaded by the ITs' scripts with
// GroovyClassLoader (script variable itSupport = src/it-support).
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths
import java.nio.file.StandardCopyOption

class ItClones {
    /** Copies the tree at src to dst (directories created, files replaced). */
    static void copyTree(Path src, Path dst) {
        Files.walk(src).withCloseable { paths ->
            paths.forEach { p ->
                def t = dst.resolve(src.relativize(p).toString())
                if (Files.isDirectory(p)) { Files.createDirectories(t) } else { Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING) }
            }
        }
    }

    /**
     * A clone at work/dir: basedir/template with @pluginVersion@ replaced in its pom.xml, and the example's
     * src/main/hip (exampleDir) copied in.
     */
    static File clone(File work, String dir, File basedir, String pluginVersion, String exampleDir) {
        def d = new File(work, dir)
        copyTree(new File(basedir, 'template').toPath(), d.toPath())
        new File(d, 'pom.xml').text = new File(d, 'pom.xml').text.replace('@pluginVersion@', pluginVersion)
        copyTree(Paths.get(exampleDir, 'src/main/hip'), d.toPath().resolve('src/main/hip'))
        d
    }
}
