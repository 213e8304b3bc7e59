package dev.hipdll.io;

import java.nio.file.Path;

/** Takes the output lock of {@code args[0]}, prints {@code locked}, and holds it until stdin closes. */
public final class LockHolderMain {
    private LockHolderMain() {
    }

    public static void main(String[] args) throws Exception {
        try (OutputLock l = OutputLock.acquire(Path.of(args[0]), "pid " + ProcessHandle.current().pid() + " (holder)",
                s -> { })) {
            System.out.println("locked");
            System.out.flush();
            while (System.in.read() >= 0) {
                // hold
            }
        }
    }
}
