package dev.hipdll.maven;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.buildcache.CacheRemote;
import dev.hipdll.buildcache.RemoteCacheTimeouts;
import dev.hipdll.compile.BuildSetup;
import dev.hipdll.environment.ScrubPolicy;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.msvc.MsvcRequest;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.provenance.ToolchainKey;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkOverrides;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.maven.AbstractMavenLifecycleParticipant;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.project.MavenProject;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.repository.RemoteRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugin as a build extension ({@code <extensions>true</extensions>}): after the projects are read,
 * and so before the Apache Maven Build Cache Extension computes any project's cache key, it resolves the
 * HIP SDK (and on Windows the MSVC toolset) the way {@code hipdll:build} will, and writes its
 * {@link ToolchainKey} into the configuration of each {@code hipdll:build} execution as {@code <sdkFingerprint>}. The extension hashes the effective POM, plugin configurations included, so the key then
 * decides whether a cached DLL is reused; {@code hipdll:build} checks that the value is the key of the SDK it
 * resolves itself. Only maps the POM and the session to the core ({@link BuildSetup}, {@link ToolchainKey}).
 *
 * <p>Parameters are read as Maven would set them for {@code hipdll:build}: the plugin's or the build
 * execution's {@code <configuration>} first, else the property ({@code -Dhip.sdkRoot}, a project or a
 * settings property), else the defaults ({@code HIP_SDK_ROOT}, toolchains.xml, {@code HIP_PATH}).
 *
 * <p>It also says, before any module is looked up in the cache, how long the extension's remote may keep the
 * build waiting ({@link RemoteCacheTimeouts}), and warns when that is Maven Resolver's 30-minute default.
 *
 * <p>On a Maven older than 3.9, where the Build Cache Extension disables itself ({@link BuildCacheMaven}), it
 * computes and writes no key (and logs none).
 */
public class SdkKeyParticipant extends AbstractMavenLifecycleParticipant {
    /** The plugin's key, {@code groupId:artifactId}. */
    static final String PLUGIN_KEY = "dev.hipdll:hipdll-maven-plugin";
    /** The parameter written into the configuration. */
    static final String PARAMETER = "sdkFingerprint";
    /**
     * The {@code sdkFingerprint} of a build that {@code hip.skip} or {@code hip.build.skip} skips: no SDK is
     * resolved for it, and the key differs from any SDK's, so a cached skipped build is never taken for a built one.
     */
    static final String SKIPPED = "skipped";
    private static final Logger LOG = LoggerFactory.getLogger(SdkKeyParticipant.class);
    /** A {@code ${name}} expression. */
    private static final java.util.regex.Pattern EXPRESSION = java.util.regex.Pattern.compile("\\$\\{([^}]+)}");

    @Override
    public void afterProjectsRead(MavenSession session) {
        String mavenVersion = BuildCacheMaven.version(session);
        if (!BuildCacheMaven.extensionActive(mavenVersion)) {
            // the Build Cache Extension disables itself on this Maven: no key to compute, nothing to say
            LOG.debug("hipdll: no HIP SDK key computed: {}", BuildCacheMaven.inactive(mavenVersion));
            return;
        }
        remoteTimeouts(session).ifPresent(t -> {
            LOG.info("hipdll: {}", t.line());
            t.warning().ifPresent(w -> LOG.warn("hipdll: {}", w));
        });
        for (MavenProject project : session.getProjects()) {
            Plugin plugin = project.getPlugin(PLUGIN_KEY);
            if (plugin == null) {
                continue;
            }
            String skippedBy = buildSkippedBy(plugin, inMavenOrder(session.getUserProperties(),
                    session.getSystemProperties(), project.getProperties()));
            if (skippedBy != null) {
                // hipdll:build will not run: no SDK to resolve, nothing to warn about
                LOG.debug("hipdll: no HIP SDK key computed for {}: hipdll:build is skipped ({})", project.getArtifactId(),
                        skippedBy);
                inject(plugin, SKIPPED);
                continue;
            }
            String value;
            try {
                value = key(session, project, plugin).value();
                LOG.info("hipdll: HIP SDK and toolset key of {} for the build cache: {}", project.getArtifactId(), value);
            } catch (Exception e) {
                value = "unresolved";
                LOG.warn("hipdll: the HIP SDK of {} cannot be resolved before the build ({}); its build cache key says"
                        + " 'unresolved' and hipdll:build will stop if it resolves one", project.getArtifactId(),
                        e.getMessage());
            }
            inject(plugin, value);
        }
    }

