#include "app/gui/mainwindow.h"

#include "app/gui/aboutdialog.h"
#include "app/gui/analysisdocks.h"
#include "app/gui/comparedock.h"
#include "app/gui/comparetimeline.h"
#include "app/gui/appsettings.h"
#include "app/gui/banners.h"
#include "app/gui/diagnosticsmodel.h"
#include "app/gui/diagnosticspanel.h"
#include "app/gui/exportdialog.h"
#include "app/gui/exportrunner.h"
#include "app/gui/firstlook.h"
#include "app/gui/importcontroller.h"
#include "app/gui/clusterfiledock.h"
#include "app/gui/memorywarning.h"
#include "app/gui/importoptionsdialog.h"
#include "app/gui/language.h"
#include "app/gui/pytorchdock.h"
#include "app/gui/querydock.h"
#include "app/gui/searchresultsmodel.h"
#include "app/gui/searchresultspanel.h"
#include "app/gui/session.h"
#include "app/gui/shortcutsdialog.h"
#include "app/gui/userguide.h"
#include "app/gui/theme.h"
#include "app/gui/welcomewidget.h"
#include "importers/registry.h"
#include "views/modeltext.h"
#include "views/details/detailspanel.h"
#include "views/derivedcounters.h"
#include "views/document.h"
#include "views/flags/flags.h"
#include "views/panels/analysishub.h"
#include "views/search/searchbar.h"
#include "views/timeline/trackfilterbar.h"
#include "views/timeline/timeaxis.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace accelscope::app {

namespace {
constexpr int kStateVersion = 1; // bump when docks are renamed, so an old layout is not applied

QString rendererKey(views::TimelineWidget::Renderer r)
{
    switch (r) {
    case views::TimelineWidget::Renderer::OpenGL: return QStringLiteral("opengl");
    case views::TimelineWidget::Renderer::Raster: return QStringLiteral("raster");
    case views::TimelineWidget::Renderer::Auto: break;
    }
    return QStringLiteral("auto");
}
} // namespace

MainWindow::MainWindow(AppSettings *settings, QWidget *parent) : MainWindow(settings, Options{}, parent) {}

MainWindow::MainWindow(AppSettings *settings, const Options &options, QWidget *parent)
    : QMainWindow(parent), m_settings(settings), m_options(options)
{
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);
    m_doc = new views::Document(this);
    m_import = new ImportController(this);
    m_exportRunner = new ExportRunner(this);
    connect(m_exportRunner, &ExportRunner::finished, this, [this](const ExportOutcome &o) {
        updateActions();
        if (o.ok || o.canceled)
            statusBar()->showMessage(o.message, 8000);
        else {
            // Window-modal, not blocking: the export may have been started by a script or test.
            auto *box = new QMessageBox(QMessageBox::Warning, tr("Export failed"), o.message, QMessageBox::Ok, this);
            box->setObjectName(QStringLiteral("exportErrorBox"));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
    });

    createActions();
    createCentre();
    createDocks();
    createMenus();
    createStatusBar();
    m_analysis = new views::AnalysisHub(m_doc, &m_settings->raw(), m_doc); // category rules kept in the app's settings
    installAnalysisDocks(this, m_analysis);
    installQueryDock(this, m_settings);
    installPyTorchDock(this, m_analysis);
    m_comparePanel = installCompareDock(this, m_analysis, m_fileMenu, m_actImportOptions);
    installClusterFileDock(this, m_fileMenu, m_recentMenu->menuAction());
    installSessionActions(this, m_fileMenu, m_actImportOptions);
    retranslateUi();

    connect(m_import, &ImportController::started, this, &MainWindow::onImportStarted);
    connect(m_import, &ImportController::progressChanged, m_progress, &ImportProgressPanel::setProgress);
    connect(m_import, &ImportController::loaded, this, &MainWindow::onLoaded);
    connect(m_import, &ImportController::failed, this, &MainWindow::onFailed);
    connect(m_import, &ImportController::canceled, this, &MainWindow::onCanceled);
    connect(m_import, &ImportController::idle, this, [this] {
        m_progress->hide();
        updateActions();
    });
    connect(m_settings, &AppSettings::recentChanged, this, &MainWindow::rebuildRecentMenu);

    m_defaultState = saveState(kStateVersion);
    resize(1400, 900);
    if (m_options.restoreLayout && m_settings->windowState().isEmpty()) {
        // first start: the analysis charts in view and the whole screen to show them
        showFirstStartDocks(this, m_panelDocks);
        setWindowState(windowState() | Qt::WindowMaximized);
    } else if (m_options.restoreLayout) {
        restoreLayout();
    }
    // each loaded trace then opens on the docks of its vendor (app/gui/firstlook.h)
    installFirstLook(this, m_settings, m_options.restoreLayout);
    rebuildRecentMenu();
    updateTitle();
    updateStatusLabels();
    updateActions();
}

MainWindow::~MainWindow() = default;

// --- construction -------------------------------------------------------------------------

