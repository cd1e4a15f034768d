// QueryEditor: the SQL text of the Query dock. Keywords, strings, numbers and comments are
// coloured; table and column names of the trace's schema complete as they are typed (or with
// Ctrl+Space); Ctrl+Enter asks to run the text; Ctrl+Up / Ctrl+Down step through the statements
// run before (the history lives in AppSettings, the dock hands it in).
#pragma once

#include <QPlainTextEdit>
#include <QStringList>

class QCompleter;
class QStringListModel;

namespace accelscope::app {

class QueryEditor : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit QueryEditor(QWidget *parent = nullptr);

    /// The words offered for completion (table and column names); duplicates are dropped.
    void setCompletionWords(const QStringList &words);
    QStringList completionWords() const;
    QCompleter *completer() const { return m_completer; }

    /// Statements run before, most recent first; stepping starts again from the text being edited.
    void setHistory(const QStringList &history);
    /// Shows an older (+1) or newer (-1) history entry; past the newest, the text being edited.
    void stepHistory(int direction);

    /// Puts the cursor on a 1-based line and column of the text (an error's position) and focuses.
    void moveCursorTo(int line, int column);

Q_SIGNALS:
    void runRequested();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;

private:
    QString wordBeforeCursor() const;
    void insertCompletion(const QString &word);
    void showCompletions(bool forced);

    QCompleter *m_completer = nullptr;
    QStringListModel *m_words = nullptr;
    QStringList m_history;
    int m_historyIndex = -1; ///< -1: the text being edited
    QString m_draft;         ///< that text, kept while stepping through history
};

} // namespace accelscope::app
