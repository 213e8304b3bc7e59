package dev.hipdll.pipeline;

import dev.hipdll.signing.AuthenticodeSigning;
import dev.hipdll.compile.HardeningFlags;
import dev.hipdll.compile.SourceLanguages;
import dev.hipdll.environment.ScrubPolicy;
import dev.hipdll.environment.VariablePattern;
import dev.hipdll.msvc.MsvcRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The parameters of the DLL-level build stamp, derived from the {@link HipDllBuildRequest}: every component of the
 * request, and of the records it nests, is classified here as deciding the DLL or not, and each deciding one that
 * no other part of the stamp covers is stamped under its parameter's name ({@code hip.staticRuntime}, ...). A
 * component added to the request without a classification fails {@code StampParametersTest}, so a new input that
 * decides the DLL cannot be forgotten (a forgotten one gave a wrong "up to date": the DLL-level shortcut runs no
 * step whose key would have caught it).
 */
public final class StampParameters {

    /** How a component of the request counts for the stamp. */
    public enum Role {
        /** Decides the DLL; stamped here under its parameter's name ({@link Entry#parameter}). */
        STAMPED,
        /**
         * Decides the DLL and is stamped by another part of the stamp ({@link dev.hipdll.incremental.StampInputs}):
         * the gfx targets, the sources' and headers' digests, the resolved SDK and toolset, the keyed environment,
         * the plugin version.
         */
        STAMPED_ELSEWHERE,
        /** Does not decide the DLL: how the build runs, logs, schedules or trusts. */
        NOT_DECIDING,
        /** A record (or an optional one) whose own components are classified one by one. */
        NESTED
    }

    /**
     * One classified component.
     *
     * @param owner     the record that has the component
     * @param component the component's name
     * @param role      how it counts
     * @param parameter with {@link Role#STAMPED}: the stamp's name of it; else {@code null}
     * @param value     with {@link Role#STAMPED}: its stamped text read from a request, {@code null} when it is unset
     *                  (then it is left out); else {@code null}
     * @param why       for the other roles: where it is stamped instead, or why it does not decide the DLL
     */
    public record Entry(Class<? extends Record> owner, String component, Role role, String parameter,
                        Function<HipDllBuildRequest, String> value, String why) {
        /** Checks that a stamped entry has a name and a value, and the others a reason. */
        public Entry {
            Objects.requireNonNull(owner, "owner");
            Objects.requireNonNull(component, "component");
            Objects.requireNonNull(role, "role");
            if (role == Role.STAMPED ? parameter == null || value == null : why == null) {
                throw new IllegalArgumentException(owner.getSimpleName() + "." + component + ": incomplete entry");
            }
        }
    }

