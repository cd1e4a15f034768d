// DiagnosticsModel: the trace's recoverable problems as a table for the Diagnostics dock.
// Descriptions come from model/diagnostics_catalogue.h and are translated in the "Diagnostics"
// context here, where they are shown (conventions item 16).
#pragma once

#include "model/trace.h"

#include <QAbstractTableModel>

namespace accelscope::app {

class DiagnosticsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SeverityColumn, ProblemColumn, CountColumn, FileColumn, PositionColumn, DetailColumn, ColumnCount };
    /// Sort role: numbers for count/position/severity, text otherwise.
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit DiagnosticsModel(QObject *parent = nullptr);

    void setTrace(model::TracePtr trace);
    /// Number of diagnostics with severity Warning or DataLoss (the banner's "N warnings").
    static int warningCount(const model::Trace &trace);

    /// Translated description of a kind ("Diagnostics" context).
    static QString describe(model::DiagKind kind);
    static QString severityText(model::Severity severity);
    /// "byte 1234" / "line 12".
    static QString positionText(quint64 position, bool isLine);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Re-emits the header and all data (after a language change).
    void retranslate();

private:
    model::TracePtr m_trace;
};

} // namespace accelscope::app
