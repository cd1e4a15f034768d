#include "app/gui/exportdialog.h"

#include "model/export/reportexport.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace accelscope::app {

namespace {
namespace ex = model::exportfmt;
constexpr const char *kGroup = "export/";

QString key(const char *name) { return QLatin1String(kGroup) + QLatin1String(name); }

QString fromStd(const std::string &s) { return QString::fromStdString(s); }

// Titles of the report's own tables (model/export/reportexport.cpp); the analyses' titles reach
// the catalogue through analysistexts.cpp. Shown through the "AnalysisNames" context.
[[maybe_unused]] const char *const kReportTitles[] = {
    QT_TRANSLATE_NOOP("AnalysisNames", "Overview"),
    QT_TRANSLATE_NOOP("AnalysisNames", "Per-rank summary"),
    QT_TRANSLATE_NOOP("AnalysisNames", "Kernel launch summary"),
    QT_TRANSLATE_NOOP("AnalysisNames", "Diagnostics"),
};

QString suffixOf(ExportRequest::Format f)
{
    switch (f) {
    case ExportRequest::Format::Csv: return QStringLiteral(".csv");
    case ExportRequest::Format::Xlsx: return QStringLiteral(".xlsx");
    case ExportRequest::Format::ChromeJson: return QStringLiteral(".json.gz");
    case ExportRequest::Format::Png: return QStringLiteral(".png");
    case ExportRequest::Format::Sqlite: return QStringLiteral(".sqlite");
    }
    return {};
}
} // namespace

// --- ExportRequest -------------------------------------------------------------------------

std::optional<views::TimeRange> ExportRequest::range(const views::Document &doc) const
{
    switch (scope) {
    case Scope::Whole: return std::nullopt;
    case Scope::Visible: return doc.visibleRange();
    case Scope::Selected:
        if (!doc.selectedRange().isEmpty())
            return doc.selectedRange();
        return std::nullopt;
    }
    return std::nullopt;
}

QString ExportRequest::formatKey(Format f)
{
    switch (f) {
    case Format::Csv: return QStringLiteral("csv");
    case Format::Xlsx: return QStringLiteral("xlsx");
    case Format::ChromeJson: return QStringLiteral("chrome-json");
    case Format::Png: return QStringLiteral("png");
    case Format::Sqlite: return QStringLiteral("sqlite");
    }
    return {};
}

std::optional<ExportRequest::Format> ExportRequest::parseFormat(const QString &k)
{
    for (Format f : {Format::Csv, Format::Xlsx, Format::ChromeJson, Format::Png, Format::Sqlite})
        if (formatKey(f) == k)
            return f;
    return std::nullopt;
}

// --- ExportDialog --------------------------------------------------------------------------

ExportDialog::ExportDialog(const views::Document *doc, QSettings *settings, const QString &baseName, QWidget *parent)
    : QDialog(parent), m_doc(doc), m_settings(settings), m_baseName(baseName.isEmpty() ? QStringLiteral("trace") : baseName)
{
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export"));

    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("exportFormat"));
    m_format->addItem(tr("CSV tables"), ExportRequest::formatKey(ExportRequest::Format::Csv));
    m_format->addItem(tr("XLSX report"), ExportRequest::formatKey(ExportRequest::Format::Xlsx));
    m_format->addItem(tr("Chrome JSON trace"), ExportRequest::formatKey(ExportRequest::Format::ChromeJson));
    m_format->addItem(tr("PNG picture of the timeline"), ExportRequest::formatKey(ExportRequest::Format::Png));
    m_format->addItem(tr("SQLite database"), ExportRequest::formatKey(ExportRequest::Format::Sqlite));

    QGroupBox *scopeBox = createScopeBox();
    m_scopeBox = scopeBox;
    createTablesBox();
    createTracksBox();
    createPictureBox();
    QHBoxLayout *pathRow = createDestinationRow();

    auto *form = new QFormLayout;
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("Destination:"), pathRow);
    form->addRow(QString(), m_pathHint);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ExportDialog::reject);

    auto *lay = new QVBoxLayout(this);
    lay->addLayout(form);
    lay->addWidget(scopeBox);
    lay->addWidget(m_tablesBox, 10);
    lay->addWidget(m_tracksBox);
    lay->addWidget(m_pngBox);
    lay->addStretch(1); // takes the room of the tables list when it is hidden
    lay->addWidget(buttons);

    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::onFormatChanged);
    loadChoices();
    onFormatChanged();
    resize(560, 620);
}

