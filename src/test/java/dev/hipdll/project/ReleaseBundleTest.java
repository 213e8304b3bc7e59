package dev.hipdll.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/**
 * Ready for Maven Central: {@code scripts/dev/release-bundle} runs the POM's {@code release} profile on a
 * copy of this project (release version, signed with a throwaway gpg key made for the run, nothing published or
 * installed) and builds the plugin jar a second time. The Central Portal bundle it makes holds, for the plugin, each
 * file Central requires (https://central.sonatype.org/publish/requirements/): the POM with name, description, url,
 * licenses, developers and scm; the jar; the sources and javadoc jars; an {@code .asc} signature of each that gpg
 * verifies with the throwaway public key; and {@code .md5} and {@code .sha1} checksums that match. The plugin jar of
 * the two builds has one SHA-256 (reproducible: {@code project.build.outputTimestamp}, maven-artifact-plugin's
 * check-buildplan in the profile). The command-line jar (classifier {@code cli}, the shaded gate {@code java -jar
 * ...-cli.jar verify}) is one of the required files, signed and summed the same way, holds its main class and no
 * Maven class, and is reproducible too (the shade plugin honours {@code project.build.outputTimestamp}).
 */
class ReleaseBundleTest {
    /** Where the plugin's files are in the bundle (Maven repository layout of dev.hipdll:hipdll-maven-plugin). */
    static final String DIR = "dev/hipdll/hipdll-maven-plugin/";
    /** The jars every release attaches, by classifier ("" the plugin itself, "cli" the command-line gate). */
    static final List<String> REQUIRED = List.of("", "sources", "javadoc", "cli");

    @TempDir
    static Path out;
    static Exec.Result run;
    static Map<String, byte[]> bundle;
    static String version;

    @BeforeAll
    static void releaseBuild() throws Exception {
        if (Exec.run(Path.of("."), List.of("sh", "-c", "command -v gpg")).exit() != 0) {
            Toolchain.missing("gpg is missing: ./scripts/test installs it (Debian's gnupg)");
        }
        run = Exec.run(Path.of("."), List.of("scripts/dev/release-bundle", out.toString()));
        if (!Files.exists(out.resolve("central-bundle.zip"))) {
            throw new AssertionError("no bundle: exit " + run.exit() + "\n" + run.output());
        }
        bundle = new LinkedHashMap<>();
        try (ZipFile z = new ZipFile(out.resolve("central-bundle.zip").toFile())) {
            for (ZipEntry e : java.util.Collections.list(z.entries())) {
                if (!e.isDirectory()) {
                    try (InputStream in = z.getInputStream(e)) {
                        bundle.put(e.getName(), in.readAllBytes());
                    }
                }
            }
        }
        String pom = Files.readString(Path.of("pom.xml"));
        int a = pom.indexOf("<version>") + "<version>".length();
        version = pom.substring(a, pom.indexOf("</version>", a)).replace("-SNAPSHOT", "");
    }

    private static String file(String classifier, String ext) {
        return DIR + version + "/hipdll-maven-plugin-" + version + (classifier.isEmpty() ? "" : "-" + classifier) + "." + ext;
    }

    private static byte[] entry(String name) {
        byte[] b = bundle.get(name);
        if (b == null) {
            throw new AssertionError("the bundle has no " + name + "; it has " + new TreeSet<>(bundle.keySet()));
        }
        return b;
    }

