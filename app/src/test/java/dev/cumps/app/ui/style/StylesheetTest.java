package dev.cumps.app.ui.style;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.net.URL;
import java.util.List;
import javafx.css.CssParser;
import org.junit.jupiter.api.Test;

/** A syntax error silently drops every rule after it; the window would lose its colours. */
class StylesheetTest {
    @Test
    void theStylesheetParsesWithoutErrors() throws Exception {
        URL css = StylesheetTest.class.getResource("/dev/cumps/app/console.css");
        assertNotNull(css);
        CssParser.errorsProperty().clear();
        new CssParser().parse(css);
        List<String> errors = CssParser.errorsProperty().stream().map(Object::toString).toList();
        assertEquals(List.of(), errors);
    }
}
