package dev.cumps.app.env;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.DisabledReason;
import dev.cumps.app.ui.style.ConsoleStyles;
import java.util.Objects;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * The env block of the selected daemon: read-only monospace text from the core in the format chosen
 * (those of {@code cumps env --shell}), a JSON toggle, and Copy with a "Copied" note that clears
 * itself after two seconds.
 */
public final class EnvView extends BorderPane {

    private final EnvViewModel viewModel;

    public EnvView(EnvViewModel viewModel) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        Messages messages = viewModel.messages();
        getStyleClass().add(ConsoleStyles.ENV_VIEW);


        Label formatLabel = new Label(messages.get("env.format"));
        ComboBox<EnvChoice> format = new ComboBox<>(FXCollections.observableList(viewModel.formats()));
        format.setId("envFormat");
        format.setTooltip(new Tooltip(messages.get("env.format.tooltip")));
        format.valueProperty().bindBidirectional(viewModel.formatProperty());
        format.disableProperty().bind(viewModel.jsonProperty());
        formatLabel.setLabelFor(format);
        // As wide as its longest format, whichever is chosen: the JSON button beside it stays put (review L-11).
        // Measured in the font the toolbar's labels get from the style sheet (the label's, once CSS has run).
        fitWidest(format, formatLabel.getFont());
        formatLabel.fontProperty().addListener((obs, old, font) -> fitWidest(format, font));
        format.setMinWidth(Region.USE_PREF_SIZE);

        ToggleButton json = new ToggleButton(messages.get("env.json"));
        json.setId("envJson");
        json.setTooltip(new Tooltip(messages.get("env.json.tooltip")));
        json.selectedProperty().bindBidirectional(viewModel.jsonProperty());

        Button copy = new Button(messages.get("env.copy"));
        copy.setId("envCopy");
        copy.setTooltip(new Tooltip(messages.get("env.copy.tooltip")));
        copy.disableProperty().bind(viewModel.availableProperty().not());
        copy.setOnAction(e -> viewModel.copy());

        Label copied = new Label(messages.get("env.copied"));
        copied.setId("envCopied");
        copied.getStyleClass().add(ConsoleStyles.COPIED_NOTE);
        copied.visibleProperty().bind(viewModel.copiedProperty());

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox toolbar = new HBox(8, formatLabel, format, json, spacer, copied, DisabledReason.wrap(copy,
                new DisabledReason.Why(viewModel.availableProperty().not(), messages.get("disabled.env.none"))));
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.getStyleClass().add(ConsoleStyles.PANE_TOOLBAR);
        // Which daemon's environment this is, as the Clients and Limits pages say whose servers and limits they show.
        Label caption = new Label();
        caption.setId("envCaption");
        caption.getStyleClass().add(ConsoleStyles.PANE_HINT);
        caption.setWrapText(true);
        caption.textProperty().bind(viewModel.captionProperty());
        setTop(new VBox(4, toolbar, caption));

        TextArea block = new TextArea();
        block.setId("envBlock");
        block.getStyleClass().add(ConsoleStyles.ENV_BLOCK);
        block.setEditable(false);
        block.setWrapText(false);
        block.setPrefRowCount(4);
        block.textProperty().bind(viewModel.textProperty());
        block.visibleProperty().bind(viewModel.availableProperty());

        Label hint = new Label();
        hint.setId("envHint");
        hint.getStyleClass().add(ConsoleStyles.PANE_HINT);
        hint.setWrapText(true);
        hint.textProperty().bind(viewModel.hintProperty());
        hint.visibleProperty().bind(viewModel.availableProperty().not());
        StackPane.setAlignment(hint, Pos.TOP_LEFT);

        setCenter(new StackPane(block, hint));
        BorderPane.setMargin(getCenter(), new Insets(6, 0, 0, 0));
        setPadding(new Insets(8));
    }

    /** Room a combo box takes beside its text: the cell's padding and the arrow button. */
    private static final double FORMAT_CHROME = 48;

    private static void fitWidest(ComboBox<EnvChoice> format, Font font) {
        double widest = 0;
        for (EnvChoice choice : format.getItems()) {
            Text measured = new Text(choice.label());
            measured.setFont(font);
            widest = Math.max(widest, measured.getLayoutBounds().getWidth());
        }
        format.setPrefWidth(Math.ceil(widest) + FORMAT_CHROME);
    }

    /** The pane's name, for the tab or section that holds it. */
    public static String title(Messages messages) {
        return messages.get("env.title");
    }

    /** Copies the env block when there is one (the window's Ctrl+Shift+C). */
    public void copy() {
        viewModel.copy();
    }
}