    /**
     * The timeouts of the Build Cache Extension's remote when {@code .mvn/extensions.xml} names the extension and
     * its remote is on ({@link CacheRemote}), for the remote's repository id after any mirror of settings.xml, as
     * the extension's {@code RemoteCacheRepositoryImpl} asks Maven for it; said before any module is looked up,
     * so that a remote that never answers does not hold the build in silence.
     */
    static java.util.Optional<RemoteCacheTimeouts> remoteTimeouts(MavenSession session) {
        if (session == null || session.getRequest() == null || session.getRequest().getMultiModuleProjectDirectory() == null) {
            return java.util.Optional.empty();
        }
        Path root = session.getRequest().getMultiModuleProjectDirectory().toPath();
        if (!BuildMojo.configuresTheBuildCache(root.resolve(".mvn/extensions.xml"))) {
            return java.util.Optional.empty();
        }
        java.util.Optional<CacheRemote> remote = CacheRemote.of(root, name -> first(List.of(
                session.getUserProperties(), session.getSystemProperties()), name, false));
        if (remote.isEmpty()) {
            return java.util.Optional.empty();
        }
        CacheRemote r = remote.get();
        RepositorySystemSession repo = session.getRepositorySession();
        if (repo == null) {
            return java.util.Optional.of(RemoteCacheTimeouts.of(r, Map.of()));
        }
        if (repo.getMirrorSelector() != null) {
            RemoteRepository mirror = repo.getMirrorSelector().getMirror(
                    new RemoteRepository.Builder(r.id(), "cache", r.url()).build());
            if (mirror != null) {
                r = new CacheRemote(mirror.getUrl(), mirror.getId());
            }
        }
        return java.util.Optional.of(RemoteCacheTimeouts.of(r, repo.getConfigProperties()));
    }

    private static ToolchainKey key(MavenSession session, MavenProject project, Plugin plugin) throws Exception {
        Path base = project.getBasedir().toPath();
        Host host = Host.of(OsFamily.fromOsName(System.getProperty("os.name")), System.getenv());
        Map<String, java.io.File> given = new java.util.LinkedHashMap<>();
        for (String name : List.of("sdkRoot", "hipcc", "clangDir", "includeDir", "libDir", "deviceLibDir", "runtimeDll")) {
            Path p = path(session, project, plugin, name, base);
            given.put("hip." + name, p == null ? null : p.toFile());
        }
        SdkOverrides overrides = new SdkOverrides(file(given, "hip.sdkRoot"), file(given, "hip.hipcc"),
                file(given, "hip.clangDir"), file(given, "hip.includeDir"), file(given, "hip.libDir"),
                file(given, "hip.deviceLibDir"), file(given, "hip.runtimeDll"),
                CommandLineProperties.places(session, project.getBasedir(), project.getProperties(), given));
        List<String> problems = new ArrayList<>();
        List<HipToolchain> toolchains = HipToolchains.read(session, problems);
        MsvcRequest msvc = new MsvcRequest(path(session, project, plugin, "vsInstallDir", base),
                value(session, project, plugin, "vcToolsVersion"), value(session, project, plugin, "windowsSdkVersion"),
                path(session, project, plugin, "windowsSdkDir", base));
        BuildSetup setup = BuildSetup.prepare(host, overrides, toolchains, value(session, project, plugin,
                "toolchainVersion"), msvc, ScrubPolicy.defaults(), new ProcessRunner(Duration.ofSeconds(60)));
        return ToolchainKey.of(setup.sdk(), setup.msvc().map(m -> m.toolset().version()),
                setup.msvc().map(m -> m.windowsSdk().version()), new FileDigests());
    }

    private static String value(MavenSession session, MavenProject project, Plugin plugin, String name) {
        return value(plugin, name, inMavenOrder(session.getUserProperties(), session.getSystemProperties(),
                project.getProperties()));
    }

    /**
     * The property sources in the order Maven's plugin parameter evaluator reads {@code ${hip.x}}: user
     * properties ({@code -D}), then system properties ({@code MAVEN_OPTS}, {@code .mvn/jvm.config}), then the
     * project's {@code <properties>}. The key must be of the SDK the build resolves: before, the project's
     * properties came before the system properties, so {@code MAVEN_OPTS=-Dhip.sdkRoot=...} built with one SDK
     * and keyed by another, and the build stopped on the mismatch.
     */
    static List<Properties> inMavenOrder(Properties user, Properties system, Properties project) {
        return List.of(user, system, project);
    }

