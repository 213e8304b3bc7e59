package dev.hipdll.sources;

import java.nio.file.Path;
import java.util.List;

/**
 * What a {@link SourceScanner} found.
 *
 * @param files the matching regular files, each real file once, sorted by path
 * @param notes what the scan did not follow or took once for several paths (symbolic link cycles,
 *              duplicates through links, broken links), one sentence each naming the paths, in walk order
 */
public record SourceScan(List<Path> files, List<String> notes) {
    /** Creates a scan; lists are copied. */
    public SourceScan {
        files = List.copyOf(files);
        notes = List.copyOf(notes);
    }
}
