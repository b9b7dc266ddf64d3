package dev.cumps.app.env;

/**
 * One format of the Env pane's chooser: the id {@code cumps env --shell} takes ({@code posix},
 * {@code fish}, {@code systemd}, {@code docker}, {@code dotenv}) and its label in the window's
 * language.
 */
public record EnvChoice(String id, String label) {
    @Override
    public String toString() {
        return label;
    }
}