    private static String hex(String algorithm, byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(data));
    }

    /** {@code name} is in the bundle with a matching .md5 and .sha1 and an .asc signature gpg verifies. */
    private static void signedAndSummed(String name) throws Exception {
        byte[] data = entry(name);
        assertEquals(hex("MD5", data), new String(entry(name + ".md5"), StandardCharsets.US_ASCII).strip(), name + ".md5");
        assertEquals(hex("SHA-1", data), new String(entry(name + ".sha1"), StandardCharsets.US_ASCII).strip(), name + ".sha1");
        Path check = Files.createDirectories(out.resolve("check"));
        Path f = Files.write(check.resolve("file"), data);
        Path sig = Files.write(check.resolve("file.asc"), entry(name + ".asc"));
        Path home = out.resolve("verify-gnupg");
        if (!Files.exists(home)) {
            Files.createDirectories(home);
            Exec.ok(out, List.of("chmod", "700", home.toString()));
            Exec.ok(out, List.of("gpg", "--homedir", home.toString(), "--batch", "--import",
                    out.resolve("signing-key.asc").toString()));
        }
        Exec.Result v = Exec.run(out, List.of("gpg", "--homedir", home.toString(), "--batch", "--verify", sig.toString(),
                f.toString()));
        assertEquals(0, v.exit(), name + ".asc does not verify: " + v.output());
        assertTrue(v.output().contains("Good signature"), v.output());
    }

    @Test
    void theBundleHoldsEveryFileCentralRequiresSignedAndSummed() throws Exception {
        List<String> required = new ArrayList<>();
        required.add(file("", "pom"));
        for (String c : REQUIRED) {
            required.add(file(c, "jar"));
        }
        for (String name : required) {
            signedAndSummed(name);
        }
        Set<String> unexpected = new TreeSet<>();
        for (String name : bundle.keySet()) {
            String base = name.replaceAll("\\.(asc|md5|sha1|sha256|sha512)$", "");
            if (!required.contains(base)) {
                unexpected.add(name);
            }
        }
        assertEquals(Set.of(), unexpected, "files the bundle should not carry");
    }

    @Test
    void thePomCarriesWhatCentralRequires() throws Exception {
        Element p = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(entry(file("", "pom")))).getDocumentElement();
        for (String f : List.of("groupId", "artifactId", "version", "name", "description", "url")) {
            assertFalse(p.getElementsByTagName(f).item(0).getTextContent().isBlank(), f);
        }
        assertEquals(version, p.getElementsByTagName("version").item(0).getTextContent().strip(), "a release version");
        for (String f : List.of("licenses/license/name", "licenses/license/url", "developers/developer/name",
                "scm/url", "scm/connection", "scm/developerConnection")) {
            String[] path = f.split("/");
            Element e = p;
            for (String step : path) {
                e = (Element) e.getElementsByTagName(step).item(0);
                assertTrue(e != null, "the published POM has no " + f);
            }
            assertFalse(e.getTextContent().isBlank(), f);
        }
    }

    @Test
    void theJarsHoldThePluginItsSourcesAndItsJavadoc() throws Exception {
        assertTrue(names(entry(file("", "jar"))).contains("META-INF/maven/plugin.xml"), "a Maven plugin");
        assertTrue(names(entry(file("sources", "jar"))).contains("dev/hipdll/report/SarifReport.java"), "sources");
        Set<String> javadoc = names(entry(file("javadoc", "jar")));
        assertTrue(javadoc.contains("index.html") && javadoc.contains("dev/hipdll/report/SarifReport.html"), "javadoc");
        Set<String> cli = names(entry(file("cli", "jar")));
        assertTrue(cli.contains("dev/hipdll/cli/Main.class") && cli.contains("META-INF/maven/plugin.xml"),
                "the command-line jar: its main class and the descriptor its -D names come from");
        assertFalse(cli.contains("dev/hipdll/maven/VerifyMojo.class"), "no mojo in the command-line jar");
    }

    @Test
    void thePluginJarIsReproducible() throws Exception {
        List<String> sums = Files.readAllLines(out.resolve("jar-sha256"));
        assertEquals(2, sums.size(), run.output());
        assertEquals(sums.get(0), sums.get(1), "two builds of one commit, two plugin jars: " + run.output());
        assertEquals(0, run.exit(), run.output());
        assertEquals(hex("SHA-256", entry(file("", "jar"))), sums.get(0), "the bundle holds the jar built");
    }

    @Test
    void theCommandLineJarIsReproducible() throws Exception {
        List<String> sums = Files.readAllLines(out.resolve("cli-jar-sha256"));
        assertEquals(2, sums.size(), run.output());
        assertEquals(sums.get(0), sums.get(1), "two builds of one commit, two -cli.jar: " + run.output());
        assertEquals(hex("SHA-256", entry(file("cli", "jar"))), sums.get(0), "the bundle holds the cli jar built");
    }

    private static Set<String> names(byte[] jar) throws IOException {
        Set<String> names = new TreeSet<>();
        try (ZipInputStream z = new ZipInputStream(new ByteArrayInputStream(jar))) {
            for (ZipEntry e = z.getNextEntry(); e != null; e = z.getNextEntry()) {
                names.add(e.getName());
            }
        }
        return names;
    }
}
