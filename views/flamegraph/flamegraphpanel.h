// FlameGraphPanel: the `call-tree` analysis (model/analysis/common/calltree.h) of the Document's selected
// time range and tracks, drawn as an icicle (roots on top) or a flame graph (roots at the bottom)
// with the timeline's slice colours. Hovering a frame shows its count, total and self time;
// clicking it emits frameActivated(name) so the window can highlight its instances in the
// timeline. Computed off the GUI thread by an AnalysisRunner; a newer selection supersedes it.
#pragma once

#include "views/panels/selectionanalysis.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;

namespace accelscope::model::analysis {
class Table;
} // namespace accelscope::model::analysis

namespace accelscope::views {

class Document;

/// The painted frames of a call-tree table.
class FlameGraphView : public QWidget {
    Q_OBJECT
public:
    explicit FlameGraphView(QWidget *parent = nullptr);
    void setTable(std::shared_ptr<const model::analysis::Table> table);
    void setFlame(bool bottomUp);
    bool isFlame() const { return m_flame; }

    /// A frame's place in [0, 1] of the width and its table row.
    struct Frame {
        double x0 = 0, x1 = 0;
        int depth = 0;
        std::size_t row = 0;
    };
    const std::vector<Frame> &frames() const { return m_frames; }
    /// The frame under a widget position, or -1.
    int frameAt(QPoint pos) const;
    QRectF frameRect(const Frame &f) const;
    QSize sizeHint() const override;

Q_SIGNALS:
    void frameClicked(const QString &name);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    int rowHeight() const;
    std::shared_ptr<const model::analysis::Table> m_table;
    std::vector<Frame> m_frames;
    int m_maxDepth = 0;
    int m_hover = -1;
    bool m_flame = false;
};

class FlameGraphPanel : public QWidget {
    Q_OBJECT
public:
    explicit FlameGraphPanel(Document *doc, QWidget *parent = nullptr);
    ~FlameGraphPanel() override;

    FlameGraphView *view() const { return m_view; }
    QString summaryText() const;
    bool isComputing() const;
    /// The shown table's folded stacks ("a;b;c SELF_NS" lines), as `analyze call-tree --format folded`.
    QString foldedStacks() const;

Q_SIGNALS:
    void frameActivated(const QString &name);
    void tableChanged();

private:
    void start();
    void apply(std::shared_ptr<const model::analysis::Table> table);

    Document *m_doc;
    FlameGraphView *m_view = nullptr;
    QLabel *m_summary = nullptr;
    QComboBox *m_mode = nullptr;
    SelectionAnalysis m_analysis;
    std::shared_ptr<const model::analysis::Table> m_table;
};

} // namespace accelscope::views
