package dev.cumps.app.ui.style;

/**
 * The window's own style-class names, one constant each, beside AtlantaFX's {@code atlantafx.base.theme.Styles}
 * (the theme's names, used where AtlantaFX defines that very class). Each constant's line says what the class
 * looks like and which rule of {@code console.css} ({@link ConsoleStylesheet}) styles it; a class that no rule
 * styles says "not in console.css" and is a name to find the node by (lookups, tests). StyleClassTest holds this
 * list, the stylesheet and the window's code together: every styled constant is a selector of console.css (or of
 * {@link MonospaceFont#SELECTOR}), and no style class is an inline string in the window's code.
 *
 * <p>Only compile-time constants: javac copies them into the classes that use them, so this class is not loaded
 * at start-up.
 */
public final class ConsoleStyles {

    // ---- The main window: header, toolbar, sections, status bar, rail ----

    /** The main window's page (MainView): console.css {@code .main-view} pads its menu bar and sizes its tables' rows. */
    public static final String MAIN_VIEW = "main-view";
    /** The overview page (MainView): console.css {@code .overview-page .sections} lets its sections shrink to nothing. */
    public static final String OVERVIEW_PAGE = "overview-page";
    /** The header's top row (HeaderBar): console.css {@code .header-bar}, padded, on the surface colour. */
    public static final String HEADER_BAR = "header-bar";
    /** The window's title in the header (HeaderBar): console.css {@code .header}, 1.4em bold. */
    public static final String HEADER = "header";
    /** The "Simulated" pill in the header (HeaderBar): console.css {@code .simulated-badge}, amber outline, bold. */
    public static final String SIMULATED_BADGE = "simulated-badge";
    /** The header's diagnostic line (HeaderBar): console.css {@code .diagnostic}, bold. */
    public static final String DIAGNOSTIC = "diagnostic";
    /** The host facts row under the header (HeaderBar): console.css {@code .host-bar}, surface colour, a rule below. */
    public static final String HOST_BAR = "host-bar";
    /** One fact of the host bar (HeaderBar): console.css {@code .fact}, the muted foreground. */
    public static final String FACT = "fact";
    /** The main window's action row (ActionToolbar): console.css {@code .toolbar}, padded, centred left. */
    public static final String TOOLBAR = "toolbar";
    /** The overview's column of tables (MainView): console.css {@code .sections}, padded, 8 px apart. */
    public static final String SECTIONS = "sections";
    /** One titled table of the overview (TableSections): not in console.css, a name to find a section by. */
    public static final String SECTION = "section";
    /** A table's or part's title (TableSections, HostsView, DoctorDetail): console.css {@code .section-title}, bold. */
    public static final String SECTION_TITLE = "section-title";
    /** The status bar at the foot (NoticeArea): console.css {@code .status-bar}, surface colour, a rule above. */
    public static final String STATUS_BAR = "status-bar";
    /** The notice over the foot of a page (NoticeBanner): console.css {@code .notice-banner}, overlay colour, a rule above. */
    public static final String NOTICE_BANNER = "notice-banner";
    /** The navigation rail (PageRail): console.css {@code .page-rail}, surface colour, a rule on its right. */
    public static final String PAGE_RAIL = "page-rail";
    /** The stack of pages beside the rail (PageRail): not in console.css, a name to find the pages by. */
    public static final String PAGES = "pages";
    /** One page's button on the rail (PageRail): console.css {@code .page-rail > .rail-button}, the chosen one accent-tinted. */
    public static final String RAIL_BUTTON = "rail-button";
    /** Every icon of the window (Icons): console.css {@code .icon}, 15 px, coloured by its severity or state. */
    public static final String ICON = "icon";
    /** A daemon record state's icon (RecordStateCell, Overview and Hosts daemons): console.css {@code .state-icon}, 14 px, coloured by its state. */
    public static final String STATE_ICON = "state-icon";

    // ---- Shared by the pages ----

    /** A page's explanatory line (log, activity, env, clients, limits): console.css {@code .pane-hint}, muted, padded. */
    public static final String PANE_HINT = "pane-hint";
    /** A page's row of buttons (log, activity, env): console.css {@code .pane-toolbar}, 8 px apart. */
    public static final String PANE_TOOLBAR = "pane-toolbar";
    /** A secondary line (dialogs, header, doctor detail): console.css {@code .muted}, the skip colour. */
    public static final String MUTED = "muted";
    /** The name column of an evidence grid (stop, terminate, limits): console.css {@code .evidence-name}, bold. */
    public static final String EVIDENCE_NAME = "evidence-name";
    /** The wrapper of a disabled control that says why (DisabledReason): console.css {@code .disabled-reason}, its focus ring. */
    public static final String DISABLED_REASON = "disabled-reason";
    /** A table cell that shows its whole text (FullTextCell): not in console.css, a name to find those cells by. */
    public static final String FULL_TEXT_CELL = "full-text-cell";
    /** A cell with a check's severity icon (SeverityCell): not in console.css, a name to find those cells by. */
    public static final String SEVERITY_CELL = "severity-cell";
    /** A check's severity icon (SeverityCell): console.css {@code .severity-icon}, 14 px, coloured by its severity. */
    public static final String SEVERITY_ICON = "severity-icon";
    /** A failure's details in an error dialog (DetailsArea): console.css {@code .error-details}, 12.5 px monospace. */
    public static final String ERROR_DETAILS = "error-details";
    /** Any text in the desktop's monospace family: {@link MonospaceFont#SELECTOR}'s rule gives it the font. */
    public static final String MONOSPACE = "monospace";