/// Whole trace, visible range or selected range.
QGroupBox *ExportDialog::createScopeBox()
{
    auto *scopeBox = new QGroupBox(tr("Scope"), this);
    m_scopeWhole = new QRadioButton(tr("Whole trace"), scopeBox);
    m_scopeVisible = new QRadioButton(scopeBox);
    m_scopeSelected = new QRadioButton(scopeBox);
    m_scopeGroup = new QButtonGroup(this);
    m_scopeGroup->addButton(m_scopeWhole, int(ExportRequest::Scope::Whole));
    m_scopeGroup->addButton(m_scopeVisible, int(ExportRequest::Scope::Visible));
    m_scopeGroup->addButton(m_scopeSelected, int(ExportRequest::Scope::Selected));
    const views::Document *doc = m_doc;
    const auto spanText = [](const views::TimeRange &r) {
        return QStringLiteral("%1 ms").arg(double(r.end - r.start) / 1e6, 0, 'f', 3);
    };
    m_scopeVisible->setText(tr("Visible range (%1)").arg(spanText(doc->visibleRange())));
    const bool hasSelection = !doc->selectedRange().isEmpty();
    m_scopeSelected->setText(hasSelection ? tr("Selected range (%1)").arg(spanText(doc->selectedRange()))
                                          : tr("Selected range (none: Shift+drag on the timeline)"));
    m_scopeSelected->setEnabled(hasSelection);
    auto *scopeLay = new QVBoxLayout(scopeBox);
    scopeLay->addWidget(m_scopeWhole);
    scopeLay->addWidget(m_scopeVisible);
    scopeLay->addWidget(m_scopeSelected);
    return scopeBox;
}

/// CSV and XLSX: the tables to write (checked: the defaults for this trace) and HTA mode.
void ExportDialog::createTablesBox()
{
    auto *tablesGroup = new QGroupBox(tr("Tables and sheets"), this);
    m_tablesBox = tablesGroup;
    m_tables = new QListWidget(tablesGroup);
    m_tables->setObjectName(QStringLiteral("exportTables"));
    const auto defs = ex::defaultReportTables(m_doc->trace().get());
    for (const ex::ReportTableInfo &t : ex::reportTableChoices()) {
        const std::string title = t.title;
        auto *item = new QListWidgetItem(QCoreApplication::translate("AnalysisNames", title.c_str()), m_tables);
        item->setData(Qt::UserRole, fromStd(t.name));
        item->setToolTip(tr("%1 (sheet \"%2\")").arg(fromStd(t.name), fromStd(t.sheet)));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(std::find(defs.begin(), defs.end(), t.name) != defs.end() ? Qt::Checked : Qt::Unchecked);
    }
    auto *all = new QPushButton(tr("All"), tablesGroup);
    auto *none = new QPushButton(tr("None"), tablesGroup);
    auto *defaults = new QPushButton(tr("Defaults"), tablesGroup);
    const auto checkAll = [this](int mode) {
        const auto defs = ex::defaultReportTables(m_doc->trace().get());
        for (int i = 0; i < m_tables->count(); ++i) {
            QListWidgetItem *it = m_tables->item(i);
            bool on = mode == 1;
            if (mode == 2)
                on = std::find(defs.begin(), defs.end(), it->data(Qt::UserRole).toString().toStdString()) != defs.end();
            it->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        }
    };
    connect(all, &QPushButton::clicked, this, [checkAll] { checkAll(1); });
    connect(none, &QPushButton::clicked, this, [checkAll] { checkAll(0); });
    connect(defaults, &QPushButton::clicked, this, [checkAll] { checkAll(2); });
    connect(m_tables, &QListWidget::itemChanged, this, &ExportDialog::updatePathSuffix);
    m_htaCompat = new QCheckBox(tr("HTA-compatible numbers (µs rounding, last step dropped)"), tablesGroup);
    auto *btnRow = new QHBoxLayout;
    btnRow->addWidget(all);
    btnRow->addWidget(none);
    btnRow->addWidget(defaults);
    btnRow->addStretch();
    auto *tablesLay = new QVBoxLayout(tablesGroup);
    tablesLay->addWidget(m_tables);
    tablesLay->addLayout(btnRow);
    tablesLay->addWidget(m_htaCompat);
}

