#include "views/search/searchbar.h"

#include "views/document.h"
#include "views/jobrunner.h"

#include <QAction>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QToolButton>

namespace accelscope::views {

SearchBar::SearchBar(Document *doc, QWidget *parent)
    : QWidget(parent)
    , m_doc(doc)
    , m_jobs(new JobRunner(this))
{
    auto *lay = new QHBoxLayout(this);
    lay->setContentsMargins(4, 2, 4, 2);
    lay->setSpacing(4);
    m_edit = new QLineEdit(this);
    m_edit->setPlaceholderText(tr("Search slice names (Enter: next, Shift+Enter: previous)"));
    m_edit->setClearButtonEnabled(true);
    m_edit->installEventFilter(this);
    lay->addWidget(m_edit, 1);

    auto toggle = [this](const QString &text, const QString &tip) {
        auto *b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setCheckable(true);
        b->setAutoRaise(true);
        return b;
    };
    m_case = toggle(tr("Aa"), tr("Match case"));
    m_regex = toggle(tr(".*"), tr("Regular expression"));
    lay->addWidget(m_case);
    lay->addWidget(m_regex);
    m_status = new QLabel(this);
    m_status->setMinimumWidth(110);
    lay->addWidget(m_status);
    auto button = [this](const QString &text, const QString &tip) {
        auto *b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setAutoRaise(true);
        return b;
    };
    m_prev = button(QStringLiteral("\u25b2"), tr("Previous match (Shift+Enter)"));
    m_next = button(QStringLiteral("\u25bc"), tr("Next match (Enter)"));
    m_close = button(QStringLiteral("\u2715"), tr("Close (Esc)"));
    lay->addWidget(m_prev);
    lay->addWidget(m_next);
    lay->addWidget(m_close);

    m_find = new QAction(tr("&Find..."), this);
    m_find->setShortcut(QKeySequence::Find);
    connect(m_find, &QAction::triggered, this, &SearchBar::activate);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &SearchBar::startSearch);
    connect(m_edit, &QLineEdit::textChanged, this, [this] { m_debounce.start(); });
    connect(m_case, &QToolButton::toggled, this, &SearchBar::startSearch);
    connect(m_regex, &QToolButton::toggled, this, &SearchBar::startSearch);
    connect(m_prev, &QToolButton::clicked, this, &SearchBar::findPrevious);
    connect(m_next, &QToolButton::clicked, this, &SearchBar::findNext);
    connect(m_close, &QToolButton::clicked, this, &SearchBar::closeBar);
    connect(m_doc, &Document::traceChanged, this, [this] {
        if (!m_edit->text().isEmpty())
            startSearch();
    });
    connect(m_doc, &Document::searchResultsChanged, this, &SearchBar::updateStatus);
    connect(m_doc, &Document::currentMatchChanged, this, &SearchBar::updateStatus);
    updateStatus();
}

SearchBar::~SearchBar() = default;

SearchQuery SearchBar::query() const
{
    return {m_edit->text(), m_regex->isChecked(), m_case->isChecked()};
}

void SearchBar::setQuery(const SearchQuery &q)
{
    const QSignalBlocker b1(m_regex), b2(m_case);
    m_regex->setChecked(q.regex);
    m_case->setChecked(q.caseSensitive);
    m_edit->setText(q.text);
    m_debounce.stop();
    startSearch();
}

void SearchBar::activate()
{
    show();
    m_edit->setFocus(Qt::ShortcutFocusReason);
    m_edit->selectAll();
}

void SearchBar::closeBar()
{
    m_debounce.stop();
    m_jobs->cancel();
    m_pendingStep = 0;
    if (m_doc->searchResults())
        m_doc->setSearchResults(nullptr);
    hide();
    Q_EMIT closed();
}

void SearchBar::startSearch()
{
    m_debounce.stop();
    m_jobs->cancel();
    const SearchQuery q = query();
    const model::TracePtr trace = m_doc->trace();
    if (q.isEmpty() || !trace) {
        m_pendingStep = 0;
        if (m_doc->searchResults())
            m_doc->setSearchResults(nullptr);
        updateStatus();
        return;
    }
    m_status->setText(tr("Searching\u2026"));
    // A previous search may still run: it was asked to stop and its result is dropped.
    m_jobs->run<std::shared_ptr<const SearchResults>>(
        [trace, q](std::stop_token stop) { return runSearch(*trace, q, stop); },
        [this](std::shared_ptr<const SearchResults> results) { onResult(std::move(results)); });
}

