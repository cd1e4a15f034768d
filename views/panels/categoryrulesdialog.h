// CategoryRulesDialog: edits the ordered category rules (pattern -> category) of the category
// breakdown: add, remove, reorder, validate the regular expressions as you type, try a kernel
// name, load and save the JSON file the CLI reads (--rules), reset to the defaults.
#pragma once

#include "model/analysis/common/categories.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace accelscope::views {

class CategoryRulesDialog : public QDialog {
    Q_OBJECT
public:
    explicit CategoryRulesDialog(QWidget *parent = nullptr);

    void setRules(const model::analysis::CategoryRules &rules);
    /// The rules as edited (rows with an empty pattern are dropped).
    model::analysis::CategoryRules rules() const;
    /// Empty when every pattern compiles; otherwise "rule N: message".
    QString validationError() const;
    /// Category the current rules give to `name` (kernel category `cat`).
    QString categoryFor(const QString &name, const QString &cat = {}) const;

    QTableWidget *table() const { return m_table; }

public Q_SLOTS:
    void addRule();
    void removeRule();
    void moveUp();
    void moveDown();
    void resetToDefaults();
    bool loadFile(const QString &path);
    bool saveFile(const QString &path) const;

private:
    void insertRow(int row, const model::analysis::CategoryRule &rule);
    void moveRow(int from, int to);
    void validate();

    QTableWidget *m_table;
    QLineEdit *m_fallback;
    QLineEdit *m_probe;
    QLabel *m_probeResult;
    QLabel *m_error;
    QDialogButtonBox *m_buttons;
};

} // namespace accelscope::views
