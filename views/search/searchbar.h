// SearchBar: Ctrl+F search over slice names (substring, or regular expression), with the
// match count, Enter / Shift+Enter stepping through matches in time order (each step selects
// the match and zooms to it), and the matches highlighted in the timeline (through the
// Document's search results, which the timeline reads). The search runs on a JobRunner;
// a newer query cancels an older one and stale results are dropped (generation number).
#pragma once

#include "views/search/searchengine.h"

#include <QTimer>
#include <QWidget>

#include <memory>
#include <stop_token>

class QAction;
class QLabel;
class QLineEdit;
class QToolButton;

namespace accelscope::views {

class Document;
class JobRunner;

class SearchBar : public QWidget {
    Q_OBJECT
public:
    explicit SearchBar(Document *doc, QWidget *parent = nullptr);
    ~SearchBar() override;

    /// "Find" (Ctrl+F). Add it to the main window (or a menu) so the shortcut works there;
    /// it shows the bar and focuses the text field.
    QAction *findAction() const { return m_find; }

    QLineEdit *lineEdit() const { return m_edit; }
    QString statusText() const;
    SearchQuery query() const;
    void setQuery(const SearchQuery &q);
    /// True from an edit of the query until its results are in the Document.
    bool isSearching() const;

public Q_SLOTS:
    void activate();
    void findNext();
    void findPrevious();
    void closeBar();

Q_SIGNALS:
    void closed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void startSearch();
    void onResult(std::shared_ptr<const SearchResults> results);
    void step(int direction);
    void updateStatus();

    Document *m_doc;
    QLineEdit *m_edit = nullptr;
    QToolButton *m_regex = nullptr;
    QToolButton *m_case = nullptr;
    QToolButton *m_prev = nullptr;
    QToolButton *m_next = nullptr;
    QToolButton *m_close = nullptr;
    QLabel *m_status = nullptr;
    QAction *m_find = nullptr;
    QTimer m_debounce;
    JobRunner *m_jobs = nullptr;
    int m_pendingStep = 0; ///< Enter pressed while the search was still running
};

} // namespace accelscope::views
