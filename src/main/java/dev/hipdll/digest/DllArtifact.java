package dev.hipdll.digest;

/**
 * How the built DLL and its companions are published as Maven artifacts, each attached to the
 * project with the same classifier (default {@code windows-x86_64}):
 * <ul>
 *   <li>the DLL: type {@value #DLL_TYPE} (file name {@code <artifactId>-<version>-<classifier>.dll});</li>
 *   <li>its checksum: type {@value #SHA256_TYPE} ({@code ...-<classifier>.dll.sha256});</li>
 *   <li>its provenance: classifier {@code <classifier>-provenance}, type {@value #PROVENANCE_TYPE}.</li>
 * </ul>
 *
 * @param classifier the DLL's classifier; letters, digits, {@code . _ -} only
 */
public record DllArtifact(String classifier) {
    /** The Maven type (and extension) of the DLL. */
    public static final String DLL_TYPE = "dll";
    /** The Maven type (and extension) of the checksum beside it. */
    public static final String SHA256_TYPE = "dll.sha256";
    /** The Maven type (and extension) of the provenance document. */
    public static final String PROVENANCE_TYPE = "json";
    /** The default classifier: the platform the DLL runs on. */
    public static final String DEFAULT_CLASSIFIER = "windows-x86_64";

    /** Checks the classifier. */
    public DllArtifact {
        if (classifier == null || !classifier.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("hip.classifier must be letters, digits, '.', '_' or '-', got '"
                    + classifier + "'");
        }
    }

    /** The provenance document's classifier, {@code <classifier>-provenance}. */
    public String provenanceClassifier() {
        return classifier + "-provenance";
    }
}
