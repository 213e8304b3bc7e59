// Start with an empty cache and the example's sources inside the project (cache inputs live under src/).
import java.nio.file.*
new File(basedir, 'build-cache-store').deleteDir()
def src = Paths.get(exampleDir, 'src/main/hip')
def dst = basedir.toPath().resolve('src/main/hip')
Files.walk(src).forEach { p ->
    def t = dst.resolve(src.relativize(p).toString())
    if (Files.isDirectory(p)) { Files.createDirectories(t) } else { Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING) }
}
return true
