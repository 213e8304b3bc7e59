package dev.hipdll.report;

import dev.hipdll.findings.DetailBound;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckResults;
import dev.hipdll.findings.Verdict;
import java.util.List;
import java.util.Locale;

/**
 * The JSON form of checks shared by {@code verify.json} and {@code doctor.json} (docs/verify.md):
 * an array {@code "checks"} of {@code {id, title, verdict, expected, found, details: [...], detailCount,
 * detailCountIsMinimum}}, in order ({@code details}: the check's {@link Check#details()} then its
 * {@link Check#notes()}, bounded, {@link DetailBound}),
 * and the {@code "passed"} and {@code "summary"} members of {@code verify.json} and
 * {@code load-check.json}.
 */
public final class CheckJson {
    private CheckJson() {
    }

    /** Adds the array {@code "checks"} holding {@code checks} to {@code parent}, details bounded by the default. */
    public static void put(ObjectNode parent, List<Check> checks) {
        put(parent, checks, DetailBound.standard());
    }

    /**
     * Adds the array {@code "checks"} holding {@code checks} to {@code parent}: each check's first
     * {@code bound} detail lines in {@code details}, how many there are in {@code detailCount} and whether that
     * is a lower bound (a scan that stops at its first findings) in {@code detailCountIsMinimum}.
     */
    public static void put(ObjectNode parent, List<Check> checks, DetailBound bound) {
        ArrayNode array = parent.putArray("checks");
        for (Check c : checks) {
            ObjectNode n = array.addObject();
            n.put("id", c.id());
            n.put("title", c.title());
            n.put("verdict", c.verdict().name());
            n.put("expected", c.expected());
            n.put("found", c.found());
            ArrayNode d = n.putArray("details");
            for (String line : bound.shown(c)) {
                d.add(line);
            }
            n.put("detailCount", c.allDetails().size());
            n.put("detailCountIsMinimum", c.capped());
        }
    }

    /** Adds {@code "passed"} and the object {@code "summary"} (a count per verdict: pass, warn, fail, skip). */
    public static void putVerdicts(ObjectNode parent, CheckResults results) {
        parent.put("passed", results.passed());
        ObjectNode summary = parent.putObject("summary");
        for (Verdict v : Verdict.values()) {
            summary.put(v.name().toLowerCase(Locale.ROOT), results.count(v));
        }
    }
}