    // ---- Log, activity, env, clients and limits pages ----

    /** The control log page (LogView): not in console.css, a name to find the page by. */
    public static final String LOG_VIEW = "log-view";
    /** The log's caption above the text (LogView): not in console.css (it is also a {@link #PANE_HINT}). */
    public static final String LOG_CAPTION = "log-caption";
    /** The log's text (LogView): console.css {@code .log-block}, 12.5 px monospace. */
    public static final String LOG_BLOCK = "log-block";
    /** The activity page (ActivityView): not in console.css, a name to find the page by. */
    public static final String ACTIVITY_VIEW = "activity-view";
    /** The env page (EnvView): not in console.css, a name to find the page by. */
    public static final String ENV_VIEW = "env-view";
    /** The env block's text (EnvView): console.css {@code .env-block}, 12.5 px monospace on the surface colour. */
    public static final String ENV_BLOCK = "env-block";
    /** "Copied" after Copy (EnvView): console.css {@code .copied-note}, bold, the pass colour. */
    public static final String COPIED_NOTE = "copied-note";
    /** The clients page (ClientsView): not in console.css, a name to find the page by. */
    public static final String CLIENTS_VIEW = "clients-view";
    /** The limits page (LimitsView): console.css {@code .limits-view > .pane-hint} pads its hint at the sides. */
    public static final String LIMITS_VIEW = "limits-view";
    /** A GPU's utilisation cell (GpuLoadColumns): not in console.css, a name to find it by (with {@link #GPU_SPARKLINE}). */
    public static final String GPU_LOAD = "gpu-load";
    /** A GPU's memory-used cell (GpuLoadColumns): not in console.css, a name to find it by. */
    public static final String GPU_MEMORY_USED = "gpu-memory-used";
    /** The load bar in a GPU cell (GpuLoadColumns): not in console.css (AtlantaFX draws the progress bar). */
    public static final String GPU_LOAD_BAR = "gpu-load-bar";
    /** The load sparkline (GpuLoadColumns): console.css {@code .gpu-sparkline}, a 1.5 px accent line. */
    public static final String GPU_SPARKLINE = "gpu-sparkline";
    /** The box around the sparkline (GpuLoadColumns): not in console.css, a name to find it by. */
    public static final String GPU_SPARKLINE_BOX = "gpu-sparkline-box";
    /** The load's number in a GPU cell (GpuLoadColumns): not in console.css, a name to find it by. */
    public static final String GPU_LOAD_VALUE = "gpu-load-value";

    // ---- Doctor and Hosts pages ----

    /** The doctor page (DoctorView): not in console.css, a name to find the page by. */
    public static final String DOCTOR_VIEW = "doctor-view";
    /** The Hosts page (HostsView): not in console.css, a name to find the page by. */
    public static final String HOSTS_PAGE = "hosts-page";
    /** The doctor's "out of date" note (DoctorView): not in console.css, a name to find it by. */
    public static final String DOCTOR_OUT_OF_DATE = "doctor-out-of-date";
    /** The doctor's verdict line (DoctorView): console.css {@code .doctor-verdict}, bold. */
    public static final String DOCTOR_VERDICT = "doctor-verdict";
    /** The doctor's side panel (DoctorView): console.css {@code .doctor-side}, 4 px at the right. */
    public static final String DOCTOR_SIDE = "doctor-side";
    /** The side panel's scroll pane (DoctorView): console.css {@code .doctor-side-scroll}, transparent. */
    public static final String DOCTOR_SIDE_SCROLL = "doctor-side-scroll";
    /** The "diagnosed" line (DoctorView, HostsView): console.css {@code .doctor-diagnosed}, bold. */
    public static final String DOCTOR_DIAGNOSED = "doctor-diagnosed";
    /** The doctor's table (DoctorView): console.css {@code .doctor-table}, 2.0em column headers. */
    public static final String DOCTOR_TABLE = "doctor-table";
    /** The selected check's panel (DoctorDetail): not in console.css, a name to find it by. */
    public static final String DOCTOR_DETAIL = "doctor-detail";
    /** The selected check's title (DoctorDetail): console.css {@code .doctor-detail-title}, bold. */
    public static final String DOCTOR_DETAIL_TITLE = "doctor-detail-title";
    /** A remedy's link into the guide (EvidenceTable): not in console.css (AtlantaFX's hyperlink look). */
    public static final String DOCTOR_GUIDE_LINK = "doctor-guide-link";
    /** The evidence table (EvidenceTable): not in console.css, a name to find it by. */
    public static final String EVIDENCE_TABLE = "evidence-table";
    /** A cell of the evidence table (EvidenceTable): console.css {@code .evidence-cell}, padded, text at the top left. */
    public static final String EVIDENCE_CELL = "evidence-cell";
    /** The check column's cell (EvidenceTable): not in console.css (it is also an {@link #EVIDENCE_CELL}). */
    public static final String EVIDENCE_CHECK_CELL = "evidence-check-cell";
    /** The remedy column's cell (EvidenceTable): not in console.css (it is also an {@link #EVIDENCE_CELL}). */
    public static final String REMEDY_CELL = "remedy-cell";
    /** Wrapped text in an evidence cell (EvidenceTable): console.css {@code .evidence-text}, the default foreground. */
    public static final String EVIDENCE_TEXT = "evidence-text";
    /** A check's title in its cell (EvidenceTable): console.css {@code .evidence-title}, bold. */
    public static final String EVIDENCE_TITLE = "evidence-title";
    /** A value in an evidence cell (EvidenceTable): not in console.css (it is also an {@link #EVIDENCE_TEXT}). */
    public static final String EVIDENCE_VALUE = "evidence-value";