void SearchBar::onResult(std::shared_ptr<const SearchResults> results)
{
    if (!results)
        return;
    m_doc->setSearchResults(std::move(results));
    if (m_pendingStep != 0) {
        const int dir = m_pendingStep;
        m_pendingStep = 0;
        step(dir);
    }
}

bool SearchBar::isSearching() const
{
    return m_debounce.isActive() || m_jobs->isRunning();
}

void SearchBar::findNext()
{
    step(+1);
}

void SearchBar::findPrevious()
{
    step(-1);
}

void SearchBar::step(int direction)
{
    auto res = m_doc->searchResults();
    const bool stale = !res || !(res->query == query());
    if (stale || isSearching()) {
        m_pendingStep = direction;
        if (m_debounce.isActive() || (stale && !m_jobs->isRunning()))
            startSearch();
        return;
    }
    const int n = static_cast<int>(res->matches.size());
    if (n == 0)
        return;
    int cur = m_doc->currentMatch();
    int next;
    if (cur < 0) {
        // start from the left edge of the view, like Perfetto
        const auto first = static_cast<int>(res->firstAtOrAfter(m_doc->visibleRange().start));
        next = direction > 0 ? (first < n ? first : 0) : (first > 0 ? first - 1 : n - 1);
    } else {
        next = ((cur + direction) % n + n) % n;
    }
    m_doc->setCurrentMatch(next);
}

QString SearchBar::statusText() const
{
    return m_status->text();
}

void SearchBar::updateStatus()
{
    auto res = m_doc->searchResults();
    QPalette pal = m_status->palette();
    pal.setColor(QPalette::WindowText, palette().color(QPalette::WindowText));
    if (!res || res->query.isEmpty()) {
        m_status->setText(m_edit->text().isEmpty() ? QString() : m_status->text());
    } else if (!res->error.isEmpty()) {
        m_status->setText(tr("Invalid pattern"));
        m_status->setToolTip(res->error);
        pal.setColor(QPalette::WindowText, QColor(0xc6, 0x28, 0x28));
    } else if (res->totalMatches == 0) {
        m_status->setText(tr("No matches"));
        m_status->setToolTip(QString());
        pal.setColor(QPalette::WindowText, QColor(0xc6, 0x28, 0x28));
    } else {
        const QLocale loc;
        const int cur = m_doc->currentMatch();
        const QString total = loc.toString(static_cast<qulonglong>(res->totalMatches));
        m_status->setText(cur >= 0 ? tr("%1 of %2").arg(loc.toString(cur + 1), total)
                                   : res->totalMatches == 1 ? tr("1 match") : tr("%1 matches").arg(total));
        m_status->setToolTip(res->truncated ? tr("Only the first %1 matches can be stepped through")
                                                  .arg(loc.toString(static_cast<qulonglong>(SearchResults::kMaxListed)))
                                            : QString());
    }
    m_status->setPalette(pal);
    const bool any = res && !res->matches.empty();
    m_prev->setEnabled(any);
    m_next->setEnabled(any);
}

bool SearchBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::ShortcutOverride) {
        // Esc and Enter belong to the search field, not to window shortcuts (Esc clears the
        // selection elsewhere).
        auto *k = static_cast<QKeyEvent *>(event);
        if (k->key() == Qt::Key_Escape || k->key() == Qt::Key_Return || k->key() == Qt::Key_Enter) {
            k->accept();
            return true;
        }
    }
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        auto *k = static_cast<QKeyEvent *>(event);
        if (k->key() == Qt::Key_Return || k->key() == Qt::Key_Enter) {
            step((k->modifiers() & Qt::ShiftModifier) ? -1 : +1);
            return true;
        }
        if (k->key() == Qt::Key_Escape) {
            closeBar();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace accelscope::views
