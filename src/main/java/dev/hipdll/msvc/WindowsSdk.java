package dev.hipdll.msvc;

import java.nio.file.Path;

/**
 * One installed Windows SDK version under a Windows Kits root.
 *
 * @param root    the Windows Kits root, e.g. {@code C:\Program Files (x86)\Windows Kits\10}
 * @param version the version, e.g. {@code 10.0.26100.0}
 */
public record WindowsSdk(Path root, String version) {
}
