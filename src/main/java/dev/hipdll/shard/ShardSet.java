package dev.hipdll.shard;

import dev.hipdll.attestation.AttestationException;
import dev.hipdll.attestation.DsseEnvelope;
import dev.hipdll.attestation.DsseSignature;
import dev.hipdll.attestation.TrustedKey;
import dev.hipdll.io.ControlCharacters;
import dev.hipdll.io.IoProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shards a merge build is given ({@code hip.shards}), read once before its steps run: for each
 * device compile step, the shards that offer it. A merge takes a step from the first offer whose key
 * equals this build's ({@code StepExecutor}); this class only reads and authenticates.
 *
 * <p>With trusted keys ({@code hip.attestation.trustedKeys}) a shard is read from its signed manifest
 * ({@link ShardManifest#SIGNED_FILE_NAME}, a DSSE envelope of payload type
 * {@link ShardManifest#PAYLOAD_TYPE}) and only when one of its signatures verifies with a trusted key;
 * the unsigned {@code shard.json} is then ignored.
 *
 * @param byStep  the offers for each step id, in the order the shards were given
 * @param shards  each shard directory read, with its targets, for the log
 * @param require {@code hip.shards.require}: a device step no shard supplies fails the build
 * @param pluginVersion this build's plugin version: a shard made by another is refused
 * @param signed  whether every shard was read from its signed manifest, verified with a trusted key: only then does
 *                a trusted signer vouch for the device code a merge takes
 */
public record ShardSet(Map<String, List<ShardOffer>> byStep, List<String> shards, boolean require,
                       String pluginVersion, boolean signed) {
    /** No shards: every device step runs here (or is reused). */
    public static final ShardSet NONE = new ShardSet(Map.of(), List.of(), false, "");

    /** Shards read from their unsigned manifests. */
    public ShardSet(Map<String, List<ShardOffer>> byStep, List<String> shards, boolean require, String pluginVersion) {
        this(byStep, shards, require, pluginVersion, false);
    }

    /** Copies. */
    public ShardSet {
        Map<String, List<ShardOffer>> m = new LinkedHashMap<>();
        byStep.forEach((k, v) -> m.put(k, List.copyOf(v)));
        byStep = java.util.Collections.unmodifiableMap(m);
        shards = List.copyOf(shards);
    }

    /** Whether there are no shards and none are required. */
    public boolean none() {
        return shards.isEmpty() && !require;
    }

    /**
     * What a shard offers that this build has no step for: a shard built for a target the merge's {@code hip.arch}
     * does not name, or from another set of sources. Such code objects do not reach the DLL, so the build says so
     * rather than drop them in silence.
     *
     * @param shard    the shard's name, as given
     * @param steps    the step ids it offers that this build does not plan
     * @param offered  how many steps it offers in all
     */
    public record Unused(String shard, List<String> steps, int offered) {
        /** Whether no step of the shard is used. */
        public boolean all() {
            return steps.size() == offered;
        }
    }

    /**
     * The shards that offer steps not in {@code planned}, in the order given, each with those steps.
     *
     * @param planned the ids of this build's steps
     * @return one entry per shard with an unplanned step; empty when every offer is for a planned step
     */
    public List<Unused> unused(java.util.Set<String> planned) {
        Map<String, List<String>> offered = new LinkedHashMap<>();
        byStep.forEach((step, offers) -> offers.forEach(o -> offered.computeIfAbsent(o.shard(),
                k -> new java.util.ArrayList<>()).add(step)));
        List<Unused> out = new java.util.ArrayList<>();
        offered.forEach((shard, steps) -> {
            List<String> not = steps.stream().filter(st -> !planned.contains(st)).sorted().toList();
            if (!not.isEmpty()) {
                out.add(new Unused(shard, not, steps.size()));
            }
        });
        return out;
    }

    /** The offers for a step, in the order the shards were given. */
    public List<ShardOffer> offers(String step) {
        return byStep.getOrDefault(step, List.of());
    }

    /**
     * Reads shard directories.
     *
     * @param directories the shard directories (each holds {@code shard.json})
     * @param trusted     the trusted keys; when not empty only signed manifests are accepted
     * @param require     {@code hip.shards.require}
     * @param pluginVersion this build's plugin version
     * @throws ShardException when {@code require} is set and there is no directory, a directory holds no manifest,
     *                        a manifest does not parse, a signature is
     *                        missing or does not verify, or a file is not in the directory (named)
     */
    public static ShardSet load(List<Path> directories, List<TrustedKey> trusted, boolean require,
                                String pluginVersion) throws ShardException {
        return load(directories, directories.stream().map(d -> d.toAbsolutePath().normalize().toString()).toList(),
                trusted, require, pluginVersion);
    }

    /**
     * As {@link #load(List, List, boolean, String)}, each shard named in the log as given (a zip or Maven
     * coordinates unpacked to a directory is named by them).
     *
     * @param names the shards' names, one per directory
     */
    public static ShardSet load(List<Path> directories, List<String> names, List<TrustedKey> trusted, boolean require,
                                String pluginVersion) throws ShardException {
        if (directories.isEmpty() && require) {
            throw new ShardException("hip.shards.require=true takes all device code from shards, but hip.shards names"
                    + " no shard; expected shard directories, shard .zip files or Maven coordinates, comma-separated");
        }
        Map<String, List<ShardOffer>> byStep = new LinkedHashMap<>();
        List<String> shards = new ArrayList<>();
        for (int i = 0; i < directories.size(); i++) {
            Path dir = directories.get(i).toAbsolutePath().normalize();
            if (!Files.isDirectory(dir)) {
                throw new ShardException("hip.shards: " + dir + " is not a directory (a shard directory holds "
                        + ShardManifest.FILE_NAME + ")");
            }
            ShardManifest m = ShardManifest.parse(trusted.isEmpty() ? read(dir.resolve(ShardManifest.FILE_NAME))
                    : signedPayload(dir.resolve(ShardManifest.SIGNED_FILE_NAME), trusted), dir + "/"
                    + (trusted.isEmpty() ? ShardManifest.FILE_NAME : ShardManifest.SIGNED_FILE_NAME));
            String name = names.get(i);
            shards.add(name + " (" + ControlCharacters.escape(String.join(",", m.targets())) + ", " + m.steps().size()
                    + " device compiles"
                    + (trusted.isEmpty() ? "" : ", signed") + ")");
            for (ShardEntry e : m.steps()) {
                byStep.computeIfAbsent(e.step(), k -> new ArrayList<>())
                        .add(new ShardOffer(name, dir, m.pluginVersion(), e));
            }
        }
        return new ShardSet(byStep, shards, require, pluginVersion, !trusted.isEmpty());
    }

    private static byte[] read(Path file) throws ShardException {
        try {
            if (!Files.isRegularFile(file)) {
                throw new ShardException(file + ": missing; a shard directory holds the " + ShardManifest.FILE_NAME
                        + " a shard build (hip.shard=device) wrote");
            }
            long size = Files.size(file);
            if (size > ShardManifest.MAX_BYTES) {
                throw new ShardException(file + ": " + size + " bytes, more than a shard manifest can be ("
                        + ShardManifest.MAX_BYTES + ")");
            }
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ShardException(file + ": cannot be read (" + IoProblem.describe(e) + ")");
        }
    }

    /** The payload of a signed manifest when a trusted key verifies one of its signatures. */
    private static byte[] signedPayload(Path file, List<TrustedKey> trusted) throws ShardException {
        if (!Files.isRegularFile(file)) {
            throw missingSignature(file.toString());
        }
        return signedPayload(read(file), file.toString(), trusted);
    }

    static ShardException missingSignature(String file) {
        return new ShardException(file + ": missing; trusted keys are configured (hip.attestation.trustedKeys),"
                + " so only shards whose manifest is signed are accepted: build the shard with a signing key"
                + " (docs/ci.md, Sharded builds)");
    }

    /**
     * The payload of a signed manifest's bytes ({@link ShardManifest#SIGNED_FILE_NAME}) when a trusted key verifies
     * one of its signatures.
     *
     * @param file where the bytes were read, for the message
     * @throws ShardException when it is no DSSE envelope of {@link ShardManifest#PAYLOAD_TYPE} or no signature verifies
     */
    static byte[] signedPayload(byte[] bytes, String file, List<TrustedKey> trusted) throws ShardException {
        DsseEnvelope e;
        try {
            // at most as many signatures as an attestation's envelope: each costs a verification per trusted key
            e = DsseEnvelope.parse(new String(bytes, java.nio.charset.StandardCharsets.UTF_8), file,
                    dev.hipdll.attestation.AttestationLimits.DEFAULT.maxSignatures());
        } catch (AttestationException x) {
            throw new ShardException(x.getMessage());
        }
        if (!ShardManifest.PAYLOAD_TYPE.equals(e.payloadType())) {
            throw new ShardException(file + ": payload type " + ControlCharacters.escape(e.payloadType()) + ", expected "
                    + ShardManifest.PAYLOAD_TYPE);
        }
        for (DsseSignature s : e.signatures()) {
            for (TrustedKey k : trusted) {
                if (k.verifies(e.pae(), s.sig())) {
                    return e.payload();
                }
            }
        }
        throw new ShardException(file + ": no signature verifies with a trusted key (hip.attestation.trustedKeys: "
                + trusted.stream().map(TrustedKey::describe).toList() + "); the shard is refused");
    }
}