void MainWindow::createActions()
{
    QStyle *st = style();
    const auto make = [this](const char *name, QKeySequence key = {}) {
        auto *a = new QAction(this);
        a->setObjectName(QLatin1String(name));
        if (!key.isEmpty())
            a->setShortcut(key);
        addAction(a); // window-wide shortcut, also while the menu bar is hidden (full screen)
        return a;
    };
    m_actOpenFile = make("actionOpenFile", QKeySequence::Open);
    m_actOpenFile->setIcon(st->standardIcon(QStyle::SP_DialogOpenButton));
    connect(m_actOpenFile, &QAction::triggered, this, &MainWindow::showOpenFileDialog);
    m_actOpenFolder = make("actionOpenFolder", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_actOpenFolder->setIcon(st->standardIcon(QStyle::SP_DirOpenIcon));
    connect(m_actOpenFolder, &QAction::triggered, this, &MainWindow::showOpenFolderDialog);
    m_actClearRecent = new QAction(this);
    m_actClearRecent->setObjectName(QStringLiteral("actionClearRecent"));
    connect(m_actClearRecent, &QAction::triggered, m_settings, &AppSettings::clearRecent);
    m_actImportOptions = make("actionImportOptions");
    connect(m_actImportOptions, &QAction::triggered, this, &MainWindow::showImportOptionsDialog);
    m_actExport = make("actionExport", QKeySequence(Qt::CTRL | Qt::Key_E));
    m_actExport->setEnabled(false); // updateActions(): while a trace is open
    connect(m_actExport, &QAction::triggered, this, &MainWindow::showExportDialog);
    m_actClose = make("actionClose", QKeySequence::Close);
    connect(m_actClose, &QAction::triggered, this, &MainWindow::closeTrace);
    m_actQuit = make("actionQuit", QKeySequence::Quit);
    m_actQuit->setMenuRole(QAction::QuitRole);
    connect(m_actQuit, &QAction::triggered, this, &QWidget::close);
    m_actCancelLoad = make("actionCancelLoading");
    m_actCancelLoad->setIcon(st->standardIcon(QStyle::SP_BrowserStop));
    connect(m_actCancelLoad, &QAction::triggered, this, &MainWindow::cancelLoading);

    // QKeySequence::FullScreen has no binding on some Linux desktops; F11 is what users expect.
    m_actFullScreen = make("actionFullScreen", QKeySequence(QKeySequence::FullScreen).isEmpty()
                                                   ? QKeySequence(Qt::Key_F11)
                                                   : QKeySequence(QKeySequence::FullScreen));
    m_actFullScreen->setCheckable(true);
    connect(m_actFullScreen, &QAction::toggled, this, [this](bool on) {
        setWindowState(on ? (windowState() | Qt::WindowFullScreen) : (windowState() & ~Qt::WindowFullScreen));
    });
    m_actResetLayout = make("actionResetLayout");
    connect(m_actResetLayout, &QAction::triggered, this, [this] {
        restoreState(m_defaultState, kStateVersion);
        for (QDockWidget *d : m_panelDocks)
            d->hide();
        showFirstStartDocks(this, m_panelDocks);
    });
    m_actShortcuts = make("actionShortcuts");
    m_actShortcuts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    connect(m_actShortcuts, &QAction::triggered, this, &MainWindow::showShortcutsDialog);
    m_actUserGuide = make("actionUserGuide", QKeySequence(Qt::Key_F1));
    connect(m_actUserGuide, &QAction::triggered, this, &MainWindow::showUserGuide);
    m_actAbout = make("actionAbout");
    m_actAbout->setMenuRole(QAction::AboutRole);
    connect(m_actAbout, &QAction::triggered, this, &MainWindow::showAboutDialog);
    m_actAboutQt = make("actionAboutQt");
    m_actAboutQt->setMenuRole(QAction::AboutQtRole);
    connect(m_actAboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);

    // Theme, renderer, language: exclusive groups whose texts are set in retranslateUi().
    const auto group = [this](QActionGroup *&g, const QStringList &keys, const QString &current, auto apply) {
        g = new QActionGroup(this);
        g->setExclusive(true);
        for (const QString &k : keys) {
            QAction *a = g->addAction(QString());
            a->setObjectName(QStringLiteral("action_") + (k.isEmpty() ? QStringLiteral("system") : k));
            a->setData(k);
            a->setCheckable(true);
            a->setChecked(k == current);
        }
        connect(g, &QActionGroup::triggered, this, [apply](QAction *a) { apply(a->data().toString()); });
    };
    group(m_themeGroup, theme::names(), theme::current(), [this](const QString &k) { setTheme(k); });
    group(m_rendererGroup, {QStringLiteral("auto"), QStringLiteral("opengl"), QStringLiteral("raster")},
          QString(), [this](const QString &k) {
              if (auto r = views::TimelineWidget::parseRenderer(k))
                  setRenderer(*r);
          });
    QStringList langs{QString()};
    langs += language::available();
    group(m_languageGroup, langs, m_settings->language(), [this](const QString &k) { setLanguage(k); });
}

void MainWindow::createCentre()
{
    // Renderer: command line, then settings; the timeline falls back to raster by itself.
    const QString wanted = m_options.renderer.isEmpty() ? m_settings->renderer() : m_options.renderer;
    const auto renderer = views::TimelineWidget::parseRenderer(wanted).value_or(views::TimelineWidget::Renderer::Auto);
    m_timeline = new views::TimelineWidget(m_doc, renderer, this);
    m_timeline->setObjectName(QStringLiteral("timeline"));
    for (QAction *a : m_rendererGroup->actions())
        a->setChecked(a->data().toString() == rendererKey(renderer));

    m_welcome = new WelcomeWidget(m_settings, m_actOpenFile, m_actOpenFolder, this);
    connect(m_welcome, &WelcomeWidget::openRequested, this, &MainWindow::open);

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_welcome);
    // the timeline, and below it a baseline run while one is compared (File ▸ Compare With)
    m_compareTimelines = new CompareTimelines(m_timeline, this);
    m_compareTimelines->setSettings(m_settings);
    m_stack->addWidget(m_compareTimelines);

    m_progress = new ImportProgressPanel(this);
    m_progress->hide();
    connect(m_progress, &ImportProgressPanel::cancelRequested, this, &MainWindow::cancelLoading);
    m_banner = new MessageBanner(this);
    // An AIU trace whose clock looks wrong: the banner's second button re-opens it with other
    // import options (frequency, compiler log).
    connect(m_banner, &MessageBanner::secondaryActionTriggered, this, [this] {
        m_banner->hide();
        showImportOptionsDialog();
    });
    connect(m_banner, &MessageBanner::actionTriggered, this, [this] {
        m_diagDock->show();
        presentDock(m_diagDock);
        m_banner->hide();
    });
    m_sessionBanner = new MessageBanner(this);
    m_sessionBanner->setObjectName(QStringLiteral("sessionBanner"));
    m_searchBar = new views::SearchBar(m_doc, this);
    m_searchBar->setObjectName(QStringLiteral("searchBar"));
    addAction(m_searchBar->findAction());

    // Narrows the listed tracks by name (Ctrl+Shift+F focuses it); shown with a trace.
    m_trackFilterBar = new views::TrackFilterBar(m_doc, m_timeline, this);
    m_trackFilterBar->setObjectName(QStringLiteral("trackFilterBar"));
    m_trackFilterBar->hide();
    auto *filterTracks = new QAction(this);
    filterTracks->setObjectName(QStringLiteral("actionFilterTracks"));
    filterTracks->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    connect(filterTracks, &QAction::triggered, m_trackFilterBar, &views::TrackFilterBar::activate);
    addAction(filterTracks);

    auto *centre = new QWidget(this);
    auto *layout = new QVBoxLayout(centre);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_progress);
    layout->addWidget(m_banner);
    layout->addWidget(m_sessionBanner);
    layout->addWidget(m_searchBar);
    layout->addWidget(m_trackFilterBar);
    layout->addWidget(m_stack, 1);
    m_searchBar->hide(); // shown with a trace (Ctrl+F brings it back after closing it)
    setCentralWidget(centre);

    connect(m_timeline, &views::TimelineWidget::cursorTimeChanged, this, [this](qint64 t, bool valid) {
        const model::TracePtr &trace = m_doc->trace();
        m_cursorLabel->setText(valid && trace ? tr("Cursor: %1").arg(views::timefmt::formatDuration(t - trace->startNs()))
                                              : QString());
    });
    connect(m_timeline, &views::TimelineWidget::rendererChanged, this, [this] { updateStatusLabels(); });
}

