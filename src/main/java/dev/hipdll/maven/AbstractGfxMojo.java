package dev.hipdll.maven;

import org.apache.maven.plugins.annotations.Parameter;

/**
 * The goals that take gfx targets ({@code hip.arch}): hipdll:build compiles device code for them, hipdll:verify and
 * hipdll:load-check check it ({@link AbstractContractMojo}). The parameter is declared here once, so it has one type
 * and one description on every goal page.
 */
abstract class AbstractGfxMojo extends AbstractHipdllMojo {

    /**
     * Comma-separated gfx target IDs, e.g. {@code gfx1151} or {@code gfx1151,gfx1100}; {@code native} is refused.
     * Required unless {@code hip.skip} (or {@code hip.build.skip}) is set, for hipdll:build, which compiles device
     * code for each; hipdll:verify checks that the DLL embeds device code for each (unset: no device-code check);
     * hipdll:load-check checks that each one's device code registers (with the stand-in runtime; unset: no check).
     */
    @Parameter(property = "hip.arch")
    String arch;
}
