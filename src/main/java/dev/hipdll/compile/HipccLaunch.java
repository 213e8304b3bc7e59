package dev.hipdll.compile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Decides how hipcc's arguments reach it: directly, or, when the command line would be longer
 * than {@link LaunchOptions#commandLineLimit()}, as {@code @<response file>}. A
 * {@code .bat}/{@code .cmd} wrapper is refused ({@link BatchWrapper}).
 */
public final class HipccLaunch {
    private HipccLaunch() {
    }

    /**
     * The arguments to start hipcc with.
     *
     * @param hipcc        the hipcc executable or wrapper
     * @param args         the full argument list
     * @param options      the host's OS and command-line limit
     * @param responseFile where to write the response file if one is needed (replaced; deleted when not needed)
     * @param batchWrapper whether hipcc is a {@code .bat}/{@code .cmd} wrapper
     * @return {@code args} itself, or a single {@code @responseFile}
     * @throws BuildFailedException when hipcc is a batch wrapper, or an argument cannot go into a response file
     * @throws IOException          when the response file cannot be written
     */
    public static List<String> arguments(Path hipcc, List<String> args, LaunchOptions options, Path responseFile,
                                         boolean batchWrapper) throws BuildFailedException, IOException {
        if (batchWrapper) {
            throw BatchWrapper.refusal(hipcc);
        }
        long length = ResponseFile.commandLineLength(hipcc, args, options.os());
        List<String> launched = args;
        if (length > options.commandLineLimit()) {
            try {
                ResponseFile.write(responseFile, args);
            } catch (IllegalArgumentException e) {
                throw new BuildFailedException(e.getMessage());
            }
            launched = List.of("@" + responseFile.toAbsolutePath());
        } else {
            Files.deleteIfExists(responseFile);
        }
        return launched;
    }
}
