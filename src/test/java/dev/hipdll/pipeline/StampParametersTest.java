package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.compile.Driver;
import dev.hipdll.compile.HardeningFlags;
import dev.hipdll.compile.SourceLanguages;
import dev.hipdll.environment.ScrubPolicy;
import dev.hipdll.environment.VariablePattern;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.msvc.MsvcRequest;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.trust.TrustPolicy;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The DLL stamp's parameters come from the request ({@link StampParameters}): every component of
 * {@link HipDllBuildRequest} and of the records it nests is classified, changing a stamped one changes the stamp,
 * and changing any other leaves it as it was (so an unchanged build stays "up to date").
 */
class StampParametersTest {
    private static final Path P = Path.of("/p");

    /** A request with every component set (hardening and a compressed bundle included). */
    private static HipDllBuildRequest request() throws Exception {
        Path hip = P.resolve("src/main/hip");
        return new HipDllBuildRequest(Host.of(OsFamily.UNIX, Map.of("PATH", "/usr/bin")),
                new SetupInputs(new SdkOverrides(Path.of("/sdk"), null, null, null, null, null, null), List.of(), null,
                        new MsvcRequest(Path.of("/vs"), "14.44", "10.0.26100.0", Path.of("/kits")),
                        ScrubPolicy.of(List.of("FOO_*"), List.of("KEEP"), Map.of("A", "1")).withLauncher("ccache")),
                new TranslationUnits(hip, List.of(hip.resolve("a.cu")), List.of(hip.resolve("include")),
                        List.of("D=1"), List.of("-O3"), new SourceLanguages(List.of("x.cpp"), List.of("y.cu")),
                        List.of("hipblas"), List.of("**/*.cu")),
                GfxTargetList.parse("gfx1151"), P.resolve("target/hipdll/coli_hip.dll"),
                new BuildOptions(true, Driver.HIPCC, 2, Optional.of(2), Duration.ofMinutes(10), Duration.ofSeconds(30),
                        8000, false, true, "2026-01-01T00:00:00Z", "ccache", "sha256:00", Schedule.CRITICAL_PATH,
                        Optional.of(HardeningFlags.DEFAULTS)),
                P, P.resolve("target"), new StampContext("1", "g:a:1"), TrustPolicy.none(), Optional.empty());
    }

