package dev.hipdll.diagnosis;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A compiler diagnostic as a GitHub Actions workflow command, so that the runner shows it as an
 * annotation on the pull request: {@code ::error file=src/k.cu,line=74,col=2,title=...::message},
 * {@code ::warning ...}; notes and remarks get none. Follows GitHub's "Workflow commands for GitHub
 * Actions" (setting an error/warning message): the command must start its line; in the message
 * {@code %}, CR and LF are escaped as {@code %25}, {@code %0D}, {@code %0A}, and in property values
 * also {@code :} and {@code ,} ({@code %3A}, {@code %2C}), as the runner's {@code ActionCommand} unescapes
 * them. The {@code file} is relative to the workspace (the checkout, {@code GITHUB_WORKSPACE}) when it
 * lies inside it, since annotations name files of the repository; otherwise it stays as resolved.
 *
 * @param workspace  the directory annotation paths are relative to ({@code GITHUB_WORKSPACE}, else the
 *                   project directory)
 * @param workingDir the directory the compiler ran in: a relative file it printed is relative to it
 */
public record WorkflowCommand(Path workspace, Path workingDir) {

    /**
     * The command line for {@code d}, or empty for a note or remark.
     *
     * @param d     the diagnostic
     * @param title the annotation's title, e.g. {@code device compile k.cu [gfx1151]}, or {@code null}
     */
    public Optional<String> of(CompilerDiagnostic d, String title) {
        String command = switch (d.severity()) {
            case FATAL, ERROR -> "error";
            case WARNING -> "warning";
            case NOTE, REMARK -> null;
        };
        if (command == null) {
            return Optional.empty();
        }
        StringBuilder props = new StringBuilder();
        if (d.file().isPresent()) {
            props.append("file=").append(property(relative(d.file().get()))).append(",line=").append(d.line());
            if (d.column() > 0) {
                props.append(",col=").append(d.column());
            }
        }
        if (title != null && !title.isBlank()) {
            props.append(props.isEmpty() ? "" : ",").append("title=").append(property(title));
        }
        String message = d.tool().map(t -> t + ": ").orElse("") + d.message();
        return Optional.of("::" + command + (props.isEmpty() ? "" : " " + props) + "::" + data(message));
    }

    /** The file for the annotation: resolved against the working directory, then relative to the workspace if inside it. */
    String relative(String file) {
        try {
            Path p = workingDir.resolve(file).toAbsolutePath().normalize();
            Path ws = workspace.toAbsolutePath().normalize();
            return p.startsWith(ws) ? ws.relativize(p).toString().replace('\\', '/') : p.toString();
        } catch (InvalidPathException e) {
            return file;
        }
    }

    /** Escapes a message ({@code %}, CR, LF). */
    static String data(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    /** Escapes a property value (as {@link #data}, plus {@code :} and {@code ,}). */
    static String property(String s) {
        return data(s).replace(":", "%3A").replace(",", "%2C");
    }
}
