// A real HTTP server that accepts PUT, for the remote-cache ITs: Debian's nginx with its DAV
// module, started by the test as a single foreground process (no daemon, no master/worker pair, no system
// service) on a free loopback port, with its prefix, configuration, document root and logs in a
// directory of the test. close() stops it and checks that the process has ended and the port is closed.
// Loaded by the ITs' scripts with GroovyClassLoader (script variable itSupport = src/it-support).
import java.util.concurrent.TimeUnit

class NginxDav implements Closeable {
    final File prefix
    final File root
    final int port
    private final Process process

    /** The nginx binary (PATH, then /usr/sbin), or null. */
    static File binary() {
        def dirs = (System.getenv('PATH') ?: '').split(File.pathSeparator).toList() + ['/usr/sbin', '/usr/bin']
        dirs.collect { new File(it, 'nginx') }.find { it.isFile() && it.canExecute() }
    }

    /** What is missing for these tests ('' when nothing): nginx with the DAV module, and the given programs. */
    static String missing(List<String> programs = []) {
        def problems = []
        def nginx = binary()
        if (nginx == null) {
            problems << 'nginx (Debian package nginx)'
        } else {
            def p = [nginx.path, '-V'].execute()
            def out = new StringBuilder()
            p.waitForProcessOutput(out, out)
            if (!out.toString().contains('--with-http_dav_module')) {
                problems << "nginx with the DAV module (${nginx} was built without --with-http_dav_module; Debian's nginx has it)"
            }
        }
        def dirs = (System.getenv('PATH') ?: '').split(File.pathSeparator).toList() + ['/usr/bin']
        programs.each { prog ->
            if (!dirs.any { new File(it, prog).canExecute() }) {
                problems << "${prog} (Debian package ${prog})"
            }
        }
        problems ? ('missing ' + problems.join(', ') + ': run ./scripts/install/cache-tools') : ''
    }

    static boolean listening(int port) {
        def s = new Socket()
        try {
            s.connect(new InetSocketAddress('127.0.0.1', port), 500)
            return true
        } catch (IOException e) {
            return false
        } finally {
            s.close()
        }
    }

    private static int freePort() {
        def s = new ServerSocket(0, 1, InetAddress.getByName('127.0.0.1'))
        try { s.localPort } finally { s.close() }
    }

    /**
     * Starts nginx with its prefix in {@code prefix} (created), serving {@code prefix/root}: GET, HEAD, PUT
     * (creating the directories on the way), DELETE and MKCOL, no size limit. Waits until the port accepts.
     */
    NginxDav(File prefix) {
        this.prefix = prefix
        this.root = new File(prefix, 'root')
        ['root', 'tmp'].each { new File(prefix, it).mkdirs() }
        Process started = null
        int chosen = -1
        for (int attempt = 0; attempt < 5 && started == null; attempt++) {
            chosen = freePort()
            def conf = new File(prefix, 'nginx.conf')
            def p = prefix.absolutePath
            conf.text = """\
daemon off;
master_process off;
pid ${p}/nginx.pid;
error_log ${p}/error.log info;
events { worker_connections 64; }
http {
  access_log ${p}/access.log;
  client_body_temp_path ${p}/tmp;
  proxy_temp_path ${p}/tmp;
  fastcgi_temp_path ${p}/tmp;
  uwsgi_temp_path ${p}/tmp;
  scgi_temp_path ${p}/tmp;
  server {
    listen 127.0.0.1:${chosen};
    root ${root.absolutePath};
    location / {
      dav_methods PUT DELETE MKCOL;
      create_full_put_path on;
      dav_access user:rw group:r all:r;
      client_max_body_size 0;
    }
  }
}
"""
            def proc = new ProcessBuilder(binary().path, '-p', p, '-e', "${p}/error.log", '-c', conf.path)
                    .redirectErrorStream(true).redirectOutput(new File(prefix, 'nginx.out')).start()
            long until = System.currentTimeMillis() + 15000
            while (System.currentTimeMillis() < until && proc.alive && !listening(chosen)) {
                Thread.sleep(100)
            }
            if (proc.alive && listening(chosen)) {
                started = proc
            } else {
                proc.destroyForcibly()
                proc.waitFor(10, TimeUnit.SECONDS)
                println "nginx did not start on port ${chosen}: ${new File(prefix, 'nginx.out').text}"
            }
        }
        assert started != null : "nginx did not start (see ${prefix}/error.log)"
        this.port = chosen
        this.process = started
        println "started nginx (pid ${process.pid()}) on 127.0.0.1:${port}, root ${root}"
    }

    String url(String path = '') {
        "http://127.0.0.1:${port}/${path}"
    }

    long pid() { process.pid() }

    /** Stops nginx (SIGTERM, then SIGKILL after 10 s) and checks that nothing is left: no process, no port. */
    void close() {
        process.destroy()
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly()
            process.waitFor(10, TimeUnit.SECONDS)
        }
        assert !process.alive : "nginx (pid ${process.pid()}) is still running"
        assert !ProcessHandle.of(process.pid()).map { it.alive }.orElse(false) : "nginx (pid ${process.pid()}) is still running"
        assert !listening(port) : "port ${port} is still open after nginx stopped"
        println "stopped nginx (pid ${process.pid()}); 127.0.0.1:${port} is closed"
    }
}