    /** A changed value for every leaf component, by {@code Record.component}. */
    private static Map<String, UnaryOperator<Object>> changes() {
        Map<String, UnaryOperator<Object>> m = new LinkedHashMap<>();
        m.put("HipDllBuildRequest.host", v -> Host.of(OsFamily.WINDOWS, Map.of("Path", "C:\\x")));
        m.put("HipDllBuildRequest.targets", v -> GfxTargetList.parse("gfx1100"));
        m.put("HipDllBuildRequest.output", v -> ((Path) v).resolveSibling("other.dll"));
        m.put("HipDllBuildRequest.authenticode", v -> Optional.of(new dev.hipdll.signing.AuthenticodeSigning(
                "/release.p12", "PKCS12", "release", "pass", null, Optional.of("http://127.0.0.1:1/"), "the test")));
        m.put("HipDllBuildRequest.basedir", v -> ((Path) v).resolve("x"));
        m.put("HipDllBuildRequest.buildDirectory", v -> ((Path) v).resolve("x"));
        m.put("HipDllBuildRequest.trust", v -> new TrustPolicy(List.of(), true, SignerPins.none(), Optional.empty()));
        m.put("HipDllBuildRequest.recordKey", v -> Optional.of(Path.of("/key")));
        m.put("SetupInputs.overrides", v -> new SdkOverrides(Path.of("/sdk2"), null, null, null, null, null, null));
        m.put("SetupInputs.toolchains", v -> List.of(new HipToolchain(Map.of("version", "6.4"), Path.of("/sdk3"))));
        m.put("SetupInputs.toolchainVersion", v -> "6.4");
        m.put("MsvcRequest.vsInstallDir", v -> Path.of("/vs2"));
        m.put("MsvcRequest.vcToolsVersion", v -> "14.43");
        m.put("MsvcRequest.windowsSdkVersion", v -> "10.0.22621.0");
        m.put("MsvcRequest.windowsSdkDir", v -> Path.of("/kits2"));
        m.put("MsvcRequest.hints", v -> new dev.hipdll.parameter.PropertyHints("--"));
        m.put("ScrubPolicy.scrub", v -> plus(v, new VariablePattern("BAR")));
        m.put("ScrubPolicy.keep", v -> plus(v, new VariablePattern("KEEP2")));
        m.put("ScrubPolicy.set", v -> {
            Map<Object, Object> n = new LinkedHashMap<>((Map<?, ?>) v);
            n.put("B", "2");
            return n;
        });
        m.put("ScrubPolicy.launcher", v -> "sccache");
        m.put("TranslationUnits.sourceDirectory", v -> P.resolve("src/main"));
        m.put("TranslationUnits.sources", v -> plus(v, P.resolve("src/main/hip/b.cu")));
        m.put("TranslationUnits.includeDirs", v -> plus(v, Path.of("/inc")));
        m.put("TranslationUnits.defines", v -> plus(v, "E=2"));
        m.put("TranslationUnits.compilerArgs", v -> plus(v, "-g"));
        m.put("TranslationUnits.libraries", v -> plus(v, "rocblas"));
        m.put("TranslationUnits.includes", v -> plus(v, "**/*.hip"));
        m.put("SourceLanguages.hipSources", v -> plus(v, "z.cpp"));
        m.put("SourceLanguages.hostSources", v -> plus(v, "w.cu"));
        m.put("BuildOptions.staticRuntime", v -> !(Boolean) v);
        m.put("BuildOptions.driver", v -> Driver.CLANG);
        m.put("BuildOptions.jobs", v -> (Integer) v + 1);
        m.put("BuildOptions.bundleVersion", v -> Optional.of(3));
        m.put("BuildOptions.stepTimeout", v -> ((Duration) v).plusSeconds(1));
        m.put("BuildOptions.heartbeat", v -> ((Duration) v).plusSeconds(1));
        m.put("BuildOptions.commandLineLimit", v -> (Integer) v + 1);
        m.put("BuildOptions.force", v -> !(Boolean) v);
        m.put("BuildOptions.progress", v -> !(Boolean) v);
        m.put("BuildOptions.outputTimestamp", v -> "2027-01-01T00:00:00Z");
        m.put("BuildOptions.compilerLauncher", v -> "sccache");
        m.put("BuildOptions.sdkFingerprint", v -> "sha256:11");
        m.put("BuildOptions.schedule", v -> Schedule.SOURCE_ORDER);
        for (String flag : List.of("guardCf", "dynamicBase", "highEntropyVa", "nxCompat", "cetCompat", "forceIntegrity")) {
            m.put("HardeningFlags." + flag, v -> !(Boolean) v);
        }
        m.put("StampContext.pluginVersion", v -> "2");
        m.put("StampContext.generator", v -> "g:a:2");
        return m;
    }

    @Test
    void everyComponentOfTheRequestIsClassified() {
        List<String> unclassified = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        for (List<RecordComponent> path : leaves(HipDllBuildRequest.class, List.of(), unclassified, seen)) {
            assertTrue(role(last(path)) != StampParameters.Role.NESTED);
        }
        assertEquals(List.of(), unclassified, "components of the build request that StampParameters does not classify"
                + " as deciding the DLL (stamped here or elsewhere) or not");
        Set<String> classified = new TreeSet<>();
        for (StampParameters.Entry e : StampParameters.entries()) {
            classified.add(name(e.owner(), e.component()));
        }
        classified.removeAll(seen);
        assertEquals(Set.of(), classified, "entries of StampParameters that name no component of the request");
    }

    @Test
    void aStampedComponentChangesTheStampAndNoOtherDoes() throws Exception {
        HipDllBuildRequest base = request();
        Map<String, String> before = StampParameters.of(base);
        Map<String, UnaryOperator<Object>> changes = changes();
        List<String> missing = new ArrayList<>();
        for (List<RecordComponent> path : leaves(HipDllBuildRequest.class, List.of(), new ArrayList<>(), new TreeSet<>())) {
            String name = name(last(path));
            UnaryOperator<Object> change = changes.get(name);
            if (change == null) {
                missing.add(name);
                continue;
            }
            HipDllBuildRequest changed = (HipDllBuildRequest) with(base, path, 0, change);
            assertNotEquals(base, changed, name + ": the change changes nothing");
            Map<String, String> after = StampParameters.of(changed);
            if (role(last(path)) == StampParameters.Role.STAMPED) {
                assertNotEquals(before, after, name + " decides the DLL but does not change the stamp");
            } else {
                assertEquals(before, after, name + " is classified as " + role(last(path))
                        + " but changes the stamp's parameters");
            }
        }
        assertEquals(List.of(), missing, "give these components a changed value in this test");
    }

