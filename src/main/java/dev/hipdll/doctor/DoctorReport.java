package dev.hipdll.doctor;

import dev.hipdll.dllsearch.SearchLocation;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckResults;
import java.util.List;
import java.util.Optional;

/**
 * What hipdll:doctor found: a verdict per item, every HIP runtime DLL on the machine, and the DLL
 * search order it evaluated. The console table and {@code doctor.json} are views of this value.
 *
 * @param windows      whether the host is Windows
 * @param checks       the items, in report order
 * @param runtimeDlls  every {@code amdhip64_<major>.dll} found (runtime directory, System32, PATH)
 * @param runtimeName  the runtime file name the search was for, e.g. {@code amdhip64_7.dll}, or empty
 * @param searchOrder  the standard search order evaluated (empty on a non-Windows host)
 * @param firstLoaded  the file Windows would load first by that order, when one holds it
 */
public record DoctorReport(boolean windows, List<Check> checks, List<RuntimeDll> runtimeDlls, String runtimeName,
                           List<SearchLocation> searchOrder, Optional<String> firstLoaded) implements CheckResults {
    /** Creates a report; lists are copied. */
    public DoctorReport {
        checks = List.copyOf(checks);
        runtimeDlls = List.copyOf(runtimeDlls);
        searchOrder = List.copyOf(searchOrder);
    }
}