/// Chrome JSON and PNG: which tracks, and the generated counters.
void ExportDialog::createTracksBox()
{
    auto *tracksGroup = new QGroupBox(tr("Tracks"), this);
    m_tracksBox = tracksGroup;
    m_tracks = new QComboBox(tracksGroup);
    m_tracks->setObjectName(QStringLiteral("exportTracks"));
    m_tracks->addItem(tr("All tracks"), int(ExportRequest::Tracks::All));
    m_tracks->addItem(tr("Tracks shown in the timeline (not hidden)"), int(ExportRequest::Tracks::Visible));
    m_tracks->addItem(tr("Pinned tracks only"), int(ExportRequest::Tracks::Pinned));
    m_counters = new QCheckBox(tr("Add queue length and memory copy bandwidth counters (as HTA's trace with counters)"),
                               tracksGroup);
    m_counters->setObjectName(QStringLiteral("exportCounters"));
    m_criticalPath = new QCheckBox(tr("Overlay the critical path (as HTA's overlay_critical_path_analysis)"), tracksGroup);
    m_criticalPath->setObjectName(QStringLiteral("exportCriticalPath"));
    m_criticalPath->setToolTip(tr("Marks the slices on the critical path (args.critical = 1) and draws its edges as flows: the "
                                  "path of the first ProfilerStep, or of the selected range."));
    auto *tracksLay = new QVBoxLayout(tracksGroup);
    tracksLay->addWidget(m_tracks);
    tracksLay->addWidget(m_counters);
    tracksLay->addWidget(m_criticalPath);
}

/// PNG: the picture's size and pixel scale.
void ExportDialog::createPictureBox()
{
    auto *pngGroup = new QGroupBox(tr("Picture"), this);
    m_pngBox = pngGroup;
    m_pngCurrent = new QRadioButton(tr("As shown now"), pngGroup);
    m_pngCustom = new QRadioButton(tr("Size"), pngGroup);
    m_pngWidth = new QSpinBox(pngGroup);
    m_pngHeight = new QSpinBox(pngGroup);
    for (QSpinBox *s : {m_pngWidth, m_pngHeight}) {
        s->setRange(200, 16000);
        s->setSuffix(tr(" px"));
    }
    m_pngScale = new QComboBox(pngGroup);
    m_pngScale->addItem(tr("1× pixels"), 1);
    m_pngScale->addItem(tr("2× pixels (sharp on slides)"), 2);
    auto *sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_pngCustom);
    sizeRow->addWidget(m_pngWidth);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), pngGroup));
    sizeRow->addWidget(m_pngHeight);
    sizeRow->addStretch();
    auto *pngLay = new QVBoxLayout(pngGroup);
    pngLay->addWidget(m_pngCurrent);
    pngLay->addLayout(sizeRow);
    pngLay->addWidget(m_pngScale);
    connect(m_pngCustom, &QRadioButton::toggled, m_pngWidth, &QWidget::setEnabled);
    connect(m_pngCustom, &QRadioButton::toggled, m_pngHeight, &QWidget::setEnabled);
}

/// The path field with its Browse button (m_path, m_pathHint).
QHBoxLayout *ExportDialog::createDestinationRow()
{
    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("exportPath"));
    auto *browseBtn = new QToolButton(this);
    browseBtn->setText(tr("Browse…"));
    connect(browseBtn, &QToolButton::clicked, this, &ExportDialog::browse);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseBtn);
    m_pathHint = new QLabel(this);
    m_pathHint->setWordWrap(true);
    m_pathHint->setEnabled(false);
    return pathRow;
}

QRadioButton *ExportDialog::scopeButton(ExportRequest::Scope s) const
{
    return qobject_cast<QRadioButton *>(m_scopeGroup->button(int(s)));
}

ExportRequest ExportDialog::request() const
{
    ExportRequest r;
    r.format = ExportRequest::parseFormat(m_format->currentData().toString()).value_or(ExportRequest::Format::Xlsx);
    r.scope = ExportRequest::Scope(std::max(0, m_scopeGroup->checkedId()));
    r.tracks = ExportRequest::Tracks(m_tracks->currentData().toInt());
    for (int i = 0; i < m_tables->count(); ++i)
        if (m_tables->item(i)->checkState() == Qt::Checked)
            r.tables << m_tables->item(i)->data(Qt::UserRole).toString();
    r.path = m_path->text().trimmed();
    r.htaCompat = m_htaCompat->isChecked();
    r.counters = m_counters->isChecked();
    r.criticalPath = m_criticalPath->isChecked();
    r.pngCurrentView = m_pngCurrent->isChecked();
    r.pngSize = QSize(m_pngWidth->value(), m_pngHeight->value());
    r.pngScale = m_pngScale->currentData().toInt();
    return r;
}

