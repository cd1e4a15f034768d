// DiagnosticsPanel: the content of the Diagnostics dock, a sortable table of the trace's
// recoverable problems (most severe first) over DiagnosticsModel.
#pragma once

#include "model/trace.h"

#include <QTreeView>

namespace accelscope::app {

class DiagnosticsModel;

class DiagnosticsPanel : public QTreeView {
    Q_OBJECT
public:
    explicit DiagnosticsPanel(QWidget *parent = nullptr);

    void setTrace(model::TracePtr trace);
    DiagnosticsModel *diagnosticsModel() const { return m_model; }

private:
    DiagnosticsModel *m_model = nullptr;
};

} // namespace accelscope::app
