#include "app/gui/queryeditor.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QRegularExpression>
#include <QScrollBar>
#include <QStringListModel>
#include <QSyntaxHighlighter>
#include <QTextBlock>

#include <algorithm>

namespace accelscope::app {

namespace {

/// SQLite's words a query over the trace uses; enough to read a statement at a glance, not the
/// whole grammar (an unknown keyword just stays uncoloured).
constexpr const char *kKeywords[] = {
    "abs", "all", "and", "as", "asc", "avg", "between", "by", "case", "cast", "coalesce", "count", "create", "cross",
    "cume_dist", "delete", "dense_rank", "desc", "distinct", "drop", "else", "end", "escape", "except", "exists",
    "explain", "first_value", "from", "glob", "group", "group_concat", "having", "ifnull", "in", "inner", "insert",
    "intersect", "is", "join", "lag", "last_value", "lead", "left", "length", "like", "limit", "lower", "max", "min",
    "natural", "not", "ntile", "null", "nullif", "offset", "on", "or", "order", "outer", "over", "partition",
    "percent_rank", "pragma", "printf", "range", "rank", "recursive", "replace", "round", "row_number", "rows",
    "select", "substr", "sum", "table", "temp", "then", "total", "union", "upper", "using", "values", "view", "when",
    "where", "window", "with",
};

class SqlHighlighter : public QSyntaxHighlighter {
public:
    explicit SqlHighlighter(QTextDocument *doc) : QSyntaxHighlighter(doc)
    {
        // Colours that read on the light and the dark theme alike.
        m_keyword.setForeground(QColor(0x3b, 0x82, 0xf6));
        m_keyword.setFontWeight(QFont::Bold);
        m_string.setForeground(QColor(0x16, 0xa3, 0x4a));
        m_number.setForeground(QColor(0xd9, 0x77, 0x06));
        m_comment.setForeground(QColor(0x8b, 0x93, 0xa1));
        m_comment.setFontItalic(true);
        QStringList words;
        for (const char *k : kKeywords)
            words << QLatin1String(k);
        m_keywords = QRegularExpression(QStringLiteral("\\b(?:") + words.join(QLatin1Char('|')) + QStringLiteral(")\\b"),
                                        QRegularExpression::CaseInsensitiveOption);
    }

protected:
    void highlightBlock(const QString &text) override
    {
        static const QRegularExpression number(QStringLiteral("\\b(?:0x[0-9a-fA-F]+|\\d+(?:\\.\\d*)?(?:[eE][-+]?\\d+)?)\\b"));
        for (auto it = m_keywords.globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            setFormat(int(m.capturedStart()), int(m.capturedLength()), m_keyword);
        }
        for (auto it = number.globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            setFormat(int(m.capturedStart()), int(m.capturedLength()), m_number);
        }
        // Strings and comments last, scanned left to right, so that a quote inside a comment or
        // "--" inside a string is taken for what it is. State 1: inside a /* */ comment.
        int i = 0;
        const int n = int(text.size());
        setCurrentBlockState(0);
        if (previousBlockState() == 1) {
            const int close = int(text.indexOf(QLatin1String("*/")));
            const int end = close < 0 ? n : close + 2;
            setFormat(0, end, m_comment);
            if (close < 0) {
                setCurrentBlockState(1);
                return;
            }
            i = end;
        }
        while (i < n) {
            const QChar c = text[i];
            if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
                int j = i + 1;
                while (j < n && !(text[j] == c && (j + 1 >= n || text[j + 1] != c)))
                    j += text[j] == c ? 2 : 1; // '' is a quote inside the string
                const int end = std::min(n, j + 1);
                setFormat(i, end - i, c == QLatin1Char('\'') ? m_string : QTextCharFormat());
                i = end;
            } else if (c == QLatin1Char('-') && i + 1 < n && text[i + 1] == QLatin1Char('-')) {
                setFormat(i, n - i, m_comment);
                return;
            } else if (c == QLatin1Char('/') && i + 1 < n && text[i + 1] == QLatin1Char('*')) {
                const int close = int(text.indexOf(QLatin1String("*/"), i + 2));
                const int end = close < 0 ? n : close + 2;
                setFormat(i, end - i, m_comment);
                if (close < 0) {
                    setCurrentBlockState(1);
                    return;
                }
                i = end;
            } else {
                ++i;
            }
        }
    }

private:
    QRegularExpression m_keywords;
    QTextCharFormat m_keyword, m_string, m_number, m_comment;
};

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}

} // namespace

