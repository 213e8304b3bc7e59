package dev.hipdll.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A goal's help on the command line, made from its {@link GoalDescriptor}: the same descriptions as
 * {@code mvn hipdll:help -Ddetail} and the site's goal page, with HTML markup taken out and lines wrapped.
 */
public final class HelpText {
    private static final int WIDTH = 100;

    private HelpText() {
    }

    /**
     * The help of one command.
     *
     * @param goal  the goal as the descriptor has it
     * @param usage the usage line ({@code verify <dll | directory | .zip> [-Dhip.<name>=<value> ...]})
     * @param notes lines said after the usage (what differs from Maven)
     * @return the lines, without line ends
     */
    public static List<String> of(GoalDescriptor goal, String usage, List<String> notes) {
        List<String> out = new ArrayList<>();
        out.add("usage: java -jar hipdll-maven-plugin-<version>-cli.jar " + usage);
        out.add("");
        wrap(plain(goal.description()), "", out);
        for (String n : notes) {
            out.add("");
            wrap(n, "", out);
        }
        out.add("");
        out.add("Parameters (the names, defaults and checks of mvn hipdll:" + goal.goal() + "):");
        for (GoalParameter p : goal.parameters()) {
            String def = p.defaultValue().isEmpty() ? ""
                    : p.defaultNeedsProject() ? " (default in a project: " + p.defaultValue().get() + ")"
                    : " (default: " + p.defaultValue().get() + ")";
            out.add("  -D" + p.property() + "=<" + typeName(p.type()) + ">" + def);
            wrap(plain(p.description()), "      ", out);
        }
        out.add("");
        out.add("Exit status: 0 verified, 1 rejected (a check failed), 2 a usage or configuration error.");
        return out;
    }

    /** The type as a user reads it: {@code int} is a whole number, {@code java.util.List} a comma-separated list. */
    static String typeName(String type) {
        String t = type.replaceAll("<.*>", "");
        return switch (t) {
            case "int", "long", "java.lang.Integer", "java.lang.Long" -> "whole number";
            case "boolean", "java.lang.Boolean" -> "true|false";
            case "java.io.File" -> "path";
            case "java.time.Duration" -> "seconds|duration";
            case "java.util.List" -> "comma-separated list";
            default -> "text";
        };
    }

    /** {@code html} without tags, its entities and blank runs collapsed. */
    static String plain(String html) {
        return html.replaceAll("<[^>]*>", "").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
                .replace("&#39;", "'").replace("&nbsp;", " ").replace("&amp;", "&").replaceAll("\\s+", " ").strip();
    }

    private static void wrap(String text, String indent, List<String> out) {
        StringBuilder line = new StringBuilder(indent);
        for (String word : text.split(" ")) {
            if (line.length() > indent.length() && line.length() + 1 + word.length() > WIDTH) {
                out.add(line.toString());
                line = new StringBuilder(indent);
            }
            if (line.length() > indent.length()) {
                line.append(' ');
            }
            line.append(word);
        }
        if (line.length() > indent.length()) {
            out.add(line.toString());
        }
    }
}
