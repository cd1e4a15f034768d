// ExportDialog: File ▸ Export… — what to export (CSV tables, XLSX report, Chrome JSON trace,
// PNG of the timeline, the SQL schema as an SQLite database), its scope (whole trace, visible range, selected range), which tables
// or sheets, which tracks, and where. It only collects an ExportRequest; ExportRunner does the
// work. The last choices are remembered in QSettings (group "export/").
#pragma once

#include "views/document.h"

#include <QDialog>
#include <QSize>
#include <QStringList>

#include <optional>

class QButtonGroup;
class QGroupBox;
class QHBoxLayout;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QRadioButton;
class QSettings;
class QSpinBox;
class QStackedWidget;
class QWidget;

namespace accelscope::app {

struct ExportRequest {
    enum class Format { Csv, Xlsx, ChromeJson, Png, Sqlite };
    enum class Scope { Whole, Visible, Selected };
    enum class Tracks { All, Visible, Pinned };

    Format format = Format::Xlsx;
    Scope scope = Scope::Whole;
    Tracks tracks = Tracks::All;     ///< Chrome JSON and PNG
    QStringList tables;              ///< CSV / XLSX: report table names (model/export/reportexport.h)
    QString path;                    ///< file, or folder for several CSV tables
    bool htaCompat = false;          ///< CSV / XLSX: HTA's numbers instead of Accelscope's
    bool counters = false;           ///< Chrome JSON: add queue length and copy bandwidth counter series
    bool criticalPath = false;       ///< Chrome JSON: overlay the critical path (marked slices, its edges as flows)
    bool pngCurrentView = true;      ///< PNG: the frame as shown; else pngSize
    QSize pngSize{1920, 1080};
    int pngScale = 1;                ///< 1 or 2 output pixels per logical pixel

    /// The time range of the scope, or nullopt for the whole trace.
    std::optional<views::TimeRange> range(const views::Document &doc) const;
    static QString formatKey(Format f);
    static std::optional<Format> parseFormat(const QString &key);
};

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    /// `settings` (not owned) keeps the last choices; the document gives the scope's ranges.
    /// `baseName` names the suggested files ("rank0" → rank0-report.xlsx).
    ExportDialog(const views::Document *doc, QSettings *settings, const QString &baseName, QWidget *parent = nullptr);

    ExportRequest request() const;
    void setRequest(const ExportRequest &r);
    /// Saves the current choices (done on accept).
    void saveChoices() const;

    // introspection for tests
    QComboBox *formatBox() const { return m_format; }
    QListWidget *tableList() const { return m_tables; }
    QLineEdit *pathEdit() const { return m_path; }
    QRadioButton *scopeButton(ExportRequest::Scope s) const;

    void accept() override;

private:
    void onFormatChanged();
    void browse();
    void updatePathSuffix();
    QString defaultFileName(ExportRequest::Format f) const;
    // the constructor's parts, in the order the widgets are created (the tab order)
    QGroupBox *createScopeBox();
    void createTablesBox();
    void createTracksBox();
    void createPictureBox();
    QHBoxLayout *createDestinationRow();
    void loadChoices();

    const views::Document *m_doc;
    QSettings *m_settings;
    QString m_baseName;
    QComboBox *m_format = nullptr;
    QButtonGroup *m_scopeGroup = nullptr;
    QRadioButton *m_scopeWhole = nullptr, *m_scopeVisible = nullptr, *m_scopeSelected = nullptr;
    QWidget *m_scopeBox = nullptr;
    QWidget *m_tablesBox = nullptr;
    QListWidget *m_tables = nullptr;
    QCheckBox *m_htaCompat = nullptr;
    QWidget *m_tracksBox = nullptr;
    QComboBox *m_tracks = nullptr;
    QCheckBox *m_counters = nullptr;
    QCheckBox *m_criticalPath = nullptr;
    QWidget *m_pngBox = nullptr;
    QRadioButton *m_pngCurrent = nullptr, *m_pngCustom = nullptr;
    QSpinBox *m_pngWidth = nullptr, *m_pngHeight = nullptr;
    QComboBox *m_pngScale = nullptr;
    QLineEdit *m_path = nullptr;
    QLabel *m_pathHint = nullptr;
    int m_lastFormat = -1;
};

} // namespace accelscope::app