void MainWindow::createDocks()
{
    const auto makeDock = [this](const char *name, QWidget *content, Qt::DockWidgetArea area) {
        auto *dock = new QDockWidget(this);
        dock->setObjectName(QLatin1String(name));
        dock->setWidget(content);
        addDockWidget(area, dock);
        return dock;
    };
    m_details = new views::DetailsPanel(m_doc, this);
    m_detailsDock = makeDock("detailsDock", m_details, Qt::RightDockWidgetArea);

    m_searchPanel = new SearchResultsPanel(m_doc, this);
    m_searchDock = makeDock("searchDock", m_searchPanel, Qt::BottomDockWidgetArea);
    // A search with matches shows the dock, unless the user closed it: then it stays closed
    // until they open it again (View menu or Alt+2).
    m_searchDock->installEventFilter(this);
    connect(m_searchDock->toggleViewAction(), &QAction::triggered, this, [this](bool on) { m_searchAutoShow = on; });
    connect(m_searchPanel, &SearchResultsPanel::resultsArrived, this, [this] {
        if (m_searchAutoShow && !m_searchDock->isVisible()) {
            m_searchDock->show();
            presentDock(m_searchDock);
        }
    });

    m_diagPanel = new DiagnosticsPanel(this);
    m_diagModel = m_diagPanel->diagnosticsModel();
    m_diagDock = makeDock("diagnosticsDock", m_diagPanel, Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_searchDock, m_diagDock);
    m_searchDock->raise();
    // Bottom docks start hidden: the timeline gets the height until there is something to show.
    m_searchDock->hide();
    m_diagDock->hide();
    resizeDocks({m_detailsDock}, {320}, Qt::Horizontal);
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_actOpenFile);
    m_fileMenu->addAction(m_actOpenFolder);
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_actImportOptions);
    m_fileMenu->addAction(m_actExport);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_actCancelLoad);
    m_fileMenu->addAction(m_actClose);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_actQuit);

    m_navigateMenu = menuBar()->addMenu(QString());
    m_navigateMenu->addAction(m_searchBar->findAction());
    m_navigateMenu->addSeparator();
    m_navigateMenu->addAction(m_doc->zoomBackAction());
    m_navigateMenu->addAction(m_doc->showAllAction());
    m_navigateMenu->addAction(m_doc->zoomToSelectionAction());
    m_navigateMenu->addAction(m_doc->clearSelectionAction());
    m_navigateMenu->addSeparator();
    m_navigateMenu->addAction(m_details->previousInstanceAction());
    m_navigateMenu->addAction(m_details->nextInstanceAction());
    addAction(m_details->previousInstanceAction()); // '[' / ']' work with the Details dock closed too
    addAction(m_details->nextInstanceAction());

    m_viewMenu = menuBar()->addMenu(QString());
    for (QDockWidget *d : {m_detailsDock, m_searchDock, m_diagDock})
        m_viewMenu->addAction(d->toggleViewAction());
    m_detailsDock->toggleViewAction()->setShortcut(QKeySequence(Qt::ALT | Qt::Key_1));
    m_searchDock->toggleViewAction()->setShortcut(QKeySequence(Qt::ALT | Qt::Key_2));
    m_diagDock->toggleViewAction()->setShortcut(QKeySequence(Qt::ALT | Qt::Key_3));
    for (QDockWidget *d : {m_detailsDock, m_searchDock, m_diagDock}) {
        connect(d->toggleViewAction(), &QAction::triggered, this, [this, d](bool on) {
            if (on)
                presentDock(d);
        });
    }
    m_panelsMenu = m_viewMenu->addMenu(QString());
    m_panelsMenu->setObjectName(QStringLiteral("panelsMenu"));
    m_actNoPanels = m_panelsMenu->addAction(QString());
    m_actNoPanels->setEnabled(false);
    m_viewMenu->addSeparator();
    m_timelineMenu = m_viewMenu->addMenu(QString());
    m_timelineMenu->addActions(m_timeline->viewActions());
    // HTA's generate_trace_with_counters: derived counter tracks in the timeline.
    m_timelineMenu->addSeparator();
    m_timelineMenu->addAction(m_doc->derivedCountersAction(views::DerivedCounterKind::QueueLength));
    m_timelineMenu->addAction(m_doc->derivedCountersAction(views::DerivedCounterKind::MemcpyBandwidth));
    m_timelineMenu->addAction(m_doc->derivedCountersAction(views::DerivedCounterKind::GpuUtilization)); // PyTorch profiler plugin
    m_themeMenu = m_viewMenu->addMenu(QString());
    m_themeMenu->addActions(m_themeGroup->actions());
    m_rendererMenu = m_viewMenu->addMenu(QString());
    m_rendererMenu->addActions(m_rendererGroup->actions());
    m_languageMenu = m_viewMenu->addMenu(QString());
    m_languageMenu->addActions(m_languageGroup->actions());
    m_viewMenu->addSeparator();
    m_toolBar = new QToolBar(this);
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toolBar->setIconSize(QSize(18, 18));
    m_toolBar->addAction(m_actOpenFile);
    m_toolBar->addAction(m_actOpenFolder);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_searchBar->findAction());
    m_toolBar->addAction(m_doc->zoomBackAction());
    m_toolBar->addAction(m_doc->showAllAction());
    m_toolBar->addAction(m_doc->zoomToSelectionAction());
    addToolBar(Qt::TopToolBarArea, m_toolBar);
    QStyle *st = style();
    if (m_searchBar->findAction()->icon().isNull())
        m_searchBar->findAction()->setIcon(st->standardIcon(QStyle::SP_FileDialogContentsView));
    if (m_doc->zoomBackAction()->icon().isNull())
        m_doc->zoomBackAction()->setIcon(st->standardIcon(QStyle::SP_ArrowBack));
    if (m_doc->showAllAction()->icon().isNull())
        m_doc->showAllAction()->setIcon(st->standardIcon(QStyle::SP_BrowserReload));
    if (m_doc->zoomToSelectionAction()->icon().isNull())
        m_doc->zoomToSelectionAction()->setIcon(st->standardIcon(QStyle::SP_FileDialogDetailedView));
    m_viewMenu->addAction(m_toolBar->toggleViewAction());
    m_viewMenu->addAction(m_actFullScreen);
    m_viewMenu->addAction(m_actResetLayout);

    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_actUserGuide);
    m_helpMenu->addAction(m_actShortcuts);
    m_helpMenu->addSeparator();
    m_helpMenu->addAction(m_actAbout);
    m_helpMenu->addAction(m_actAboutQt);
}

