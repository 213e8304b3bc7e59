package dev.hipdll.docs;

import java.util.List;

/**
 * Renders {@code docs/goals-reference.md} from the plugin descriptor: one section per goal with its
 * description, default phase, whether it needs a project, and a table of every user-settable
 * parameter (name, {@code -D} property, default, type, description). Read-only parameters
 * (the project, the base directory) are left out.
 */
public final class GoalsReference {
    private GoalsReference() {
    }

    /** The markdown text. */
    public static String render(PluginDescriptor d) {
        StringBuilder md = new StringBuilder();
        md.append("# Goals reference (generated)\n\n");
        md.append("<!-- Generated from target/classes/META-INF/maven/plugin.xml by GoalsReferenceTest; do not edit.\n");
        md.append("     Regenerate: mvn -B test -Dtest=GoalsReferenceTest -Dhipdll.updateDocs=true -Dinvoker.skip -->\n\n");
        md.append("Every goal and parameter as the plugin descriptor states them (the same text `mvn ")
                .append(d.goalPrefix()).append(":help -Ddetail` prints). [goals.md](goals.md) explains them with examples.\n\n");
        for (PluginDescriptor.Mojo m : d.mojos()) {
            md.append("## ").append(d.goalPrefix()).append(':').append(m.goal()).append("\n\n");
            md.append(escape(m.description()).strip()).append("\n\n");
            md.append("- default phase: ").append(m.phase().isEmpty() ? "none (run it from the command line)" : "`" + m.phase() + "`").append('\n');
            md.append("- needs a project: ").append(m.requiresProject() ? "yes" : "no").append('\n');
            md.append("- thread-safe: ").append(m.threadSafe() ? "yes" : "no").append("\n\n");
            List<PluginDescriptor.Parameter> params = m.parameters().stream().filter(PluginDescriptor.Parameter::editable).toList();
            if (params.isEmpty()) {
                md.append("No parameters.\n\n");
                continue;
            }
            md.append("| parameter | property | default | type | description |\n|---|---|---|---|---|\n");
            for (PluginDescriptor.Parameter p : params) {
                md.append("| `").append(p.name()).append("` | ")
                        .append(p.property().isEmpty() ? "" : "`" + p.property() + "`").append(" | ")
                        .append(p.defaultValue().isEmpty() ? (p.required() ? "(required)" : "") : "`" + p.defaultValue() + "`").append(" | ")
                        .append(shortType(p.type())).append(" | ")
                        .append(linked(cell(p.description()), p.links())).append(" |\n");
            }
            md.append('\n');
        }
        return md.toString();
    }

    /**
     * {@code cell} with each link of the description ({@code <a href="build-cache.html#x">docs/build-cache.md</a>} in
     * the javadoc, a link on the site's goal page) as a Markdown link to the same page of docs/
     * ({@code [docs/build-cache.md](build-cache.md#x)}), which the site renders as the page's {@code .html}.
     */
    private static String linked(String cell, List<PluginDescriptor.Link> links) {
        String out = cell;
        int from = 0;
        for (PluginDescriptor.Link l : links) {
            String text = cell(l.text());
            int at = out.indexOf(text, from);
            if (at < 0 || l.href().contains("://") || !l.href().matches("[a-z0-9-]+\\.html(#.*)?")) {
                continue;
            }
            String md = "[" + text + "](" + l.href().replaceFirst("\\.html", ".md") + ")";
            out = out.substring(0, at) + md + out.substring(at + text.length());
            from = at + md.length();
        }
        return out;
    }

    private static String shortType(String type) {
        return type.substring(type.lastIndexOf('.') + 1);
    }

    private static String cell(String s) {
        return escape(s).replace("\r", "").replace("\n", " ").replace("|", "\\|").replaceAll("\\s+", " ").trim();
    }

    /** Markdown would read {@code <classifier>} as an HTML tag. */
    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