QueryEditor::QueryEditor(QWidget *parent) : QPlainTextEdit(parent)
{
    setObjectName(QStringLiteral("queryEditor"));
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    setFont(mono);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 4);
    new SqlHighlighter(document());

    m_words = new QStringListModel(this);
    m_completer = new QCompleter(m_words, this);
    m_completer->setWidget(this);
    m_completer->setCompletionMode(QCompleter::PopupCompletion);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setModelSorting(QCompleter::CaseInsensitivelySortedModel);
    connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this, &QueryEditor::insertCompletion);
}

void QueryEditor::setCompletionWords(const QStringList &words)
{
    QStringList sorted = words;
    sorted.removeDuplicates();
    std::sort(sorted.begin(), sorted.end(), [](const QString &a, const QString &b) {
        return a.compare(b, Qt::CaseInsensitive) < 0;
    });
    m_words->setStringList(sorted);
}

QStringList QueryEditor::completionWords() const
{
    return m_words->stringList();
}

void QueryEditor::setHistory(const QStringList &history)
{
    m_history = history;
    m_historyIndex = -1;
}

void QueryEditor::stepHistory(int direction)
{
    const int next = std::clamp(m_historyIndex + direction, -1, int(m_history.size()) - 1);
    if (next == m_historyIndex)
        return;
    if (m_historyIndex == -1)
        m_draft = toPlainText();
    m_historyIndex = next;
    setPlainText(next < 0 ? m_draft : m_history[next]);
    moveCursor(QTextCursor::End);
}

void QueryEditor::moveCursorTo(int line, int column)
{
    const QTextBlock block = document()->findBlockByNumber(std::max(0, line - 1));
    if (!block.isValid())
        return;
    QTextCursor cursor(block);
    cursor.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, std::clamp(column - 1, 0, block.length() - 1));
    setTextCursor(cursor);
    ensureCursorVisible();
    setFocus();
}

QString QueryEditor::wordBeforeCursor() const
{
    const QTextCursor cursor = textCursor();
    const QString line = cursor.block().text();
    int start = cursor.positionInBlock();
    while (start > 0 && isWordChar(line[start - 1]))
        --start;
    return line.mid(start, cursor.positionInBlock() - start);
}

void QueryEditor::insertCompletion(const QString &word)
{
    QTextCursor cursor = textCursor();
    cursor.movePosition(QTextCursor::Left, QTextCursor::KeepAnchor, int(wordBeforeCursor().size()));
    cursor.insertText(word);
    setTextCursor(cursor);
}

void QueryEditor::showCompletions(bool forced)
{
    const QString prefix = wordBeforeCursor();
    if ((!forced && prefix.size() < 2) || m_words->rowCount() == 0) {
        m_completer->popup()->hide();
        return;
    }
    if (prefix != m_completer->completionPrefix())
        m_completer->setCompletionPrefix(prefix);
    // nothing to offer, or only the word already typed
    if (m_completer->completionCount() == 0 ||
        (m_completer->completionCount() == 1 && m_completer->currentCompletion().compare(prefix, Qt::CaseInsensitive) == 0)) {
        m_completer->popup()->hide();
        return;
    }
    m_completer->popup()->setCurrentIndex(m_completer->completionModel()->index(0, 0));
    QRect rect = cursorRect();
    rect.setWidth(m_completer->popup()->sizeHintForColumn(0) + m_completer->popup()->verticalScrollBar()->sizeHint().width());
    m_completer->complete(rect);
}

void QueryEditor::focusInEvent(QFocusEvent *event)
{
    m_completer->setWidget(this);
    QPlainTextEdit::focusInEvent(event);
}

void QueryEditor::keyPressEvent(QKeyEvent *event)
{
    const bool popup = m_completer->popup()->isVisible();
    if (popup) {
        switch (event->key()) {
        case Qt::Key_Enter:
        case Qt::Key_Return:
        case Qt::Key_Escape:
        case Qt::Key_Tab:
        case Qt::Key_Backtab:
            if (!(event->modifiers() & Qt::ControlModifier)) {
                event->ignore(); // the completer's popup takes these
                return;
            }
            break;
        default: break;
        }
    }
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    if (ctrl && (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter)) {
        m_completer->popup()->hide();
        Q_EMIT runRequested();
        return;
    }
    if (ctrl && (event->key() == Qt::Key_Up || event->key() == Qt::Key_Down)) {
        stepHistory(event->key() == Qt::Key_Up ? 1 : -1);
        return;
    }
    if (ctrl && event->key() == Qt::Key_Space) {
        showCompletions(true);
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
    const QString typed = event->text();
    if (!typed.isEmpty() && isWordChar(typed.back()))
        showCompletions(false);
    else if (popup && event->key() != Qt::Key_Backspace)
        m_completer->popup()->hide();
    else if (popup)
        showCompletions(false);
}

} // namespace accelscope::app
