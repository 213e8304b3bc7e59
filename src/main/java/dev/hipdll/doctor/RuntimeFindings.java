package dev.hipdll.doctor;

import dev.hipdll.dllsearch.SearchLocation;
import dev.hipdll.findings.Check;
import java.util.List;
import java.util.Optional;

/**
 * What {@link RuntimeItems} found.
 *
 * @param checks      the runtime items
 * @param dlls        every runtime DLL found
 * @param runtimeName the runtime file name searched for, or empty
 * @param searchOrder the standard search order evaluated (empty off Windows)
 * @param firstLoaded the file Windows loads first by that order, if any directory holds one
 */
public record RuntimeFindings(List<Check> checks, List<RuntimeDll> dlls, String runtimeName,
                              List<SearchLocation> searchOrder, Optional<String> firstLoaded) {
    /** Creates findings; lists are copied. */
    public RuntimeFindings {
        checks = List.copyOf(checks);
        dlls = List.copyOf(dlls);
        searchOrder = List.copyOf(searchOrder);
    }
}
