package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.bundle.OffloadBundleReader;
import dev.hipdll.bytes.ReadLimits;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.gfx.GfxTargetList;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link VerifyOptions}' and {@link DeviceCodeOptions}' builders: their defaults are the values {@code of(contract)}
 * and {@code DeviceCodeOptions.defaults()} had when they were spelled out positionally, {@code toBuilder()} keeps
 * every component, and the record's validation still applies.
 */
class VerifyOptionsTest {
    static final AbiContract CONTRACT = new AbiContract.CountContract("coli_cuda_", 48, "test");

    @Test
    void theBuildersDefaultsAreTheOldPositionalDefaults() {
        DeviceCodeOptions device = new DeviceCodeOptions(List.of(), List.of(), OptionalInt.empty(), OptionalLong.empty(),
                true, true);
        VerifyOptions old = new VerifyOptions(ImportPolicy.forRuntime(true, OptionalInt.empty()), CONTRACT,
                OffloadBundleReader.DEFAULT_MAX_UNCOMPRESSED, List.of(), OptionalInt.empty(), Set.of(), true,
                ReadLimits.DEFAULT, device, List.of(), VerifyOptions.DEFAULT_MAX_OVERLAY, SignatureOptions.defaults(),
                HardeningPolicy.defaults());
        assertEquals(device, DeviceCodeOptions.defaults());
        assertEquals(device, DeviceCodeOptions.builder().build());
        assertEquals(old, VerifyOptions.builder(CONTRACT).build());
        assertEquals(old, VerifyOptions.of(CONTRACT));
        assertEquals(1L << 20, VerifyOptions.DEFAULT_MAX_OVERLAY);
    }

    @Test
    void toBuilderKeepsEveryComponent() {
        DeviceCodeOptions device = DeviceCodeOptions.builder().targets(GfxTargetList.parse("gfx1151").targets())
                .gpus(GfxTargetList.parse("gfx1150,gfx1151").targets()).maxBundleVersion(OptionalInt.of(2))
                .maxDeviceCodeBytes(OptionalLong.of(1234)).allowDeviceDebug(false).required(false).build();
        VerifyOptions set = VerifyOptions.builder(CONTRACT).deviceCode(device)
                .imports(ImportPolicy.forRuntime(false, OptionalInt.of(7)).withAllowed(List.of("kernel32.dll"), "test"))
                .maxBundleBytes(64L << 20).buildPaths(List.of("/work/build")).runtimeMajor(OptionalInt.of(7))
                .skippedChecks(Set.of("paths.")).failOnExtraExports(false)
                .limits(ReadLimits.builder().time(Duration.ofSeconds(5)).build()).allowedPaths(List.of("D:/agent/**"))
                .maxOverlayBytes(0).signature(new SignatureOptions(true, SignerPins.none(), Optional.empty()))
                .hardening(HardeningPolicy.parse(List.of("none"))).build();
        assertEquals(set, set.toBuilder().build());
        assertEquals(device, device.toBuilder().build());
        assertEquals(device, set.deviceCode());
        assertEquals(List.of("gfx1151"), List.of(set.deviceCode().targets().get(0).toString()));
        assertEquals(false, device.optional().required());
        assertEquals(device.toBuilder().required(true).build().optional(), device);
    }

    @Test
    void theRecordsValidationStillApplies() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> VerifyOptions.builder(CONTRACT).maxOverlayBytes(-1).build());
        assertEquals("maxOverlayBytes -1", e.getMessage());
        VerifyOptions nulls = VerifyOptions.builder(CONTRACT).signature(null).hardening(null).build();
        assertEquals(SignatureOptions.defaults(), nulls.signature());
        assertEquals(HardeningPolicy.defaults(), nulls.hardening());
    }
}
