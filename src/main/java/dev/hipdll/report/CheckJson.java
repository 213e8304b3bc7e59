package dev.hipdll.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hipdll.verify.Check;
import java.util.List;

/**
 * The JSON form of checks shared by {@code verify.json} and {@code doctor.json} (docs/verify.md):
 * an array {@code "checks"} of {@code {id, title, verdict, expected, found, details: [...]}}, in order.
 */
public final class CheckJson {
    private CheckJson() {
    }

    /** Adds the array {@code "checks"} holding {@code checks} to {@code parent}. */
    public static void put(ObjectNode parent, List<Check> checks) {
        ArrayNode array = parent.putArray("checks");
        for (Check c : checks) {
            ObjectNode n = array.addObject();
            n.put("id", c.id());
            n.put("title", c.title());
            n.put("verdict", c.verdict().name());
            n.put("expected", c.expected());
            n.put("found", c.found());
            ArrayNode d = n.putArray("details");
            c.details().forEach(d::add);
        }
    }
}
