// SearchResultsPanel: the content of the Search Results dock. A summary line ("12 matches for
// “nccl”") over the list of matches in time order; activating a row makes it the Document's
// current match (selects it and zooms to it), and stepping with Enter in the search bar moves
// the list's current row along.
#pragma once

#include <QWidget>

class QLabel;
class QTreeView;

namespace accelscope::views {
class Document;
}

namespace accelscope::app {

class SearchResultsModel;

class SearchResultsPanel : public QWidget {
    Q_OBJECT
public:
    explicit SearchResultsPanel(views::Document *doc, QWidget *parent = nullptr);

    SearchResultsModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }
    QString summary() const;

Q_SIGNALS:
    /// A search finished with at least one match (the window may show the dock).
    void resultsArrived();

private:
    views::Document *m_doc;
    SearchResultsModel *m_model = nullptr;
    QLabel *m_summary = nullptr;
    QTreeView *m_view = nullptr;
};

} // namespace accelscope::app
