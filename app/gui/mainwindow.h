// MainWindow: the application shell around the timeline.
//
//   menus      File (open, recent, export, close, quit), Navigate (find, zoom history),
//              View (docks, panels, timeline options, theme, renderer, language, full screen),
//              Help (keyboard shortcuts, about)
//   toolbar    open file/folder, find, zoom back, show all, zoom to selection
//   centre     import progress panel, message banner, search bar, then the timeline (or the
//              welcome page while nothing is open)
//   docks      Details, Search Results, Diagnostics; analysis panels and charts join through
//              addPanelDock() and appear under View ▸ Panels
//   status bar trace span, event count, cursor time, renderer
//
// Opening goes through one path, open(paths), for menus, the command line, recent entries and
// drops. The import runs in an ImportController (worker thread, staged progress, cancel);
// the Document only receives a trace when a job succeeds, so cancel and errors leave the open
// trace untouched. Everything the user arranges (geometry, docks, theme, renderer, language,
// recent inputs, last directory) goes to AppSettings.
#pragma once

#include "importers/importer.h"
#include "model/trace.h"
#include "views/timeline/timelinewidget.h"

#include <QMainWindow>
#include <QMessageBox>
#include <QPointer>

class QActionGroup;
class QLabel;
class QMimeData;
class QStackedWidget;

namespace accelscope::views {
class AnalysisHub;
class Document;
class DetailsPanel;
class SearchBar;
class TrackFilterBar;
} // namespace accelscope::views