    // ---- The guide window ----

    /** The guide window's root (GuideWindow): console.css {@code .guide-window}, the default background. */
    public static final String GUIDE_WINDOW = "guide-window";
    /** The guide's scroll pane (GuideWindow): console.css {@code .guide-scroll}, the default background. */
    public static final String GUIDE_SCROLL = "guide-scroll";
    /** The guide's column of blocks (GuideRenderer): not in console.css, a name to find it by. */
    public static final String GUIDE_CONTENT = "guide-content";
    /** The blocks after an entry's anchor (GuideRenderer): not in console.css, a name to find them by. */
    public static final String GUIDE_PART = "guide-part";
    /** A run of the guide's text (Runs): console.css {@code .guide-text}, 14 px, the default foreground. */
    public static final String GUIDE_TEXT = "guide-text";
    /** A heading (GuideRenderer): console.css {@code .guide-heading}, bold, accent-tinted when it is the target. */
    public static final String GUIDE_HEADING = "guide-heading";
    /** A level-1 heading (GuideRenderer): console.css {@code .guide-h1}, 24 px. */
    public static final String GUIDE_H1 = "guide-h1";
    /** A level-2 heading (GuideRenderer): console.css {@code .guide-h2}, 19 px, a rule below. */
    public static final String GUIDE_H2 = "guide-h2";
    /** A level-3 heading (GuideRenderer): console.css {@code .guide-h3}, 16 px. */
    public static final String GUIDE_H3 = "guide-h3";
    /** A heading of level 4 or deeper (GuideRenderer): not in console.css (the text's own size, bold as a heading). */
    public static final String GUIDE_H4 = "guide-h4";
    /** A paragraph (GuideRenderer): not in console.css, a name to find it by. */
    public static final String GUIDE_PARAGRAPH = "guide-paragraph";
    /** A block quote (GuideRenderer): console.css {@code .guide-quote}, a 3 px rule at its left. */
    public static final String GUIDE_QUOTE = "guide-quote";
    /** A bulleted or numbered list (GuideRenderer): not in console.css, a name to find it by. */
    public static final String GUIDE_LIST = "guide-list";
    /** One list item's body (GuideRenderer): not in console.css, a name to find it by. */
    public static final String GUIDE_ITEM = "guide-item";
    /** A list item's bullet or number (GuideRenderer): console.css {@code .guide-marker}, 14 px. */
    public static final String GUIDE_MARKER = "guide-marker";
    /** Inline or block code (GuideRenderer): console.css {@code .guide-code}, 13 px (and {@link #MONOSPACE}). */
    public static final String GUIDE_CODE = "guide-code";
    /** A code block (GuideRenderer): console.css {@code .guide-code-block}, on the subtle background, rounded. */
    public static final String GUIDE_CODE_BLOCK = "guide-code-block";
    /** Bold text (GuideRenderer): console.css {@code .guide-strong}, bold. */
    public static final String GUIDE_STRONG = "guide-strong";
    /** Emphasised text (GuideRenderer): console.css {@code .guide-emphasis}, italic. */
    public static final String GUIDE_EMPHASIS = "guide-emphasis";
    /** A link within the guide (GuideRenderer): console.css {@code .guide-link}, 14 px, unpadded. */
    public static final String GUIDE_LINK = "guide-link";
    /** A link out of the guide, shown as text (GuideRenderer): console.css {@code .guide-outside-link}, muted. */
    public static final String GUIDE_OUTSIDE_LINK = "guide-outside-link";
    /** A picture's alt text (GuideRenderer): console.css {@code .guide-picture}, muted. */
    public static final String GUIDE_PICTURE = "guide-picture";

    private ConsoleStyles() {
    }
}
