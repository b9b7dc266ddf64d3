package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.ViewModels;
import dev.cumps.app.activity.ActivityView;
import dev.cumps.app.doctor.DoctorView;
import dev.cumps.app.env.EnvView;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.log.LogView;
import dev.cumps.core.record.ManagedDaemon;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/** The four panes in Chinese: every text from the bundle, none a {@code !key!} marker. */
class PanesChineseTest {

    private static final Pattern MISSING_KEY = Pattern.compile("![a-z]+(\\.[a-z]+)+!");

    private TabPane tabs;

    @RegisterExtension
    final PaneExtension pane = PaneExtension.in(Locale.SIMPLIFIED_CHINESE).executor(PaneExtension.ExecutorKind.CURRENT_THREAD)
            .size(1000, 500).showing(p -> {
                Messages messages = p.messages();
                ViewModels viewModels = p.viewModels();
                SimpleObjectProperty<ManagedDaemon> selection = new SimpleObjectProperty<>();
                tabs = new TabPane(
                        new Tab(DoctorView.title(messages), new DoctorView(viewModels.doctor())),
                        new Tab(EnvView.title(messages), new EnvView(viewModels.env(selection))),
                        new Tab(LogView.title(messages), new LogView(viewModels.log(selection))),
                        new Tab(ActivityView.title(messages), new ActivityView(viewModels.activityPane(),
                                (owner, dir) -> Optional.empty())));
                return tabs;
            });

    @Test
    void everyPaneRendersInChineseWithoutMissingKeys(FxRobot robot) {
        List<String> texts = new ArrayList<>();
        for (Tab tab : tabs.getTabs()) {
            robot.interact(() -> tabs.getSelectionModel().select(tab));
            texts.add(tab.getText());
            collect(tab.getContent(), texts);
        }
        List<String> missing = texts.stream().filter(t -> MISSING_KEY.matcher(t).find()).toList();
        assertEquals(List.of(), missing);
        assertTrue(texts.containsAll(List.of("诊断", "启动环境", "控制日志", "操作记录", "运行诊断", "复制环境变量",
                "尚未运行", "检查项", "刷新日志", "结果")), texts.toString());
        assertTrue(texts.contains("选择一个运行中的守护进程，查看其 CUDA 客户端所需的环境变量。"), texts.toString());
    }

    /** Labels, buttons, prompts, tooltips, column headers and placeholders under {@code node}. */
    private static void collect(Node node, List<String> texts) {
        if (node instanceof Labeled labeled && labeled.getText() != null) {
            texts.add(labeled.getText());
        }
        if (node instanceof TextInputControl input) {
            add(texts, input.getPromptText());
            add(texts, input.getText());
        }
        if (node instanceof Control control && control.getTooltip() != null) {
            texts.add(control.getTooltip().getText());
        }
        if (node instanceof TableView<?> table) {
            table.getColumns().stream().map(TableColumnBase::getText).forEach(texts::add);
            if (table.getPlaceholder() != null) {
                collect(table.getPlaceholder(), texts);
            }
        }
        if (node instanceof Parent parent) {
            parent.getChildrenUnmodifiable().forEach(child -> collect(child, texts));
        }
    }

    private static void add(List<String> texts, String text) {
        if (text != null && !text.isEmpty()) {
            texts.add(text);
        }
    }
}