namespace accelscope::app {

class AppSettings;
class ComparePanel;
class CompareTimelines;
class DiagnosticsModel;
class DiagnosticsPanel;
class ImportController;
class ImportProgressPanel;
class MessageBanner;
class SearchResultsPanel;
class WelcomeWidget;
class ExportRunner;
struct ExportRequest;
struct ImportFailure;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        /// Renderer for this run ("auto", "opengl", "raster"); empty = the saved setting.
        QString renderer;
        /// Restore the saved geometry and dock layout.
        bool restoreLayout = true;
    };

    explicit MainWindow(AppSettings *settings, QWidget *parent = nullptr);
    MainWindow(AppSettings *settings, const Options &options, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Loads files and/or directories as one trace in the background. Several files become one
    /// multi-rank trace; directories are scanned. A running import is superseded.
    void open(const QStringList &paths);
    void cancelLoading();
    bool isLoading() const;
    /// Closes the open trace (back to the welcome page).
    void closeTrace();

    views::Document *document() const { return m_doc; }
    model::TracePtr trace() const;
    /// The inputs of the open trace.
    QStringList openPaths() const { return m_openPaths; }
    ImportController *importController() const { return m_import; }
    views::TimelineWidget *timeline() const { return m_timeline; }
    views::SearchBar *searchBar() const { return m_searchBar; }
    views::TrackFilterBar *trackFilterBar() const { return m_trackFilterBar; }
    ImportProgressPanel *progressPanel() const { return m_progress; }
    MessageBanner *messageBanner() const { return m_banner; }
    /// Offers the session saved beside the open trace (below the warnings banner, so both show).
    MessageBanner *sessionBanner() const { return m_sessionBanner; }
    QDockWidget *detailsDock() const { return m_detailsDock; }
    QDockWidget *searchDock() const { return m_searchDock; }
    QDockWidget *diagnosticsDock() const { return m_diagDock; }
    DiagnosticsModel *diagnosticsModel() const { return m_diagModel; }
    SearchResultsPanel *searchResultsPanel() const { return m_searchPanel; }
    WelcomeWidget *welcomePage() const { return m_welcome; }
    /// The error dialog of the last failed import while it is open (tests); nullptr otherwise.
    QMessageBox *errorDialog() const { return m_errorBox; }
    /// Text of the last import error ("" when the last import did not fail).
    QString lastErrorText() const { return m_lastError; }
    QLabel *cursorLabel() const { return m_cursorLabel; }
    QLabel *spanLabel() const { return m_spanLabel; }
    QLabel *eventsLabel() const { return m_eventsLabel; }

    /// Adds a dock for an analysis panel or chart: placed in `area` (tabbed with the docks
    /// already there), listed under View ▸ Panels, and saved and restored with the layout. The
    /// dock needs a stable, unique objectName.
    void addPanelDock(QDockWidget *dock, Qt::DockWidgetArea area = Qt::BottomDockWidgetArea);
    QMenu *panelsMenu() const { return m_panelsMenu; }
    /// The Compare dock's panel: File ▸ Compare With and a drop with Shift held load its baseline.
    ComparePanel *comparePanel() const { return m_comparePanel; }
    /// The timeline area: the timeline, and the baseline's below it while a run is compared.
    CompareTimelines *compareTimelines() const { return m_compareTimelines; }
    /// File ▸ Export… (Ctrl+E): the Export dialog; enabled while a trace is open.
    QAction *exportAction() const { return m_actExport; }
    /// Opens the Export dialog (File ▸ Export…) and runs what the user chose.
    void showExportDialog();
    /// Runs an export without the dialog (the dialog's OK and tests); false while one runs.
    bool startExport(const ExportRequest &request);
    ExportRunner *exportRunner() const { return m_exportRunner; }

    void setTheme(const QString &name);
    void setRenderer(views::TimelineWidget::Renderer renderer);
    /// "" follows the system; "en", "zh_CN". Retranslates the window at once.
    void setLanguage(const QString &code);

    /// File ▸ Import Options…: clocks, compiler log and compatibility switches; OK re-opens the
    /// open trace with them (the warnings banner offers this when a clock looks wrong).
    void showImportOptionsDialog();
    /// The options every later open() uses (tests, and the dialog's result).
    void setImportOptions(const importers::ImportOptions &options) { m_importOptions = options; }
    const importers::ImportOptions &importOptions() const { return m_importOptions; }
    QAction *importOptionsAction() const { return m_actImportOptions; }

    void showShortcutsDialog();
    void showUserGuide();
    void showAboutDialog();
    void showOpenFileDialog();
    void showOpenFolderDialog();

    /// Local file paths of the URLs in a drag (non-local URLs are ignored).
    static QStringList localPaths(const QMimeData *mime);

Q_SIGNALS:
    /// A trace was loaded and shown.
    void traceShown(const accelscope::model::TracePtr &trace);

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createCentre();
    void createDocks();
    void createStatusBar();
    void retranslateUi();
    void restoreLayout();
    void saveLayout();
    void rebuildRecentMenu();
    void updateTitle();
    void updateStatusLabels();
    void updateActions();
    void presentDock(QDockWidget *dock);

    void onImportStarted(const QStringList &paths);
    void onLoaded(const model::TracePtr &trace, const QString &format, const QStringList &paths, qint64 ms);
    void onFailed(const ImportFailure &failure, const QStringList &paths);
    void onCanceled(const QStringList &paths);
    void showWarningsBanner(const model::Trace &trace);

    AppSettings *m_settings;
    Options m_options;
    views::Document *m_doc = nullptr;
    views::AnalysisHub *m_analysis = nullptr; ///< the analysis settings (category rules, HTA switch) of m_doc's panels
    ImportController *m_import = nullptr;
    importers::ImportOptions m_importOptions;
    ExportRunner *m_exportRunner = nullptr;
    QStringList m_openPaths;
    QString m_openFormat;
    QString m_lastError;
    QPointer<QMessageBox> m_errorBox;

    // centre
    QStackedWidget *m_stack = nullptr;
    WelcomeWidget *m_welcome = nullptr;
    views::TimelineWidget *m_timeline = nullptr;
    CompareTimelines *m_compareTimelines = nullptr;
    views::SearchBar *m_searchBar = nullptr;
    views::TrackFilterBar *m_trackFilterBar = nullptr;
    ImportProgressPanel *m_progress = nullptr;
    MessageBanner *m_banner = nullptr;
    MessageBanner *m_sessionBanner = nullptr;

    // docks
    QDockWidget *m_detailsDock = nullptr;
    views::DetailsPanel *m_details = nullptr;
    QDockWidget *m_searchDock = nullptr;
    SearchResultsPanel *m_searchPanel = nullptr;
    bool m_searchAutoShow = true;
    QDockWidget *m_diagDock = nullptr;
    DiagnosticsPanel *m_diagPanel = nullptr;
    DiagnosticsModel *m_diagModel = nullptr;
    QList<QDockWidget *> m_panelDocks;
    ComparePanel *m_comparePanel = nullptr;

    // status bar
    QLabel *m_spanLabel = nullptr;
    QLabel *m_eventsLabel = nullptr;
    QLabel *m_cursorLabel = nullptr;
    QLabel *m_rendererLabel = nullptr;

    // menus and actions
    QMenu *m_fileMenu = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_navigateMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_panelsMenu = nullptr;
    QMenu *m_timelineMenu = nullptr;
    QMenu *m_themeMenu = nullptr;
    QMenu *m_rendererMenu = nullptr;
    QMenu *m_languageMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QToolBar *m_toolBar = nullptr;
    QAction *m_actOpenFile = nullptr;
    QAction *m_actOpenFolder = nullptr;
    QAction *m_actClearRecent = nullptr;
    QAction *m_actExport = nullptr;
    QAction *m_actImportOptions = nullptr;
    QAction *m_actClose = nullptr;
    QAction *m_actQuit = nullptr;
    QAction *m_actCancelLoad = nullptr;
    QAction *m_actFullScreen = nullptr;
    QAction *m_actResetLayout = nullptr;
    QAction *m_actNoPanels = nullptr;
    QAction *m_actShortcuts = nullptr;
    QAction *m_actUserGuide = nullptr;
    QPointer<QWidget> m_userGuideWindow;
    QAction *m_actAbout = nullptr;
    QAction *m_actAboutQt = nullptr;
    QActionGroup *m_themeGroup = nullptr;
    QActionGroup *m_rendererGroup = nullptr;
    QActionGroup *m_languageGroup = nullptr;
    QByteArray m_defaultState;
};

} // namespace accelscope::app
