package dev.hipdll.shard;

/** A shard that cannot be read or trusted; the message names the file and what is wrong. */
public final class ShardException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message the file and what is wrong with it */
    public ShardException(String message) {
        super(message);
    }
}