    private static final List<Entry> ENTRIES = List.of(
            nested(HipDllBuildRequest.class, "setup"),
            nested(HipDllBuildRequest.class, "units"),
            nested(HipDllBuildRequest.class, "options"),
            nested(HipDllBuildRequest.class, "stamp"),
            elsewhere(HipDllBuildRequest.class, "host", "the OS and the compiler's environment after the scrub"),
            elsewhere(HipDllBuildRequest.class, "targets", "the stamp's gfx target list (hip.arch)"),
            stamped(HipDllBuildRequest.class, "output", "hip.outputDirectory",
                    r -> text(r.output().getParent())),
            stamped(HipDllBuildRequest.class, "output", "hip.outputName", r -> text(r.output().getFileName())),
            stamped(HipDllBuildRequest.class, "basedir", "basedir", r -> text(r.basedir())),
            elsewhere(HipDllBuildRequest.class, "buildDirectory", "the header summary (headers under it are not"
                    + " scanned); otherwise only how provenance and logs name paths"),
            notDeciding(HipDllBuildRequest.class, "trust", "which shards and step records are taken, not what they are"),
            notDeciding(HipDllBuildRequest.class, "recordKey", "binds this machine's step records"),
            stamped(HipDllBuildRequest.class, "authenticode", "hip.sign",
                    r -> r.authenticode().map(AuthenticodeSigning::stampText).orElse(null)),

            elsewhere(SetupInputs.class, "overrides", "the resolved SDK's components (path, size, hash), however"
                    + " the root or an override was spelled"),
            elsewhere(SetupInputs.class, "toolchains", "the resolved SDK's components"),
            elsewhere(SetupInputs.class, "toolchainVersion", "the resolved SDK's components"),
            nested(SetupInputs.class, "msvc"),
            nested(SetupInputs.class, "scrub"),

            stamped(MsvcRequest.class, "vsInstallDir", "hip.vsInstallDir", r -> text(r.setup().msvc().vsInstallDir())),
            stamped(MsvcRequest.class, "vcToolsVersion", "hip.vcToolsVersion",
                    r -> r.setup().msvc().vcToolsVersion()),
            stamped(MsvcRequest.class, "windowsSdkVersion", "hip.windowsSdkVersion",
                    r -> r.setup().msvc().windowsSdkVersion()),
            stamped(MsvcRequest.class, "windowsSdkDir", "hip.windowsSdkDir", r -> text(r.setup().msvc().windowsSdkDir())),
            notDeciding(MsvcRequest.class, "hints", "how the locators' messages name a parameter"),

            stamped(ScrubPolicy.class, "scrub", "hip.scrubVariables", r -> String.join(",", userScrub(r.setup().scrub()))),
            stamped(ScrubPolicy.class, "keep", "hip.keepVariables", r -> String.join(",", texts(r.setup().scrub().keep()))),
            stamped(ScrubPolicy.class, "set", "environmentVariables",
                    r -> String.valueOf(new TreeMap<>(r.setup().scrub().set()))),
            elsewhere(ScrubPolicy.class, "launcher", "the launcher's variables it lets pass are keyed variables"),

            stamped(TranslationUnits.class, "sourceDirectory", "hip.sourceDirectory",
                    r -> text(r.units().sourceDirectory())),
            elsewhere(TranslationUnits.class, "sources", "each source's digest"),
            stamped(TranslationUnits.class, "includes", "includes", r -> String.join(",", r.units().includes())),
            stamped(TranslationUnits.class, "includeDirs", "includeDirectories",
                    r -> String.join(",", r.units().includeDirs().stream().map(Path::toString).toList())),
            stamped(TranslationUnits.class, "defines", "defines", r -> String.join(",", r.units().defines())),
            stamped(TranslationUnits.class, "compilerArgs", "compilerArgs", r -> String.join(" ", r.units().compilerArgs())),
            nested(TranslationUnits.class, "languages"),
            stamped(TranslationUnits.class, "libraries", "hip.libraries", r -> String.join(",", r.units().libraries())),

            stamped(SourceLanguages.class, "hipSources", "hip.hipSources",
                    r -> String.join(",", r.units().languages().hipSources())),
            stamped(SourceLanguages.class, "hostSources", "hip.hostSources",
                    r -> String.join(",", r.units().languages().hostSources())),

            stamped(BuildOptions.class, "staticRuntime", "hip.staticRuntime", r -> text(r.options().staticRuntime())),
            stamped(BuildOptions.class, "driver", "hip.driver", r -> text(r.options().driver())),
            notDeciding(BuildOptions.class, "jobs", "how many steps run at once"),
            stamped(BuildOptions.class, "bundleVersion", "hip.offloadCompress",
                    r -> text(r.options().bundleVersion().isPresent())),
            stamped(BuildOptions.class, "bundleVersion", "hip.bundleVersion",
                    r -> r.options().bundleVersion().map(String::valueOf).orElse(null)),
            notDeciding(BuildOptions.class, "stepTimeout", "when a step is killed"),
            notDeciding(BuildOptions.class, "heartbeat", "when a heartbeat line is logged"),
            stamped(BuildOptions.class, "commandLineLimit", "hip.commandLineLimit",
                    r -> text(r.options().commandLineLimit())),
            notDeciding(BuildOptions.class, "force", "rebuilds whatever the stamp says"),
            notDeciding(BuildOptions.class, "progress", "how step lines are logged"),
            stamped(BuildOptions.class, "outputTimestamp", "project.build.outputTimestamp",
                    r -> r.options().outputTimestamp()),
            elsewhere(BuildOptions.class, "compilerLauncher", "the launcher's variables it lets pass are keyed"
                    + " variables; the launcher itself only caches compiles"),
            notDeciding(BuildOptions.class, "sdkFingerprint", "checked against the resolved SDK, which is stamped"),
            notDeciding(BuildOptions.class, "schedule", "which ready step starts first"),
            nested(BuildOptions.class, "hardening"),

            stamped(HardeningFlags.class, "guardCf", "hip.guardCf", r -> hardening(r, HardeningFlags::guardCf)),
            stamped(HardeningFlags.class, "dynamicBase", "hip.dynamicBase", r -> hardening(r, HardeningFlags::dynamicBase)),
            stamped(HardeningFlags.class, "highEntropyVa", "hip.highEntropyVa",
                    r -> hardening(r, HardeningFlags::highEntropyVa)),
            stamped(HardeningFlags.class, "nxCompat", "hip.nxCompat", r -> hardening(r, HardeningFlags::nxCompat)),
            stamped(HardeningFlags.class, "cetCompat", "hip.cetCompat", r -> hardening(r, HardeningFlags::cetCompat)),
            stamped(HardeningFlags.class, "forceIntegrity", "hip.forceIntegrity",
                    r -> hardening(r, HardeningFlags::forceIntegrity)),

            elsewhere(StampContext.class, "pluginVersion", "the stamp's plugin version"),
            notDeciding(StampContext.class, "generator", "named in the provenance only"));