void ExportDialog::setRequest(const ExportRequest &r)
{
    const int fi = m_format->findData(ExportRequest::formatKey(r.format));
    if (fi >= 0)
        m_format->setCurrentIndex(fi);
    QAbstractButton *scope = m_scopeGroup->button(int(r.scope));
    if (!scope || !scope->isEnabled())
        scope = m_scopeWhole;
    scope->setChecked(true);
    const int ti = m_tracks->findData(int(r.tracks));
    m_tracks->setCurrentIndex(ti >= 0 ? ti : 0);
    if (!r.tables.isEmpty())
        for (int i = 0; i < m_tables->count(); ++i)
            m_tables->item(i)->setCheckState(r.tables.contains(m_tables->item(i)->data(Qt::UserRole).toString())
                                                 ? Qt::Checked
                                                 : Qt::Unchecked);
    m_htaCompat->setChecked(r.htaCompat);
    m_counters->setChecked(r.counters);
    m_criticalPath->setChecked(r.criticalPath);
    (r.pngCurrentView ? m_pngCurrent : m_pngCustom)->setChecked(true);
    m_pngWidth->setValue(r.pngSize.width());
    m_pngHeight->setValue(r.pngSize.height());
    m_pngWidth->setEnabled(!r.pngCurrentView);
    m_pngHeight->setEnabled(!r.pngCurrentView);
    m_pngScale->setCurrentIndex(r.pngScale >= 2 ? 1 : 0);
    if (!r.path.isEmpty())
        m_path->setText(r.path);
    m_lastFormat = m_format->currentIndex();
    onFormatChanged();
}

void ExportDialog::loadChoices()
{
    ExportRequest r;
    if (m_settings) {
        QSettings &s = *m_settings;
        r.format = ExportRequest::parseFormat(s.value(key("format")).toString()).value_or(ExportRequest::Format::Xlsx);
        r.scope = ExportRequest::Scope(std::clamp(s.value(key("scope"), 0).toInt(), 0, 2));
        r.tracks = ExportRequest::Tracks(std::clamp(s.value(key("tracks"), 0).toInt(), 0, 2));
        r.tables = s.value(key("tables")).toStringList();
        r.htaCompat = s.value(key("htaCompat"), false).toBool();
        r.counters = s.value(key("counters"), false).toBool();
        r.criticalPath = s.value(key("criticalPath"), false).toBool();
        r.pngCurrentView = s.value(key("pngCurrentView"), true).toBool();
        r.pngSize = s.value(key("pngSize"), QSize(1920, 1080)).toSize();
        r.pngScale = s.value(key("pngScale"), 1).toInt();
    }
    // The last export's folder, else where the last trace was opened from (AppSettings), else home.
    const QString dir = m_settings ? m_settings->value(key("directory"), m_settings->value(QStringLiteral("ui/lastDirectory"),
                                                                                           QDir::homePath()))
                                         .toString()
                                   : QDir::homePath();
    r.path = QDir(dir).filePath(defaultFileName(r.format));
    setRequest(r);
}

void ExportDialog::saveChoices() const
{
    if (!m_settings)
        return;
    const ExportRequest r = request();
    QSettings &s = *m_settings;
    s.setValue(key("format"), ExportRequest::formatKey(r.format));
    s.setValue(key("scope"), int(r.scope));
    s.setValue(key("tracks"), int(r.tracks));
    s.setValue(key("tables"), r.tables);
    s.setValue(key("htaCompat"), r.htaCompat);
    s.setValue(key("counters"), r.counters);
    s.setValue(key("criticalPath"), r.criticalPath);
    s.setValue(key("pngCurrentView"), r.pngCurrentView);
    s.setValue(key("pngSize"), r.pngSize);
    s.setValue(key("pngScale"), r.pngScale);
    // A CSV folder's parent is where the next export starts, as for files.
    s.setValue(key("directory"), QFileInfo(r.path).absolutePath());
}

QString ExportDialog::defaultFileName(ExportRequest::Format f) const
{
    switch (f) {
    case ExportRequest::Format::Csv: return m_baseName + QStringLiteral("-tables");
    case ExportRequest::Format::Xlsx: return m_baseName + QStringLiteral("-report.xlsx");
    case ExportRequest::Format::ChromeJson: return m_baseName + QStringLiteral("-export.json.gz");
    case ExportRequest::Format::Png: return m_baseName + QStringLiteral("-timeline.png");
    case ExportRequest::Format::Sqlite: return m_baseName + QStringLiteral(".sqlite");
    }
    return m_baseName;
}

