// AnalysisPanel: a dockable table of one analysis (or a chooser of several): sortable,
// filterable, computed off the GUI thread, restricted to the timeline's selected range,
// and linked to the timeline: selecting a row reveals its slice, Next/Previous step through
// the occurrences of the row's kernel, and a slice selected in the timeline selects its row.
#pragma once

#include "analysistablemodel.h"

#include "model/analysis/analyses.h"

#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSplitter;
class QTableView;
class QTimer;
class QToolButton;

namespace accelscope::views {

class AnalysisChartView;
class AnalysisHub;
class AnalysisRunner;

/// What an analysis with no rows says about why: its table's notes, translated as the status
/// line shows them, one per line; a general sentence when the table gives no reason.
QString emptyTableText(const model::analysis::Table &table);

class AnalysisPanel : public QWidget {
    Q_OBJECT
public:
    /// `analyses`: names from model::analysis::analyses() this panel offers (one name: no
    /// chooser; empty: all of them).
    explicit AnalysisPanel(AnalysisHub *hub, const QStringList &analyses = {}, QWidget *parent = nullptr);
    ~AnalysisPanel() override;

    QString currentAnalysis() const;
    void setCurrentAnalysis(const QString &name);
    /// The chooser's text for `analysis` instead of its title ("Group by operator + input shape"
    /// where the analyses are groupings of one view).
    void setChoiceText(const QString &analysis, const QString &text);

    /// Restrict to the document's selected time range when there is one (default on).
    bool followsSelectedRange() const;
    void setFollowsSelectedRange(bool on);
    /// -1 = all ranks.
    int rank() const { return m_rank; }
    void setRank(int rank);

    /// The table shown (null before the first result).
    std::shared_ptr<const model::analysis::Table> table() const { return m_model->table(); }
    bool isBusy() const;
    QTableView *view() const { return m_view; }
    AnalysisTableModel *tableModel() const { return m_model; }
    AnalysisSortFilterProxy *proxy() const { return m_proxy; }
    /// Occurrences of the selected row's kernel and the one shown (-1: none shown yet).
    const std::vector<model::SliceRef> &occurrences() const { return m_occurrences; }
    int currentOccurrence() const { return m_occurrence; }
    /// The chart above the table (hidden when the analysis has none or the user hid it).
    AnalysisChartView *chartView() const { return m_chart; }
    /// In place of the chart while the table has no rows: why (emptyTableText()).
    QLabel *emptyNote() const { return m_emptyNote; }
    bool isChartShown() const;
    void setChartShown(bool on);
    /// The panel's picture: the chart (when shown) above the table as shown. Written
    /// completely or not at all.
    bool savePng(const QString &path);
    /// The options the next computation uses (range, rank, HTA mode, rules).
    model::analysis::AnalysisOptions currentOptions() const;
    /// Small charts of other analyses beside the main chart while `whenShowing` is the analysis
    /// shown (the Trace Analysis dock: overlap and steps beside the temporal breakdown, so one
    /// look answers how busy each rank is, how much communication is hidden and which step is
    /// slow). Computed with the panel's options from the analyses' own tables; a click on one
    /// shows that analysis in the panel.
    void setCompanionCharts(const QString &whenShowing, const QStringList &analyses);
    /// The companion charts, in the order given (empty without companions).
    QList<AnalysisChartView *> companionCharts() const;

public Q_SLOTS:
    /// Recomputes (off the GUI thread).
    void refresh();
    void nextOccurrence();
    void previousOccurrence();
    void copyCsv();
    void saveCsv();
    void savePngInteractive();

Q_SIGNALS:
    /// A new result is shown.
    void tableChanged();

private:
    void onResult(std::shared_ptr<const model::analysis::Table> table);
    void onCurrentRowChanged();
    void revealRowTime(int sourceRow);
    void onDocumentSliceChanged(model::SliceRef slice);
    void showOccurrence(int index);
    void updateStatus();
    void rebuildRankChoices();
    /// Redraws the chart from the table's rows as the view shows them (filtered, sorted).
    void updateChart();
    void onChartRowClicked(int sourceRow);
    /// Recomputes the companion charts (only while their analysis is shown).
    void refreshCompanions();
    /// Shows the row of charts while the main chart or a companion has something to draw.
    void updateChartRow();

    struct Companion {
        QString analysis;
        AnalysisRunner *runner = nullptr;
        AnalysisChartView *chart = nullptr;
    };

    AnalysisHub *m_hub;
    AnalysisRunner *m_runner;
    AnalysisTableModel *m_model;
    AnalysisSortFilterProxy *m_proxy;
    QTableView *m_view;
    QComboBox *m_chooser;
    QComboBox *m_rankBox;
    QLineEdit *m_filter;
    QCheckBox *m_rangeBox;
    QCheckBox *m_htaBox;
    QCheckBox *m_tbBox; ///< shown for the PyTorch profiler views (tb-*) only
    QToolButton *m_rulesButton;
    QToolButton *m_prev;
    QToolButton *m_next;
    QLabel *m_status;
    AnalysisChartView *m_chart;
    QLabel *m_emptyNote = nullptr;
    QWidget *m_chartRow = nullptr;        ///< the main chart, the companions' column beside it
    QWidget *m_companionColumn = nullptr;
    std::vector<Companion> m_companions;
    QString m_companionsWith;
    QSplitter *m_splitter;
    QTimer *m_chartDebounce;
    QAction *m_chartAction;
    bool m_chartSized = false;
    QTimer *m_rangeDebounce;
    QStringList m_names;
    int m_rank = -1;
    bool m_syncing = false;
    std::vector<model::SliceRef> m_occurrences;
    int m_occurrence = -1;
    model::StringId m_occurrenceName = model::kEmptyString;
};

} // namespace accelscope::views
