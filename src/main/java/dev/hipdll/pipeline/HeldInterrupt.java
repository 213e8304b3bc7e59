package dev.hipdll.pipeline;

import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;

/**
 * Runs a short file action with the thread's interrupt held back, and sets it again afterwards. For the
 * record of a step that has already succeeded while the build is being stopped (another step failed, so
 * the executor interrupts the workers): NIO file channels close themselves when their thread is
 * interrupted ({@link ClosedByInterruptException}), which lost the record of finished work ("succeeded
 * but its record could not be written (ClosedByInterruptException)", a newcomer's test),
 * so the next build ran the step again. An interrupt that arrives during the action closes its channel;
 * the action is then tried once more, with that interrupt held back too.
 */
final class HeldInterrupt {
    /** A file action. */
    interface IoAction {
        void run() throws IOException;
    }

    private HeldInterrupt() {
    }

    /**
     * Runs {@code action}; the thread's interrupt status is as it was, or set if an interrupt came meanwhile.
     *
     * @throws IOException what the action threw (on its second try, when an interrupt closed the first)
     */
    static void run(IoAction action) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            try {
                action.run();
            } catch (ClosedByInterruptException e) {
                interrupted |= Thread.interrupted();
                action.run();
            }
        } finally {
            if (interrupted || Thread.interrupted()) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
