package dev.hipdll.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.DetailBound;
import dev.hipdll.findings.Verdict;
import dev.hipdll.io.AtomicFile;
import dev.hipdll.release.PackageReport;
import dev.hipdll.verify.VerifyReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a verify report as SARIF 2.1.0 ({@code verify.sarif}, OASIS "Static Analysis Results Interchange Format
 * Version 2.1.0", errata 01), the format GitHub code scanning takes (docs/verify.md, verify.sarif).
 * One run of the tool {@code hipdll}: a rule per check id verify can report ({@link CheckRules}: its description and
 * the link to its row in docs/verify.md), and a result per check whose verdict is FAIL (level {@code error}) or WARN
 * ({@code warning}) for each file it is about; PASS and SKIP make no result. A result's message is the check's title,
 * what it found and expected and its first {@link DetailBound#max()} detail lines, then how many more there are (the
 * bound of the table, {@code verify.json} and the JUnit XML, {@code hip.report.maxDetails}).
 *
 * <p>Locations: the artifact is the DLL, by its path relative to {@code base} (uriBaseId {@code %SRCROOT%}, given
 * in {@code originalUriBaseIds}), or by an absolute {@code file:} URI when it lies outside {@code base}; a package's
 * own checks are about the package (a directory or a zip) and a member's checks about the member, by its path in the
 * package (uriBaseId {@code PACKAGEROOT}, the package's URI with a trailing slash). Where a finding names a file
 * offset ({@code at file offset 0x..}, {@code at offset 0x..}, {@code (ASCII at 0x..)}, {@code (UTF-16LE at 0x..)};
 * not an offset inside inflated data), the region gives the first one as {@code byteOffset} (a binary region: SARIF
 * section 3.30.1 forbids line numbers in a binary artifact). Each result has a {@code partialFingerprints} entry
 * {@code hipdllFinding/v1}, the SHA-256 of its rule id and artifact location, so code scanning tracks one alert per
 * check and file across runs.
 */
public final class SarifReport {
    /** File name of the report. */
    public static final String FILE_NAME = "verify.sarif";
    /** The SARIF version written. */
    public static final String VERSION = "2.1.0";
    /** The {@code $schema} written: the OASIS schema of SARIF 2.1.0 (errata 01). */
    public static final String SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
    /** The tool's name ({@code runs[].tool.driver.name}). */
    public static final String TOOL = "hipdll";
    /** The uriBaseId of paths relative to the base directory. */
    public static final String SRCROOT = "%SRCROOT%";
    /** The uriBaseId of a package member's path in its package. */
    public static final String PACKAGE_ROOT = "PACKAGEROOT";
    /** The partial fingerprint each result carries. */
    public static final String FINGERPRINT = "hipdllFinding/v1";

    /** File offsets as findings spell them; "inflated offset" (inside inflated data) is not one. */
    private static final Pattern FILE_OFFSET = Pattern.compile(
            "(?<!inflated )(?:file )?offset 0x([0-9A-Fa-f]{1,16})\\b|\\((?:ASCII|UTF-16LE) at 0x([0-9A-Fa-f]{1,16})\\)");

    private final DetailBound bound;
    private final Path base;

    /**
     * @param bound how many detail lines a result's message shows
     * @param base  the directory paths are made relative to (the working directory, in CI the checkout)
     */
    public SarifReport(DetailBound bound, Path base) {
        this.bound = bound;
        this.base = base.toAbsolutePath().normalize();
    }

    /** One DLL's report as a SARIF log. */
    public ObjectNode toJson(VerifyReport report) {
        Run run = new Run();
        ObjectNode dll = fileLocation(report.dll());
        run.add(report.checks(), dll);
        return run.log(null);
    }

    /** A release package's report as a SARIF log: the package's checks at the package, each file's at the file. */
    public ObjectNode toJson(PackageReport report) {
        Run run = new Run();
        run.add(report.packageChecks(), fileLocation(report.source()));
        for (PackageReport.FileReport f : report.files()) {
            ObjectNode member = JsonNodeFactory.instance.objectNode();
            member.put("uri", relativeReference(f.name()));
            member.put("uriBaseId", PACKAGE_ROOT);
            run.add(f.report().checks(), member);
        }
        return run.log(report.source());
    }

    /** Writes one DLL's report to {@code file} atomically. */
    public void write(VerifyReport report, Path file) throws IOException {
        write(toJson(report), file);
    }

    /** Writes a release package's report to {@code file} atomically. */
    public void write(PackageReport report, Path file) throws IOException {
        write(toJson(report), file);
    }

    private void write(ObjectNode json, Path file) throws IOException {
        byte[] bytes = JsonTreeWriter.pretty(json);
        AtomicFile.write(file, out -> {
            out.write(bytes);
            out.write('\n');
        });
    }

    /** The results of one report, and the rules they refer to. */
    private final class Run {
        private final ArrayNode rules = JsonNodeFactory.instance.arrayNode();
        private final Map<String, Integer> ruleIndex = new HashMap<>();
        private final ArrayNode results = JsonNodeFactory.instance.arrayNode();

        Run() {
            for (String id : CheckRules.verifyIds()) {
                rule(id);
            }
        }

        private int rule(String id) {
            Integer known = ruleIndex.get(id);
            if (known != null) {
                return known;
            }
            ObjectNode r = rules.addObject();
            r.put("id", id);
            r.putObject("shortDescription").put("text", CheckRules.description(id));
            r.putObject("fullDescription").put("text", CheckRules.description(id) + " See " + CheckRules.helpUri(id));
            r.put("helpUri", CheckRules.helpUri(id));
            r.putObject("help").put("text", CheckRules.description(id) + " What the check reads and when it fails: "
                    + CheckRules.helpUri(id));
            r.putObject("defaultConfiguration").put("level", "error");
            ruleIndex.put(id, rules.size() - 1);
            return rules.size() - 1;
        }

        void add(List<Check> checks, ObjectNode artifact) {
            for (Check c : checks) {
                if (c.verdict() != Verdict.FAIL && c.verdict() != Verdict.WARN) {
                    continue;
                }
                ObjectNode r = results.addObject();
                r.put("ruleId", c.id());
                r.put("ruleIndex", rule(c.id()));
                r.put("level", c.verdict() == Verdict.FAIL ? "error" : "warning");
                r.putObject("message").put("text", message(c));
                ObjectNode physical = r.putArray("locations").addObject().putObject("physicalLocation");
                physical.set("artifactLocation", artifact.deepCopy());
                OptionalLong offset = firstOffset(c);
                if (offset.isPresent()) {
                    physical.putObject("region").put("byteOffset", offset.getAsLong());
                }
                r.putObject("partialFingerprints").put(FINGERPRINT, sha256(c.id() + "\n" + artifact.path("uriBaseId")
                        .asText("") + "\n" + artifact.get("uri").asText()));
                r.putObject("properties").put("verdict", c.verdict().name());
            }
        }

        ObjectNode log(Path packageRoot) {
            ObjectNode root = JsonNodeFactory.instance.objectNode();
            root.put("$schema", SCHEMA);
            root.put("version", VERSION);
            ObjectNode run = root.putArray("runs").addObject();
            ObjectNode driver = run.putObject("tool").putObject("driver");
            driver.put("name", TOOL);
            driver.put("fullName", "hipdll-maven-plugin verify");
            String version = SarifReport.class.getPackage().getImplementationVersion();
            if (version != null) {
                driver.put("version", version);
            }
            driver.put("informationUri", "https://github.com/hipdll/hipdll-maven-plugin");
            driver.set("rules", rules);
            ObjectNode bases = run.putObject("originalUriBaseIds");
            bases.putObject(SRCROOT).put("uri", directoryUri(base));
            if (packageRoot != null) {
                ObjectNode pkg = fileLocation(packageRoot);
                pkg.put("uri", pkg.get("uri").asText() + "/");
                bases.set(PACKAGE_ROOT, pkg);
            }
            run.set("results", results);
            run.putArray("invocations").addObject().put("executionSuccessful", true);
            return root;
        }
    }

    /** {@code check}'s message: title, found and expected, the bounded detail lines and how many more there are. */
    String message(Check c) {
        StringBuilder b = new StringBuilder();
        b.append(c.title()).append(": ").append(c.found()).append(" (expected: ").append(c.expected()).append(')');
        for (String d : bound.shown(c)) {
            b.append("\n- ").append(d);
        }
        bound.tail(c).ifPresent(t -> b.append("\n- ").append(t));
        return b.toString();
    }

    /** The first file offset a shown detail line of {@code c} names, if any. */
    static OptionalLong firstOffset(Check c) {
        for (String d : c.details()) {
            Matcher m = FILE_OFFSET.matcher(d);
            if (m.find()) {
                String hex = m.group(1) != null ? m.group(1) : m.group(2);
                long v = Long.parseUnsignedLong(hex, 16);
                if (v >= 0) {
                    return OptionalLong.of(v);
                }
            }
        }
        return OptionalLong.empty();
    }

    /** {@code file} relative to the base ({@code %SRCROOT%}) when under it, else as an absolute {@code file:} URI. */
    private ObjectNode fileLocation(Path file) {
        ObjectNode loc = JsonNodeFactory.instance.objectNode();
        Path abs = file.toAbsolutePath().normalize();
        if (abs.startsWith(base) && !abs.equals(base)) {
            loc.put("uri", relativeReference(base.relativize(abs).toString().replace('\\', '/')));
            loc.put("uriBaseId", SRCROOT);
        } else {
            String uri = abs.toUri().toASCIIString();
            loc.put("uri", uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri);
        }
        return loc;
    }

    private static String directoryUri(Path dir) {
        String uri = dir.toUri().toASCIIString();
        return uri.endsWith("/") ? uri : uri + "/";
    }

    /**
     * A {@code /}-separated relative path as an RFC 3986 relative reference: each segment's bytes (UTF-8) other than
     * unreserved characters percent-encoded, so a {@code :} cannot read as a scheme and a space or {@code #} stays in
     * the path.
     */
    static String relativeReference(String path) {
        StringBuilder b = new StringBuilder();
        for (byte x : path.getBytes(StandardCharsets.UTF_8)) {
            int c = x & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_'
                    || c == '~' || c == '/') {
                b.append((char) c);
            } else {
                b.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        return b.toString();
    }

    private static String sha256(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            StringBuilder b = new StringBuilder();
            for (byte x : d) {
                b.append(Character.forDigit((x >> 4) & 15, 16)).append(Character.forDigit(x & 15, 16));
            }
            return b.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