void ExportDialog::onFormatChanged()
{
    const ExportRequest r = request();
    const bool tables = r.format == ExportRequest::Format::Csv || r.format == ExportRequest::Format::Xlsx;
    m_tablesBox->setVisible(tables);
    m_tracksBox->setVisible(r.format == ExportRequest::Format::ChromeJson || r.format == ExportRequest::Format::Png);
    m_pngBox->setVisible(r.format == ExportRequest::Format::Png);
    m_counters->setVisible(r.format == ExportRequest::Format::ChromeJson);
    m_criticalPath->setVisible(r.format == ExportRequest::Format::ChromeJson);
    // the database holds the whole trace and every analysis: a scope would not apply
    m_scopeBox->setVisible(r.format != ExportRequest::Format::Sqlite);
    // A new format gets a file name of its own kind in the same folder.
    if (m_lastFormat != m_format->currentIndex()) {
        const QString dir = QFileInfo(m_path->text()).absolutePath();
        m_path->setText(QDir(dir.isEmpty() ? QDir::homePath() : dir).filePath(defaultFileName(r.format)));
        m_lastFormat = m_format->currentIndex();
    }
    updatePathSuffix();
}

void ExportDialog::updatePathSuffix()
{
    const ExportRequest r = request();
    switch (r.format) {
    case ExportRequest::Format::Csv:
        m_pathHint->setText(r.tables.size() == 1
                                ? tr("One table: a .csv file, or a folder that receives %1.csv.").arg(r.tables.first())
                                : tr("A folder that receives one NAME.csv per table (created if missing)."));
        break;
    case ExportRequest::Format::Xlsx: m_pathHint->setText(tr("An Excel workbook (.xlsx).")); break;
    case ExportRequest::Format::ChromeJson:
        m_pathHint->setText(tr(".json, or .json.gz for a gzip-compressed file; opens in Accelscope, Perfetto and chrome://tracing."));
        break;
    case ExportRequest::Format::Png: m_pathHint->setText(tr("A PNG image.")); break;
    case ExportRequest::Format::Sqlite:
        m_pathHint->setText(tr("The whole trace and every analysis as SQL tables (docs/sql.md), for SQLite, pandas or DuckDB."));
        break;
    }
}

void ExportDialog::browse()
{
    const ExportRequest r = request();
    QString chosen;
    if (r.format == ExportRequest::Format::Csv && r.tables.size() != 1) {
        chosen = QFileDialog::getExistingDirectory(this, tr("Export CSV tables into"), QFileInfo(r.path).absolutePath());
    } else {
        QString filter;
        switch (r.format) {
        case ExportRequest::Format::Csv: filter = tr("CSV files (*.csv)"); break;
        case ExportRequest::Format::Xlsx: filter = tr("Excel workbooks (*.xlsx)"); break;
        case ExportRequest::Format::ChromeJson: filter = tr("Chrome JSON traces (*.json *.json.gz)"); break;
        case ExportRequest::Format::Png: filter = tr("PNG images (*.png)"); break;
        case ExportRequest::Format::Sqlite: filter = tr("SQLite databases (*.sqlite *.db)"); break;
        }
        chosen = QFileDialog::getSaveFileName(this, tr("Export to"), r.path, filter, nullptr,
                                              QFileDialog::DontConfirmOverwrite);
    }
    if (!chosen.isEmpty())
        m_path->setText(chosen);
}

void ExportDialog::accept()
{
    ExportRequest r = request();
    QString problem;
    if (r.path.isEmpty())
        problem = tr("Choose where to export.");
    else if ((r.format == ExportRequest::Format::Csv || r.format == ExportRequest::Format::Xlsx) && r.tables.isEmpty())
        problem = tr("Choose at least one table.");
    if (!problem.isEmpty()) {
        QMessageBox::warning(this, tr("Export"), problem);
        return;
    }
    // Give files the format's suffix when the user typed none (a CSV folder has none).
    const bool csvFolder = r.format == ExportRequest::Format::Csv && !r.path.endsWith(QLatin1String(".csv"));
    if (!csvFolder && QFileInfo(r.path).suffix().isEmpty()) {
        m_path->setText(r.path + suffixOf(r.format));
        r = request();
    }
    const QFileInfo fi(r.path);
    if (!csvFolder && fi.exists() && fi.isDir()) {
        QMessageBox::warning(this, tr("Export"), tr("%1 is a folder; choose a file name.").arg(r.path));
        return;
    }
    if (!csvFolder && fi.exists()) {
        const auto answer = QMessageBox::question(this, tr("Export"), tr("%1 exists. Replace it?").arg(fi.fileName()));
        if (answer != QMessageBox::Yes)
            return;
    }
    saveChoices();
    QDialog::accept();
}

} // namespace accelscope::app