    @Test
    void theStampOfAnUnchangedRequestIsTheSame() throws Exception {
        Map<String, String> p = StampParameters.of(request());
        assertEquals(p, StampParameters.of(request()));
        assertEquals("true", p.get("hip.offloadCompress"));
        assertEquals("2", p.get("hip.bundleVersion"));
        assertEquals("FOO_*", p.get("hip.scrubVariables"));
        assertEquals("/p/target/hipdll", p.get("hip.outputDirectory"));
        assertEquals("coli_hip.dll", p.get("hip.outputName"));
    }

    @Test
    void unsetParametersAreLeftOut() throws Exception {
        HipDllBuildRequest r = request();
        HipDllBuildRequest plain = new HipDllBuildRequest(r.host(), new SetupInputs(r.setup().overrides(), List.of(),
                null, MsvcRequest.none(), ScrubPolicy.defaults()), r.units(), r.targets(), r.output(),
                new BuildOptions(true, Driver.HIPCC, 1, Optional.empty(), Duration.ofSeconds(1), Duration.ofSeconds(1),
                        0, false, true, null), r.basedir(), r.buildDirectory(), r.stamp(), r.trust(), r.recordKey());
        Map<String, String> p = StampParameters.of(plain);
        for (String unset : List.of("hip.bundleVersion", "hip.vsInstallDir", "hip.vcToolsVersion",
                "hip.windowsSdkVersion", "hip.windowsSdkDir", "project.build.outputTimestamp", "hip.guardCf")) {
            assertTrue(!p.containsKey(unset), unset + " in " + p);
        }
        assertEquals("false", p.get("hip.offloadCompress"));
        assertEquals("", p.get("hip.scrubVariables"));
    }

    /** The leaf components under {@code type}, each as its path from the request; unclassified ones are collected. */
    private static List<List<RecordComponent>> leaves(Class<?> type, List<RecordComponent> prefix,
                                                      List<String> unclassified, Set<String> seen) {
        List<List<RecordComponent>> result = new ArrayList<>();
        for (RecordComponent c : type.getRecordComponents()) {
            List<RecordComponent> path = new ArrayList<>(prefix);
            path.add(c);
            String name = name(c);
            seen.add(name);
            StampParameters.Role role = role(c);
            if (role == null) {
                unclassified.add(name);
            } else if (role == StampParameters.Role.NESTED) {
                Class<?> nested = c.getType() == Optional.class
                        ? (Class<?>) ((ParameterizedType) c.getGenericType()).getActualTypeArguments()[0] : c.getType();
                if (!nested.isRecord()) {
                    fail(name + " is NESTED but " + nested.getName() + " is no record");
                }
                result.addAll(leaves(nested, path, unclassified, seen));
            } else {
                result.add(path);
            }
        }
        return result;
    }

    /** The one role of {@code c} (all its entries agree), or {@code null} when it has none. */
    private static StampParameters.Role role(RecordComponent c) {
        StampParameters.Role role = null;
        for (StampParameters.Entry e : StampParameters.entries()) {
            if (e.owner() == c.getDeclaringRecord() && e.component().equals(c.getName())) {
                if (role != null && role != e.role()) {
                    fail(name(c) + " has two roles: " + role + " and " + e.role());
                }
                role = e.role();
            }
        }
        return role;
    }

    /** {@code record} with the component at {@code path[i..]} changed by {@code change}, rebuilt by its canonical constructor. */
    private static Object with(Object record, List<RecordComponent> path, int i, UnaryOperator<Object> change)
            throws Exception {
        RecordComponent[] cs = record.getClass().getRecordComponents();
        Object[] values = new Object[cs.length];
        Class<?>[] types = new Class<?>[cs.length];
        for (int k = 0; k < cs.length; k++) {
            values[k] = cs[k].getAccessor().invoke(record);
            types[k] = cs[k].getType();
            if (cs[k].getName().equals(path.get(i).getName())) {
                Object v = values[k];
                if (i == path.size() - 1) {
                    values[k] = change.apply(v);
                } else if (v instanceof Optional<?> o) {
                    values[k] = Optional.of(with(o.orElseThrow(), path, i + 1, change));
                } else {
                    values[k] = with(v, path, i + 1, change);
                }
            }
        }
        Constructor<?> canonical = record.getClass().getDeclaredConstructor(types);
        return canonical.newInstance(values);
    }

    private static List<Object> plus(Object list, Object element) {
        List<Object> l = new ArrayList<>((List<?>) list);
        l.add(element);
        return l;
    }

    private static RecordComponent last(List<RecordComponent> path) {
        return path.get(path.size() - 1);
    }

    private static String name(RecordComponent c) {
        return name(c.getDeclaringRecord(), c.getName());
    }

    private static String name(Class<?> owner, String component) {
        return owner.getSimpleName() + "." + component;
    }
}
