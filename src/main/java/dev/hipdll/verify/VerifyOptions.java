package dev.hipdll.verify;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.target.GfxTarget;
import java.util.List;

/**
 * What a DLL is verified against.
 *
 * @param targets          the gfx targets whose device code must be embedded; empty skips the check
 * @param allowedImports   the DLL names the image may import (compared case-insensitively)
 * @param contract         the ABI contract its exports must match
 * @param maxBundleBytes   limit on a compressed offload bundle's declared uncompressed size, bytes
 */
public record VerifyOptions(List<GfxTarget> targets, List<String> allowedImports, AbiContract contract,
                            long maxBundleBytes) {
    /** Creates options; the lists are copied. */
    public VerifyOptions {
        targets = List.copyOf(targets);
        allowedImports = List.copyOf(allowedImports);
    }
}
