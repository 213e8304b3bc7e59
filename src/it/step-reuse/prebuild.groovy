// Copies the example's sources, so verify.groovy can edit them.
import java.nio.file.*
def src = Paths.get(exampleDir, 'src/main/hip')
def dst = basedir.toPath().resolve('src/main/hip')
Files.walk(src).forEach { p ->
    def t = dst.resolve(src.relativize(p).toString())
    if (Files.isDirectory(p)) { Files.createDirectories(t) } else { Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING) }
}
return true
