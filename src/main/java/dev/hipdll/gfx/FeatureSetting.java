package dev.hipdll.gfx;

/** The setting of one target feature in a gfx target ID: {@code +} (on) or {@code -} (off). */
public enum FeatureSetting {
    /** Written {@code feature+}. */
    ON('+'),
    /** Written {@code feature-}. */
    OFF('-');

    private final char sign;

    FeatureSetting(char sign) {
        this.sign = sign;
    }

    /** The sign as written after the feature name. */
    public char sign() {
        return sign;
    }
}