void MainWindow::createStatusBar()
{
    const auto label = [this](const char *name) {
        auto *l = new QLabel(this);
        l->setObjectName(QLatin1String(name));
        l->setContentsMargins(6, 0, 6, 0);
        return l;
    };
    m_cursorLabel = label("cursorLabel");
    m_spanLabel = label("spanLabel");
    m_eventsLabel = label("eventsLabel");
    m_rendererLabel = label("rendererLabel");
    statusBar()->addPermanentWidget(m_cursorLabel);
    statusBar()->addPermanentWidget(m_spanLabel);
    statusBar()->addPermanentWidget(m_eventsLabel);
    statusBar()->addPermanentWidget(m_rendererLabel);
}

void MainWindow::retranslateUi()
{
    m_fileMenu->setTitle(tr("&File"));
    m_actOpenFile->setText(tr("&Open File…"));
    m_actOpenFile->setToolTip(tr("Open trace files; several files open as one multi-rank trace"));
    m_actOpenFolder->setText(tr("Open &Folder…"));
    m_actOpenFolder->setToolTip(tr("Open a profile folder; it is scanned for the traces it contains"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_actClearRecent->setText(tr("&Clear Recent"));
    m_actImportOptions->setText(tr("Import &Options…"));
    m_actImportOptions->setToolTip(tr("Engine clocks, AIU frequency and compiler log, acelyzer compatibility; re-opens the trace"));
    m_actExport->setText(tr("&Export…"));
    m_actExport->setToolTip(tr("Export CSV tables, an XLSX report, a Chrome JSON trace or a PNG of the timeline"));
    m_actCancelLoad->setText(tr("Ca&ncel Loading"));
    m_actClose->setText(tr("&Close Trace"));
    m_actQuit->setText(tr("&Quit"));

    m_navigateMenu->setTitle(tr("&Navigate"));
    m_viewMenu->setTitle(tr("&View"));
    m_detailsDock->setWindowTitle(tr("Details"));
    m_searchDock->setWindowTitle(tr("Search Results"));
    m_diagDock->setWindowTitle(tr("Diagnostics"));
    m_panelsMenu->setTitle(tr("&Panels"));
    m_actNoPanels->setText(tr("No analysis panels yet"));
    m_timelineMenu->setTitle(tr("&Timeline"));
    m_themeMenu->setTitle(tr("T&heme"));
    m_rendererMenu->setTitle(tr("&Renderer"));
    m_languageMenu->setTitle(tr("&Language"));
    for (QAction *a : m_themeGroup->actions()) {
        const QString k = a->data().toString();
        a->setText(k == QLatin1String("dark") ? tr("&Dark") : k == QLatin1String("light") ? tr("&Light") : tr("&System"));
    }
    for (QAction *a : m_rendererGroup->actions()) {
        const QString k = a->data().toString();
        a->setText(k == QLatin1String("opengl") ? tr("&OpenGL") : k == QLatin1String("raster") ? tr("&Raster (software)")
                                                                                             : tr("&Automatic"));
    }
    for (QAction *a : m_languageGroup->actions()) {
        const QString k = a->data().toString();
        a->setText(k.isEmpty() ? tr("&System Default") : language::displayName(k));
    }
    m_toolBar->setWindowTitle(tr("Main Toolbar"));
    m_actFullScreen->setText(tr("F&ull Screen"));
    m_actResetLayout->setText(tr("Reset &Layout"));

    m_helpMenu->setTitle(tr("&Help"));
    m_actShortcuts->setText(tr("&Keyboard Shortcuts"));
    m_actUserGuide->setText(tr("&User Guide"));
    m_actAbout->setText(tr("&About Accelscope"));
    m_actAboutQt->setText(tr("About &Qt"));

    m_diagModel->retranslate();
    m_searchPanel->model()->retranslate();
    rebuildRecentMenu();
    updateTitle();
    updateStatusLabels();
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_searchDock && event->type() == QEvent::Close)
        m_searchAutoShow = false; // closed with its title-bar button
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

// --- layout and settings ------------------------------------------------------------------

void MainWindow::restoreLayout()
{
    const QByteArray geometry = m_settings->windowGeometry();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    const QByteArray state = m_settings->windowState();
    if (!state.isEmpty())
        restoreState(state, kStateVersion);
}

void MainWindow::saveLayout()
{
    m_settings->setWindowLayout(saveGeometry(), saveState(kStateVersion));
    m_settings->sync();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_import->cancel();
    saveLayout();
    QMainWindow::closeEvent(event);
}

void MainWindow::addPanelDock(QDockWidget *dock, Qt::DockWidgetArea area)
{
    Q_ASSERT(!dock->objectName().isEmpty());
    dock->setParent(this);
    // A dock created after restoreState() gets its saved place (and visibility) here; any other
    // starts hidden, tabbed with the docks already in `area`.
    if (!restoreDockWidget(dock)) {
        QDockWidget *partner = nullptr;
        for (QDockWidget *other : findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly))
            if (other != dock && dockWidgetArea(other) == area && !other->isFloating() && !partner)
                partner = other;
        addDockWidget(area, dock);
        if (partner)
            tabifyDockWidget(partner, dock);
        dock->hide();
    }
    connect(dock->toggleViewAction(), &QAction::triggered, this, [this, dock](bool on) {
        if (on)
            presentDock(dock);
    });
    m_panelDocks.push_back(dock);
    m_actNoPanels->setVisible(false);
    m_panelsMenu->addAction(dock->toggleViewAction());
}

void MainWindow::presentDock(QDockWidget *dock)
{
    // Shown from a menu or a shortcut: bring it in front of its tab group, and give a docked
    // panel that would open as a sliver (a new bottom dock gets its minimum height) a third of
    // the window.
    dock->raise();
    if (dock->isFloating())
        return;
    const Qt::DockWidgetArea area = dockWidgetArea(dock);
    if ((area == Qt::BottomDockWidgetArea || area == Qt::TopDockWidgetArea) && dock->height() < 160)
        resizeDocks({dock}, {std::max(240, height() / 3)}, Qt::Vertical);
    else if ((area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea) && dock->width() < 160)
        resizeDocks({dock}, {std::max(280, width() / 4)}, Qt::Horizontal);
}

void MainWindow::setTheme(const QString &name)
{
    theme::apply(name);
    m_settings->setTheme(theme::current());
    for (QAction *a : m_themeGroup->actions())
        a->setChecked(a->data().toString() == theme::current());
}

void MainWindow::setRenderer(views::TimelineWidget::Renderer renderer)
{
    m_timeline->setRenderer(renderer);
    m_settings->setRenderer(rendererKey(renderer));
    for (QAction *a : m_rendererGroup->actions())
        a->setChecked(a->data().toString() == rendererKey(renderer));
    updateStatusLabels();
}

void MainWindow::setLanguage(const QString &code)
{
    m_settings->setLanguage(code);
    language::apply(code); // LanguageChange -> retranslateUi() of every window
    for (QAction *a : m_languageGroup->actions())
        a->setChecked(a->data().toString() == code);
}

// --- opening ------------------------------------------------------------------------------

void MainWindow::showOpenFileDialog()
{
    const QString filter = tr("Traces (*.json *.json.gz *.gz *.json.zst *.zst *.pftrace *.perfetto-trace *.pb *.db *.log *.txt);;"
                              "All files (*)");
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Open Trace Files"), m_settings->lastDirectory(), filter);
    if (!files.isEmpty())
        open(files);
}

void MainWindow::showOpenFolderDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Profile Folder"), m_settings->lastDirectory());
    if (!dir.isEmpty())
        open({dir});
}

