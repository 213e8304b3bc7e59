package dev.hipdll.bundle;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The NVIDIA CUDA device code of a PE image: what nvcc, or hipcc on the NVIDIA platform,
 * embeds instead of AMD offload bundles. MSVC-linked CUDA images keep their fat binaries in a section
 * {@code .nv_fatb} (the first 8 characters of {@code .nv_fatbin}) and the {@code __fatbinwrap} records
 * that register them in {@code .nvFatBi} ({@code .nvFatBinSegment}); read by {@link CudaDeviceCodeReader}.
 *
 * @param sections    the CUDA sections present, by name, in section-table order (empty: no CUDA code)
 * @param fatBinaries how many fat binaries (header magic {@code 0xBA55ED50}) were read in {@code .nv_fatb}
 * @param entries     the entries of those fat binaries, in file order
 * @param problems    what could not be read, each naming the section offset (a truncated header, an
 *                    entry running past its fat binary)
 */
public record CudaDeviceCode(List<String> sections, int fatBinaries, List<Entry> entries, List<String> problems) {
    /** Fat binary entry kind: PTX text, JIT-compiled by the driver. */
    public static final int KIND_PTX = 1;
    /** Fat binary entry kind: an ELF cubin for one SM architecture. */
    public static final int KIND_ELF = 2;

    /** Creates the value; the lists are copied. */
    public CudaDeviceCode {
        sections = List.copyOf(sections);
        entries = List.copyOf(entries);
        problems = List.copyOf(problems);
    }

    /** No CUDA section at all. */
    public static CudaDeviceCode none() {
        return new CudaDeviceCode(List.of(), 0, List.of(), List.of());
    }

    /**
     * One entry of a fat binary.
     *
     * @param kind       {@link #KIND_PTX}, {@link #KIND_ELF} or another value the header holds
     * @param arch       the SM architecture number ({@code 86} for {@code sm_86})
     * @param size       the bytes of the entry's payload in the file (compressed when {@code compressed})
     * @param compressed whether the payload is compressed (flag {@code 0x2000})
     * @param offset     the entry header's offset in the section's raw data, in bytes
     */
    public record Entry(int kind, int arch, long size, boolean compressed, long offset) {
        /** {@code sm_86} for an ELF cubin, {@code compute_86} for PTX, {@code kind 4 arch 86} otherwise. */
        public String archName() {
            return kind == KIND_ELF ? "sm_" + arch : kind == KIND_PTX ? "compute_" + arch : "kind " + kind + " arch " + arch;
        }
    }

    /** Whether the image has a CUDA section. */
    public boolean present() {
        return !sections.isEmpty();
    }

    /**
     * The architectures, cubins first then PTX, each in numeric order: {@code "sm_86, sm_89, compute_89"};
     * empty when no entry was read.
     */
    public String architectures() {
        TreeSet<Integer> sm = new TreeSet<>();
        TreeSet<Integer> ptx = new TreeSet<>();
        List<String> other = new ArrayList<>();
        for (Entry e : entries) {
            if (e.kind() == KIND_ELF) {
                sm.add(e.arch());
            } else if (e.kind() == KIND_PTX) {
                ptx.add(e.arch());
            } else if (!other.contains(e.archName())) {
                other.add(e.archName());
            }
        }
        List<String> names = new ArrayList<>();
        for (Integer a : sm) {  // loops, not lambdas: verify runs in a cold JVM
            names.add("sm_" + a);
        }
        for (Integer a : ptx) {
            names.add("compute_" + a);
        }
        names.addAll(other);
        return String.join(", ", names);
    }

    /** The payload bytes of all entries, as stored in the file. */
    public long bytes() {
        long n = 0;
        for (Entry e : entries) {
            n += e.size();
        }
        return n;
    }

    /**
     * One line for reports: {@code "NVIDIA CUDA device code (sm_86, sm_89) in .nv_fatb: 2 fat binaries, 4 entries"},
     * or the sections alone when no fat binary header could be read.
     */
    public String describe() {
        String archs = architectures();
        return "NVIDIA CUDA device code" + (archs.isEmpty() ? "" : " (" + archs + ")") + " in " + String.join(", ", sections)
                + ": " + fatBinaries + " fat binar" + (fatBinaries == 1 ? "y" : "ies") + ", " + entries.size() + " entr"
                + (entries.size() == 1 ? "y" : "ies");
    }
}