    private StampParameters() {
    }

    /** Every classified component, in a stable order; a component stamped under two names has two entries. */
    public static List<Entry> entries() {
        return ENTRIES;
    }

    /**
     * The stamp's parameters of {@code request}: each {@link Role#STAMPED} component's text by its parameter's
     * name, unset ones left out. Equal for two requests that differ in no component deciding the DLL.
     */
    public static SortedMap<String, String> of(HipDllBuildRequest request) {
        SortedMap<String, String> p = new TreeMap<>();
        for (Entry e : ENTRIES) {
            if (e.role() == Role.STAMPED) {
                String v = e.value().apply(request);
                if (v != null) {
                    p.put(e.parameter(), v);
                }
            }
        }
        return p;
    }

    /** The scrub patterns besides {@link ScrubPolicy#DEFAULT_SCRUB}: the user's {@code scrubVariables}. */
    private static List<String> userScrub(ScrubPolicy policy) {
        List<String> all = texts(policy.scrub());
        int defaults = ScrubPolicy.DEFAULT_SCRUB.size();
        return all.size() >= defaults && all.subList(0, defaults).equals(ScrubPolicy.DEFAULT_SCRUB)
                ? all.subList(defaults, all.size()) : all;
    }

    private static List<String> texts(List<VariablePattern> patterns) {
        List<String> t = new ArrayList<>();
        for (VariablePattern p : patterns) {
            t.add(p.text());
        }
        return t;
    }

    private static String hardening(HipDllBuildRequest r, Function<HardeningFlags, Boolean> flag) {
        return r.options().hardening().map(flag).map(String::valueOf).orElse(null);
    }

    private static String text(Object value) {
        return value == null ? null : value.toString();
    }

    private static Entry stamped(Class<? extends Record> owner, String component, String parameter,
                                 Function<HipDllBuildRequest, String> value) {
        return new Entry(owner, component, Role.STAMPED, parameter, value, null);
    }

    private static Entry elsewhere(Class<? extends Record> owner, String component, String where) {
        return new Entry(owner, component, Role.STAMPED_ELSEWHERE, null, null, "stamped as " + where);
    }

    private static Entry notDeciding(Class<? extends Record> owner, String component, String why) {
        return new Entry(owner, component, Role.NOT_DECIDING, null, null, why);
    }

    private static Entry nested(Class<? extends Record> owner, String component) {
        return new Entry(owner, component, Role.NESTED, null, null, "its components are classified one by one");
    }
}
