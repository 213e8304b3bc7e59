package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import dev.hipdll.pe.FileRange;
import dev.hipdll.pe.Overlay;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code pe.overlay}: the bytes after the image ({@link Overlay}) are no larger than
 * {@code hip.maxOverlayMiB} ({@link VerifyOptions#maxOverlayBytes()}) and no larger than the image's own
 * bytes in the file. A DLL is not a container: a linker writes no overlay, a signature's certificate
 * table and a MinGW symbol table are not counted, and a tail of gigabytes (a sparse file costs nothing
 * on disk) would only make verify read it. A refused overlay is not read by {@code paths.build}, which
 * names it as not searched; an accepted one is searched like the rest of the file (a WARN says it is there).
 */
final class OverlayCheck {
    static final String TITLE = "no data appended after the image";

    private OverlayCheck() {
    }

    /** The most overlay bytes accepted: the smaller of {@code maxBytes} and the image's own bytes in the file. */
    static long limit(Overlay o, long maxBytes) {
        return Math.min(maxBytes, Math.min(o.imageEnd(), o.fileSize()));
    }

    /** Whether {@code o} is larger than {@link #limit}. */
    static boolean refuses(Overlay o, long maxBytes) {
        return o.bytes() > limit(o, maxBytes);
    }

    /** The check. */
    static Check check(Overlay o, long maxBytes) {
        long limit = limit(o, maxBytes);
        String expected = "at most " + limit + " bytes appended after the image (hip.maxOverlayMiB, and no more than"
                + " the image's own size)";
        List<String> details = new ArrayList<>();
        for (FileRange r : o.pieces()) {
            details.add("overlay: " + r.span());
        }
        for (FileRange r : o.excluded()) {
            details.add("not counted: " + r.what() + " at " + r.span());
        }
        details.addAll(o.notes());
        String end = String.format("the image's data ends at 0x%X, the file at 0x%X", o.imageEnd(), o.fileSize());
        if (o.bytes() == 0) {
            return new Check(CheckIds.PE_OVERLAY, TITLE, Verdict.PASS, expected, "none (" + end + ")", details);
        }
        if (o.bytes() <= limit) {
            return new Check(CheckIds.PE_OVERLAY, TITLE, Verdict.WARN, expected, o.bytes() + " byte(s) after the image ("
                    + end + "); searched by paths.build", details);
        }
        String why = o.bytes() > maxBytes ? "more than hip.maxOverlayMiB (" + maxBytes + " bytes)"
                : "more than the image's own " + Math.min(o.imageEnd(), o.fileSize()) + " bytes";
        details.add(String.format("not read by paths.build: 0x%X..0x%X (%d bytes)", o.imageEnd(), o.fileSize() - 1,
                o.fileSize() - o.imageEnd()));
        return new Check(CheckIds.PE_OVERLAY, TITLE, Verdict.FAIL, expected, o.bytes() + " bytes after the image, "
                + why + " (" + end + "); a DLL is not a container", details);
    }
}