    /**
     * The parameter {@code name} as {@code hipdll:build} gets it: the build execution's configuration, else the
     * plugin's, else the first of {@code properties} that has {@code hip.<name>}.
     */
    static String value(Plugin plugin, String name, List<Properties> properties) {
        return value(plugin, name, "hip." + name, properties);
    }

    /**
     * Which skip makes {@code hipdll:build} return at once, as the goal reads them ({@code <skip>} or
     * {@code hip.skip}, then {@code <skipBuild>} or {@code hip.build.skip}; {@code true} in any case): "hip.skip",
     * "hip.build.skip", or null when the build runs.
     */
    static String buildSkippedBy(Plugin plugin, List<Properties> properties) {
        if ("true".equalsIgnoreCase(value(plugin, "skip", "hip.skip", properties))) {
            return "hip.skip";
        }
        if ("true".equalsIgnoreCase(value(plugin, "skipBuild", "hip.build.skip", properties))) {
            return "hip.build.skip";
        }
        return null;
    }

    /** {@link #value(Plugin, String, List)} for a parameter whose property is not {@code hip.<name>}. */
    private static String value(Plugin plugin, String name, String property, List<Properties> properties) {
        for (PluginExecution e : plugin.getExecutions()) {
            if (e.getGoals().contains("build")) {
                String v = child(e.getConfiguration(), name);
                if (v != null) {
                    return v;
                }
            }
        }
        String v = child(plugin.getConfiguration(), name);
        if (v != null) {
            return v;
        }
        String s = first(properties, property, true);
        return s == null ? null : s.strip();
    }

    /** The value of {@code name} in the first of {@code properties} that has it, or null; {@code skipBlank}: a blank value counts as none. */
    private static String first(List<Properties> properties, String name, boolean skipBlank) {
        for (Properties p : properties) {
            String s = p.getProperty(name);
            if (s != null && !(skipBlank && s.isBlank())) {
                return s;
            }
        }
        return null;
    }

    private static Path file(Map<String, java.io.File> given, String property) {
        java.io.File f = given.get(property);
        return f == null ? null : f.toPath();
    }

    private static Path path(MavenSession session, MavenProject project, Plugin plugin, String name, Path base) {
        String v = value(session, project, plugin, name);
        if (v == null) {
            return null;
        }
        v = expand(v, session, project);
        return base.resolve(v).normalize();
    }

    /**
     * {@code value} with the expressions that the POM's interpolation leaves for a running goal filled in as
     * Maven would fill them: {@code ${session.executionRootDirectory}}, {@code ${settings.localRepository}},
     * and any other {@code ${name}} from the user, system and project properties (Maven's order). An
     * expression it cannot fill is left as written (the SDK is then not found, and the key says so).
     */
    static String expand(String value, MavenSession session, MavenProject project) {
        java.util.regex.Matcher m = EXPRESSION.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            String v = switch (name) {
                case "session.executionRootDirectory" -> session.getExecutionRootDirectory();
                case "settings.localRepository" -> session.getSettings() == null ? null : session.getSettings().getLocalRepository();
                default -> first(inMavenOrder(session.getUserProperties(), session.getSystemProperties(),
                        project.getProperties()), name, false);
            };
            m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(v == null ? m.group() : v));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String child(Object configuration, String name) {
        if (configuration instanceof Xpp3Dom dom && dom.getChild(name) != null) {
            String v = dom.getChild(name).getValue();
            return v == null || v.isBlank() ? null : v.strip();
        }
        return null;
    }

    /**
     * Sets {@code <sdkFingerprint>} in the configuration of each execution that runs {@code hipdll:build}. Only
     * there: the plugin-level configuration was merged into the executions when the POM was read, the other
     * goals have no such parameter (Maven would warn about it), and a build goal given on the command line
     * is not cached by the extension anyway.
     */
    static void inject(Plugin plugin, String value) {
        for (PluginExecution e : plugin.getExecutions()) {
            if (e.getGoals().contains("build")) {
                e.setConfiguration(with(e.getConfiguration(), value));
            }
        }
    }

    private static Xpp3Dom with(Object configuration, String value) {
        Xpp3Dom dom = configuration instanceof Xpp3Dom d ? d : new Xpp3Dom("configuration");
        for (int i = dom.getChildCount() - 1; i >= 0; i--) {
            if (PARAMETER.equals(dom.getChild(i).getName())) {
                dom.removeChild(i);
            }
        }
        Xpp3Dom child = new Xpp3Dom(PARAMETER);
        child.setValue(value);
        dom.addChild(child);
        return dom;
    }
}
