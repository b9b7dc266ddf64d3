package dev.cumps.app.live;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.table.Columns;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.WeakChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.shape.Polyline;

/**
 * The GPUs table's load columns: utilisation and memory used, each a small bar with the latest
 * value, a sparkline of the last few minutes ({@link GpuLoadHistory}) and a tooltip with the
 * numbers. The cells are redrawn after every refresh ({@link GpuLoadHistory#revisionProperty()}).
 */
public final class GpuLoadColumns {

    /** Which of a GPU's loads a column shows. */
    public enum Kind { UTILIZATION, MEMORY }

    static final double SPARK_WIDTH = 60;
    static final double SPARK_HEIGHT = 16;

    private GpuLoadColumns() {
    }

    /** A column of {@code kind} for rows whose GPU UUID {@code uuidOf} gives. */
    public static <R> TableColumn<R, String> column(Kind kind, Function<R, String> uuidOf, GpuLoadHistory history,
            Messages messages) {
        Objects.requireNonNull(history, "history");
        double width = kind == Kind.UTILIZATION ? 165 : 230;
        TableColumn<R, String> column = Columns.drawn(messages.get(kind == Kind.UTILIZATION ? "gpu.load" : "gpu.memoryUsed"), uuidOf,
                () -> new LoadCell<>(kind, history, messages), width);
        column.setId(kind == Kind.UTILIZATION ? "gpuLoadColumn" : "gpuMemoryUsedColumn");
        // The bar, the value and the sparkline keep their room: the column never shrinks below its width.
        column.setMinWidth(Math.max(width, column.getMinWidth()));
        return column;
    }

    /** A bar, the latest value and the sparkline, for the GPU whose UUID is the item. */
    private static final class LoadCell<R> extends TableCell<R, String> {
        private final Kind kind;
        private final GpuLoadHistory history;
        private final Messages messages;
        private final ProgressBar bar = new ProgressBar();
        private final Label value = new Label();
        private final Polyline line = new Polyline();
        private final HBox box;
        private final Tooltip tooltip = new Tooltip();
        /** Held by the cell, watched weakly by the history: a cell the table dropped is not kept alive. */
        private final ChangeListener<Number> redraw = (o, a, b) -> draw(getItem(), isEmpty());

        LoadCell(Kind kind, GpuLoadHistory history, Messages messages) {
            this.kind = kind;
            this.history = history;
            this.messages = messages;
            bar.getStyleClass().add(ConsoleStyles.GPU_LOAD_BAR);
            bar.setPrefWidth(44);
            bar.setMaxHeight(10);
            line.getStyleClass().add(ConsoleStyles.GPU_SPARKLINE);
            Pane spark = new Pane(line);
            spark.getStyleClass().add(ConsoleStyles.GPU_SPARKLINE_BOX);
            spark.setMinSize(SPARK_WIDTH, SPARK_HEIGHT);
            spark.setPrefSize(SPARK_WIDTH, SPARK_HEIGHT);
            spark.setMaxSize(SPARK_WIDTH, SPARK_HEIGHT);
            value.getStyleClass().add(ConsoleStyles.GPU_LOAD_VALUE);
            value.setMinWidth(Region.USE_PREF_SIZE); // the number is never cut to "…"
            box = new HBox(6, bar, value, spark);
            box.setAlignment(Pos.CENTER_LEFT);
            box.getStyleClass().add(kind == Kind.UTILIZATION ? ConsoleStyles.GPU_LOAD : ConsoleStyles.GPU_MEMORY_USED);
            setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
            history.revisionProperty().addListener(new WeakChangeListener<>(redraw));
        }

        @Override
        protected void updateItem(String uuid, boolean empty) {
            super.updateItem(uuid, empty);
            draw(uuid, empty);
        }

        private void draw(String uuid, boolean empty) {
            if (empty || uuid == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            LoadTrend trend = history.trend(uuid);
            List<Double> values = kind == Kind.UTILIZATION ? trend.utilization() : trend.memory();
            double last = values.isEmpty() ? Double.NaN : values.get(values.size() - 1);
            bar.setProgress(Double.isNaN(last) ? 0 : last);
            value.setText(valueText(trend));
            line.getPoints().setAll(points(values));
            tooltip.setText(tooltipText(trend, values));
            setGraphic(box);
            setTooltip(tooltip);
        }

        private String valueText(LoadTrend trend) {
            String unknown = messages.get("gpu.load.unknown");
            if (kind == Kind.UTILIZATION) {
                return trend.lastUtilizationPercent().map(p -> messages.get("gpu.load.value", p)).orElse(unknown);
            }
            return trend.lastUsedMiB().map(used -> trend.totalMiB().map(total -> messages.get("gpu.memoryUsed.value", used, total))
                    .orElse(messages.get("gpu.memory", used))).orElse(unknown);
        }

        private String tooltipText(LoadTrend trend, List<Double> values) {
            List<Double> known = values.stream().filter(v -> !Double.isNaN(v)).toList();
            String now = valueText(trend);
            if (known.isEmpty()) {
                return messages.get(kind == Kind.UTILIZATION ? "gpu.load.tooltip.unknown" : "gpu.memoryUsed.tooltip.unknown");
            }
            long low = Math.round(100 * known.stream().mapToDouble(Double::doubleValue).min().orElse(0));
            long high = Math.round(100 * known.stream().mapToDouble(Double::doubleValue).max().orElse(0));
            return messages.get(kind == Kind.UTILIZATION ? "gpu.load.tooltip" : "gpu.memoryUsed.tooltip",
                    now, values.size(), low, high);
        }
    }

    /**
     * The sparkline's points: the newest sample at the right edge, one step per refresh leftwards,
     * 0 at the bottom and 1 at the top; unknown samples are left out.
     */
    static List<Double> points(List<Double> values) {
        double step = SPARK_WIDTH / (GpuLoadHistory.MAX_POINTS - 1);
        List<Double> points = new ArrayList<>();
        int n = values.size();
        for (int i = 0; i < n; i++) {
            double v = values.get(i);
            if (Double.isNaN(v)) {
                continue;
            }
            points.add(SPARK_WIDTH - (n - 1 - i) * step);
            points.add(SPARK_HEIGHT - Math.max(0, Math.min(1, v)) * SPARK_HEIGHT);
        }
        return points;
    }
}
