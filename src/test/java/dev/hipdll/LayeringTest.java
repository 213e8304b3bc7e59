package dev.hipdll;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of the plugin's packages, held against the compiled classes (ArchUnit reads the bytecode: an
 * import, a call, a field or a signature is an edge; a javadoc link is not). The rules, as docs/architecture.md
 * states them:
 * <ul>
 *   <li>no cycle between the packages under {@code dev.hipdll};</li>
 *   <li>Maven (org.apache.maven, org.eclipse.aether, the Plexus container) is used in {@code dev.hipdll.maven} (and
 *       the generated help goal) only; plexus-utils' {@code MatchPatterns} is a library like any other;</li>
 *   <li>nothing imports {@code dev.hipdll.maven}: the mojos are the top, a second front end sits beside them;</li>
 *   <li>the readers of untrusted formats ({@code bytes}, {@code pe}, {@code bundle}, {@code authenticode},
 *       {@code zip}) use each other, {@code io}, the JDK, Bouncy Castle (ASN.1, CMS) and aircompressor, and no
 *       policy: what is acceptable is decided above them;</li>
 *   <li>jsign (Authenticode signing in the build) is used in {@code dev.hipdll.signing} only.</li>
 * </ul>
 * And each package uses only the packages its {@code package-info.java} names in its "May use:" sentence
 * ({@link #eachPackageUsesWhatItsPackageInfoSays()}): the stated layers are the enforced ones.
 * {@link #theRulesCatchPlantedImports()} runs the same rules on {@code dev.hipdll.testing.layering}, where each rule
 * has one planted offender, so a rule that cannot fail fails the test.
 */
class LayeringTest {
    private static final String ROOT = "dev.hipdll";

    /** The rules, for the packages under {@code root}, by name. */
    static Map<String, ArchRule> rules(String root) {
        Map<String, ArchRule> rules = new LinkedHashMap<>();
        rules.put("no package cycle", slices().matching(root + ".(*)..").should().beFreeOfCycles());
        // the generated help goal (maven-plugin-plugin's HelpMojo) is a front end too
        String[] frontEnds = {root + ".maven..", root + ".hipdll_maven_plugin.."};
        rules.put("Maven only in maven", noClasses().that().resideOutsideOfPackages(frontEnds)
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.maven..", "org.eclipse.aether..",
                        "org.codehaus.plexus.component..", "org.codehaus.plexus.configuration..",
                        "org.codehaus.plexus.classworlds.."));
        rules.put("nothing imports maven", noClasses().that().resideOutsideOfPackages(frontEnds)
                .should().dependOnClassesThat().resideInAPackage(root + ".maven.."));
        rules.put("jsign only in signing", noClasses().that().resideOutsideOfPackages(root + ".signing..")
                .should().dependOnClassesThat().resideInAPackage("net.jsign.."));
        String[] readers = {root + ".bytes..", root + ".pe..", root + ".bundle..", root + ".authenticode..",
                root + ".zip.."};
        rules.put("format readers use no policy", classes().that().resideInAnyPackage(readers)
                .should().onlyDependOnClassesThat().resideInAnyPackage(concat(readers, root + ".io..", "java..",
                        "javax..", "org.bouncycastle..", "io.airlift.compress..", "")));
        return rules;
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static JavaClasses plugin;

    @BeforeAll
    static void importThePlugin() {
        plugin = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(ROOT);
    }

    private static JavaClasses plugin() {
        return plugin;
    }

    @Test
    void noPackageCycle() {
        rules(ROOT).get("no package cycle").check(plugin());
    }

    @Test
    void mavenOnlyInTheMavenPackage() {
        rules(ROOT).get("Maven only in maven").check(plugin());
    }

    @Test
    void nothingImportsTheMojos() {
        rules(ROOT).get("nothing imports maven").check(plugin());
    }

    @Test
    void jsignOnlyInTheSigningPackage() {
        rules(ROOT).get("jsign only in signing").check(plugin());
    }

    @Test
    void formatReadersUseNoPolicy() {
        rules(ROOT).get("format readers use no policy").check(plugin());
    }

    /**
     * The packages {@code package-info.java} allows, from its sentence "May use: {@code a}, {@code b}." (or "nothing
     * else of the plugin", or "any package of the plugin": empty).
     */
    static Optional<Set<String>> mayUse(Path packageInfo) throws IOException {
        String text = Files.readString(packageInfo).replaceAll("\\s*\\n\\s*\\*\\s*", " ");
        Matcher m = Pattern.compile("May use: ([^.]*(?:\\.[a-z][^.]*)*)\\.").matcher(text);
        if (!m.find()) {
            throw new AssertionError(packageInfo + " has no sentence 'May use: ...'");
        }
        if (m.group(1).startsWith("any package")) {
            return Optional.empty();
        }
        Set<String> allowed = new TreeSet<>();
        Matcher code = Pattern.compile("\\{@code ([a-z]+)}").matcher(m.group(1));
        while (code.find()) {
            allowed.add(code.group(1));
        }
        return Optional.of(allowed);
    }

    @Test
    void eachPackageUsesWhatItsPackageInfoSays() throws IOException {
        Path sources = Path.of("src/main/java/dev/hipdll");
        List<String> packages = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(sources, Files::isDirectory)) {
            for (Path dir : dirs) {
                packages.add(dir.getFileName().toString());
            }
        }
        Collections.sort(packages);
        assertTrue(packages.size() > 30, "packages under " + sources + ": " + packages);
        List<String> failures = new ArrayList<>();
        for (String pkg : packages) {
            Path info = sources.resolve(pkg).resolve("package-info.java");
            if (!Files.exists(info)) {
                failures.add(pkg + ": no package-info.java (what it holds, what it may use)");
                continue;
            }
            Optional<Set<String>> allowed = mayUse(info);
            if (allowed.isEmpty()) {
                continue;
            }
            List<String> may = new ArrayList<>();
            may.add(ROOT + "." + pkg + "..");
            for (String a : allowed.get()) {
                may.add(ROOT + "." + a + "..");
            }
            ArchRule rule = noClasses().that().resideInAPackage(ROOT + "." + pkg + "..")
                    .should().dependOnClassesThat(JavaClass.Predicates.resideInAPackage(ROOT + "..")
                            .and(DescribedPredicate.not(
                                    JavaClass.Predicates.resideInAnyPackage(may.toArray(String[]::new)))))
                    .as(pkg + " uses only " + allowed.get() + " (its package-info.java)");
            try {
                rule.check(plugin());
            } catch (AssertionError e) {
                failures.add(e.getMessage().lines().limit(6).collect(Collectors.joining("\n")));
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void theRulesCatchPlantedImports() {
        String planted = ROOT + ".testing.layering";
        JavaClasses classes = new ClassFileImporter().importPackages(planted);
        Map<String, ArchRule> rules = rules(planted);
        assertEquals(5, rules.size());
        for (Map.Entry<String, ArchRule> rule : rules.entrySet()) {
            assertThrows(AssertionError.class, () -> rule.getValue().check(classes),
                    "the planted offender of '" + rule.getKey() + "' passes");
        }
    }
}