void MainWindow::open(const QStringList &paths)
{
    QStringList clean;
    for (const QString &p : paths)
        if (!p.isEmpty())
            clean << QFileInfo(p).absoluteFilePath();
    if (clean.isEmpty())
        return;
    const QFileInfo first(clean.first());
    // The folder holding the (first) input: the next dialog offers its siblings.
    m_settings->setLastDirectory(first.absolutePath());
    // A cluster file or a folder of summaries is no trace: the Cluster (summaries) dock shows it.
    ClusterOpener *cluster = findChild<ClusterOpener *>(QStringLiteral("clusterOpener"));
    if (cluster && cluster->openIfCluster(clean))
        return;
    // A job folder too big for this machine can still be summarized rank by rank.
    const bool oneFolder = clean.size() == 1 && first.isDir() && cluster;
    switch (askMemoryForLoad(this, clean, oneFolder)) {
    case MemoryAnswer::Cancel:
        return;
    case MemoryAnswer::OpenAsCluster:
        cluster->runDriver(clean.first());
        return;
    case MemoryAnswer::Load:
        break;
    }
    m_import->start(clean, m_importOptions);
}

void MainWindow::showImportOptionsDialog()
{
    ImportOptionsDialog dialog(m_importOptions, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_importOptions = dialog.options();
    if (!m_openPaths.isEmpty() && !m_import->isRunning())
        m_import->start(m_openPaths, m_importOptions);
}

void MainWindow::cancelLoading()
{
    if (!m_import->isRunning())
        return;
    m_import->cancel();
    m_progress->setCanceling();
}

bool MainWindow::isLoading() const
{
    return m_import->isRunning();
}

void MainWindow::closeTrace()
{
    m_import->cancel();
    m_doc->setTrace(nullptr);
    m_diagPanel->setTrace(nullptr);
    m_openPaths.clear();
    m_openFormat.clear();
    m_banner->hide();
    m_sessionBanner->hide();
    m_stack->setCurrentWidget(m_welcome);
    m_searchBar->hide();
    m_trackFilterBar->hide();
    updateTitle();
    updateStatusLabels();
    updateActions();
}

model::TracePtr MainWindow::trace() const
{
    return m_doc->trace();
}

void MainWindow::onImportStarted(const QStringList &paths)
{
    m_progress->begin(paths);
    m_progress->show();
    statusBar()->showMessage(tr("Loading %1…").arg(describePaths(paths)));
    updateActions();
}

void MainWindow::onLoaded(const model::TracePtr &trace, const QString &format, const QStringList &paths, qint64 ms)
{
    m_lastError.clear();
    m_openPaths = paths;
    m_openFormat = format;
    m_banner->hide();
    m_sessionBanner->hide();
    m_doc->setTrace(trace);
    m_diagPanel->setTrace(trace);
    m_stack->setCurrentWidget(m_compareTimelines);
    m_searchBar->show();
    m_trackFilterBar->show();
    m_timeline->setFocus();
    m_settings->addRecent(paths);
    showWarningsBanner(*trace);
    statusBar()->showMessage(tr("Loaded %1 in %2 s").arg(describePaths(paths)).arg(double(ms) / 1000.0, 0, 'f', 2), 8000);
    updateTitle();
    updateStatusLabels();
    updateActions();
    Q_EMIT traceShown(trace);
}

void MainWindow::showWarningsBanner(const model::Trace &trace)
{
    const int warnings = DiagnosticsModel::warningCount(trace);
    // IBM AIU: frequency and counter-wrap findings are shown even when they are only infos.
    const AiuFindings aiu = aiuFindings(trace);
    if (warnings == 0 && aiu.text.isEmpty())
        return;
    QString text = warnings > 0 ? tr("Loaded with %n warning(s)", nullptr, warnings) : QString();
    if (!aiu.text.isEmpty())
        text += (text.isEmpty() ? QString() : QStringLiteral("<br>")) + aiu.text;
    m_banner->showMessage(MessageBanner::Kind::Warning, text, tr("Show Diagnostics"),
                          aiu.suggestImportOptions ? tr("Import Options…") : QString());
}

void MainWindow::onFailed(const ImportFailure &f, const QStringList &paths)
{
    statusBar()->clearMessage();
    const QString position = f.position > 0 || f.positionIsLine ? DiagnosticsModel::positionText(f.position, f.positionIsLine)
                                                                 : QString();
    QString details = tr("File: %1").arg(f.file);
    if (!position.isEmpty())
        details += QLatin1Char('\n') + tr("Position: %1").arg(position);
    details += QLatin1Char('\n') + views::translatedModelText(views::kImportErrorContext, f.message.toStdString());
    m_lastError = details;
    if (m_errorBox)
        m_errorBox->close();
    auto *box = new QMessageBox(QMessageBox::Critical, tr("Could Not Open Trace"),
                                tr("Could not open %1.").arg(describePaths(paths)), QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("importErrorDialog"));
    box->setInformativeText(details);
    box->setDetailedText(tr("Supported formats: %1").arg(QString::fromStdString(importers::supportedFormatsText())));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorBox = box;
    box->open(); // window-modal, never a nested event loop
}

void MainWindow::onCanceled(const QStringList &paths)
{
    statusBar()->showMessage(tr("Loading of %1 canceled").arg(describePaths(paths)), 5000);
}

// --- drag and drop ------------------------------------------------------------------------

QStringList MainWindow::localPaths(const QMimeData *mime)
{
    QStringList out;
    if (!mime || !mime->hasUrls())
        return out;
    for (const QUrl &url : mime->urls())
        if (url.isLocalFile() && !url.toLocalFile().isEmpty())
            out << url.toLocalFile();
    return out;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!localPaths(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dragMoveEvent(QDragMoveEvent *event)
{
    if (!localPaths(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QStringList paths = localPaths(event->mimeData());
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    // Shift held: the dropped run becomes the baseline the open trace is compared with
    if ((event->modifiers() & Qt::ShiftModifier) && m_doc->trace())
        compareWith(m_comparePanel, paths, m_importOptions);
    else
        open(paths);
}

// --- menus, title, status -----------------------------------------------------------------

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    QStyle *st = style();
    const auto add = [&](const QStringList &paths, bool folder, int &n) {
        for (const QString &p : paths)
            if (!QFileInfo::exists(p))
                return;
        ++n;
        const QString label = (n <= 9 ? QStringLiteral("&%1  ").arg(n) : QString()) + describePaths(paths);
        QAction *a = m_recentMenu->addAction(st->standardIcon(folder ? QStyle::SP_DirIcon : QStyle::SP_FileIcon), label);
        a->setToolTip(paths.join(QLatin1Char('\n')));
        a->setStatusTip(paths.join(QStringLiteral(", ")));
        a->setData(paths);
        connect(a, &QAction::triggered, this, [this, paths] { open(paths); });
    };
    int n = 0;
    for (const QStringList &files : m_settings->recentFiles())
        add(files, false, n);
    if (n > 0 && !m_settings->recentFolders().isEmpty())
        m_recentMenu->addSeparator();
    for (const QString &folder : m_settings->recentFolders())
        add({folder}, true, n);
    if (n == 0) {
        QAction *none = m_recentMenu->addAction(tr("No recent traces"));
        none->setEnabled(false);
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(m_actClearRecent);
    m_actClearRecent->setEnabled(n > 0);
}

void MainWindow::updateTitle()
{
    if (m_openPaths.isEmpty())
        setWindowTitle(QStringLiteral("Accelscope"));
    else
        setWindowTitle(tr("%1 — Accelscope").arg(describePaths(m_openPaths)));
}

void MainWindow::updateStatusLabels()
{
    const model::TracePtr &t = m_doc->trace();
    if (!t) {
        m_spanLabel->clear();
        m_eventsLabel->clear();
        m_cursorLabel->clear();
    } else {
        m_spanLabel->setText(tr("Span: %1").arg(views::timefmt::formatDuration(t->endNs() - t->startNs())));
        const qulonglong events = t->sliceCount() + t->instantCount() + t->counterSampleCount();
        m_eventsLabel->setText(events == 1 ? tr("1 event") : tr("%1 events").arg(QLocale().toString(events)));
        m_eventsLabel->setToolTip(tr("%1 slices, %2 instants, %3 counter samples, %4 flows on %5 tracks")
                                      .arg(QLocale().toString(qulonglong(t->sliceCount())),
                                           QLocale().toString(qulonglong(t->instantCount())),
                                           QLocale().toString(qulonglong(t->counterSampleCount())),
                                           QLocale().toString(qulonglong(t->flows().size())),
                                           QLocale().toString(qulonglong(t->tracks().size()))));
    }
    m_rendererLabel->setText(m_timeline->activeRenderer() == views::TimelineWidget::Renderer::OpenGL ? tr("OpenGL")
                                                                                                     : tr("Raster"));
    m_rendererLabel->setToolTip(m_timeline->rendererDescription());
}

void MainWindow::updateActions()
{
    const bool hasTrace = m_doc->trace() != nullptr;
    m_actClose->setEnabled(hasTrace || m_import->isRunning());
    m_actCancelLoad->setEnabled(m_import->isRunning());
    m_actExport->setEnabled(hasTrace && !m_exportRunner->isRunning());
}

// --- dialogs ------------------------------------------------------------------------------

void MainWindow::showUserGuide()
{
    if (m_userGuideWindow) {
        m_userGuideWindow->raise();
        m_userGuideWindow->activateWindow();
        return;
    }
    const QString guide = findUserGuide();
    if (guide.isEmpty()) {
        QMessageBox::information(this, tr("User Guide"),
                                 tr("The user guide is not installed. It is in the docs/ folder of the source tree."));
        return;
    }
    auto *window = new UserGuideWindow(guide, this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    m_userGuideWindow = window;
    window->show();
}

void MainWindow::showShortcutsDialog()
{
    QList<ShortcutEntry> entries = ShortcutsDialog::fromMenuBar(menuBar(), actions());
    entries += ShortcutsDialog::timelineEntries();
    auto *dlg = new ShortcutsDialog(entries, this);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->open();
}

void MainWindow::showExportDialog()
{
    if (!m_doc->trace() || m_exportRunner->isRunning())
        return;
    const QString base = m_openPaths.isEmpty() ? QString() : QFileInfo(m_openPaths.first()).completeBaseName().section(QLatin1Char('.'), 0, 0);
    ExportDialog dlg(m_doc, &m_settings->raw(), base, this);
    if (dlg.exec() != QDialog::Accepted)
        return;
    startExport(dlg.request());
}

bool MainWindow::startExport(const ExportRequest &request)
{
    ExportRunner::Inputs in;
    in.document = m_doc;
    in.timeline = m_timeline;
    in.context = m_doc->analysisContext();
    in.categoryRules = m_analysis->categoryRules();
    // with a loaded baseline, the XLSX report gets a sheet per comparison, the one shown first
    if (m_comparePanel->baseline()) {
        auto baseline = m_comparePanel->baselineContext();
        auto candidate = m_comparePanel->candidateContext();
        if (baseline && candidate)
            in.comparisonTables = [baseline, candidate, opt = m_comparePanel->currentOptions(),
                                   shown = m_comparePanel->currentComparison().toStdString()](std::stop_token stop) {
                return model::analysis::reportComparisons(*baseline, *candidate, opt, shown, stop);
            };
    }
    // while a comparison is shown, the PNG stacks the baseline's timeline below the candidate's
    if (m_compareTimelines && m_compareTimelines->isComparing()) {
        in.baselineTimeline = m_compareTimelines->baselineTimeline();
        in.baselineShift = m_compareTimelines->linkOffset();
        in.candidateTitle = m_compareTimelines->candidateHeader()->text();
        in.baselineTitle = m_compareTimelines->baselineHeader()->text();
    }
    if (!m_doc->flags()->isEmpty()) // the user's flags and notes as a sheet of the report
        in.extraTables.push_back(views::flagsTable(*m_doc->flags(), m_doc->trace()->startNs()));
    const bool started = m_exportRunner->start(request, in);
    updateActions();
    return started;
}

void MainWindow::showAboutDialog()
{
    auto *dlg = new AboutDialog(m_timeline->rendererDescription(), this);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->open();
}

} // namespace accelscope::app
