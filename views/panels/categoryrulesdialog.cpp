#include "categoryrulesdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QSaveFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace accelscope::views {

using namespace model::analysis;

namespace {
enum Col { ColPattern, ColCategory, ColField, ColCase, ColCount };
}

CategoryRulesDialog::CategoryRulesDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Category rules"));
    m_table = new QTableWidget(0, ColCount, this);
    m_table->setObjectName(QStringLiteral("rules"));
    m_table->setHorizontalHeaderLabels({tr("Pattern (regular expression)"), tr("Category"), tr("Matched on"), tr("Case")});
    m_table->horizontalHeader()->setSectionResizeMode(ColPattern, QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionsMovable(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);

    auto *buttons = new QVBoxLayout;
    auto addButton = [&](const QString &text, auto slot, const char *name) {
        auto *b = new QPushButton(text, this);
        b->setObjectName(QLatin1String(name));
        b->setAutoDefault(false);
        connect(b, &QPushButton::clicked, this, slot);
        buttons->addWidget(b);
    };
    addButton(tr("Add"), &CategoryRulesDialog::addRule, "add");
    addButton(tr("Remove"), &CategoryRulesDialog::removeRule, "remove");
    addButton(tr("Up"), &CategoryRulesDialog::moveUp, "up");
    addButton(tr("Down"), &CategoryRulesDialog::moveDown, "down");
    buttons->addSpacing(12);
    addButton(tr("Load\u2026"), [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Load category rules"), {}, tr("JSON files (*.json)"));
        if (!p.isEmpty() && !loadFile(p))
            QMessageBox::warning(this, tr("Category rules"), tr("%1 does not hold valid category rules.").arg(p));
    }, "load");
    addButton(tr("Save\u2026"), [this] {
        const QString p = QFileDialog::getSaveFileName(this, tr("Save category rules"), QStringLiteral("categories.json"),
                                                       tr("JSON files (*.json)"));
        if (!p.isEmpty())
            saveFile(p);
    }, "save");
    addButton(tr("Defaults"), &CategoryRulesDialog::resetToDefaults, "defaults");
    buttons->addStretch(1);

    auto *middle = new QHBoxLayout;
    middle->addWidget(m_table, 1);
    middle->addLayout(buttons);

    m_fallback = new QLineEdit(this);
    m_fallback->setObjectName(QStringLiteral("fallback"));
    m_probe = new QLineEdit(this);
    m_probe->setObjectName(QStringLiteral("probe"));
    m_probe->setPlaceholderText(tr("a kernel name"));
    m_probeResult = new QLabel(this);
    m_probeResult->setObjectName(QStringLiteral("probeResult"));
    auto *form = new QFormLayout;
    form->addRow(tr("No rule matches:"), m_fallback);
    auto *probeRow = new QHBoxLayout;
    probeRow->addWidget(m_probe, 1);
    probeRow->addWidget(m_probeResult);
    form->addRow(tr("Try:"), probeRow);

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("error"));
    m_error->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_error->setWordWrap(true);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *lay = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Device rows get the category of the first rule whose pattern is found in their name "
                                "(or kernel category)."),
                             this);
    intro->setWordWrap(true);
    lay->addWidget(intro);
    lay->addLayout(middle, 1);
    lay->addLayout(form);
    lay->addWidget(m_error);
    lay->addWidget(m_buttons);

    connect(m_table, &QTableWidget::cellChanged, this, &CategoryRulesDialog::validate);
    connect(m_fallback, &QLineEdit::textChanged, this, &CategoryRulesDialog::validate);
    connect(m_probe, &QLineEdit::textChanged, this, &CategoryRulesDialog::validate);
    resize(760, 460);
    setRules(defaultCategoryRules());
}

void CategoryRulesDialog::insertRow(int row, const CategoryRule &rule)
{
    const QSignalBlocker block(m_table);
    m_table->insertRow(row);
    m_table->setItem(row, ColPattern, new QTableWidgetItem(QString::fromStdString(rule.pattern)));
    m_table->setItem(row, ColCategory, new QTableWidgetItem(QString::fromStdString(rule.category)));
    auto *field = new QComboBox(m_table);
    field->addItem(tr("name"));
    field->addItem(tr("kernel category"));
    field->setCurrentIndex(rule.field == CategoryRule::Field::Name ? 0 : 1);
    connect(field, &QComboBox::currentIndexChanged, this, &CategoryRulesDialog::validate);
    m_table->setCellWidget(row, ColField, field);
    auto *cs = new QCheckBox(m_table);
    cs->setChecked(rule.caseSensitive);
    cs->setToolTip(tr("Case sensitive"));
    connect(cs, &QCheckBox::toggled, this, &CategoryRulesDialog::validate);
    m_table->setCellWidget(row, ColCase, cs);
}

void CategoryRulesDialog::setRules(const CategoryRules &rules)
{
    {
        const QSignalBlocker block(m_table);
        m_table->setRowCount(0);
        for (const CategoryRule &r : rules.rules)
            insertRow(m_table->rowCount(), r);
    }
    const QSignalBlocker block(m_fallback);
    m_fallback->setText(QString::fromStdString(rules.fallback));
    validate();
}

CategoryRules CategoryRulesDialog::rules() const
{
    CategoryRules out;
    out.rules.clear();
    for (int r = 0; r < m_table->rowCount(); ++r) {
        CategoryRule rule;
        rule.pattern = m_table->item(r, ColPattern) ? m_table->item(r, ColPattern)->text().toStdString() : std::string();
        if (rule.pattern.empty())
            continue;
        rule.category = m_table->item(r, ColCategory) ? m_table->item(r, ColCategory)->text().toStdString() : std::string();
        if (auto *f = qobject_cast<QComboBox *>(m_table->cellWidget(r, ColField)))
            rule.field = f->currentIndex() == 0 ? CategoryRule::Field::Name : CategoryRule::Field::Category;
        if (auto *c = qobject_cast<QCheckBox *>(m_table->cellWidget(r, ColCase)))
            rule.caseSensitive = c->isChecked();
        out.rules.push_back(std::move(rule));
    }
    out.fallback = m_fallback->text().trimmed().isEmpty() ? std::string("other") : m_fallback->text().trimmed().toStdString();
    return out;
}

QString CategoryRulesDialog::validationError() const
{
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const QTableWidgetItem *p = m_table->item(r, ColPattern);
        if (!p || p->text().isEmpty())
            continue;
        const auto *c = qobject_cast<QCheckBox *>(m_table->cellWidget(r, ColCase));
        const std::string err = validatePattern(p->text().toStdString(), c && c->isChecked());
        if (!err.empty())
            return tr("Rule %1: %2").arg(r + 1).arg(QString::fromStdString(err));
        const QTableWidgetItem *cat = m_table->item(r, ColCategory);
        if (!cat || cat->text().trimmed().isEmpty())
            return tr("Rule %1 has no category.").arg(r + 1);
    }
    return {};
}

QString CategoryRulesDialog::categoryFor(const QString &name, const QString &cat) const
{
    if (!validationError().isEmpty())
        return {};
    const CategoryMatcher m(rules());
    return QString::fromStdString(m.categoryOf(m.match(name.toStdString(), cat.toStdString())));
}

void CategoryRulesDialog::validate()
{
    const QSignalBlocker block(m_table);
    for (int r = 0; r < m_table->rowCount(); ++r) {
        QTableWidgetItem *p = m_table->item(r, ColPattern);
        if (!p)
            continue;
        const auto *c = qobject_cast<QCheckBox *>(m_table->cellWidget(r, ColCase));
        const bool bad = !p->text().isEmpty() && !validatePattern(p->text().toStdString(), c && c->isChecked()).empty();
        p->setForeground(bad ? QBrush(QColor(0xc0, 0x39, 0x2b)) : QBrush());
    }
    const QString err = validationError();
    m_error->setText(err);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(err.isEmpty());
    m_probeResult->setText(m_probe->text().isEmpty() ? QString() : QStringLiteral("\u2192 ") + categoryFor(m_probe->text()));
}

void CategoryRulesDialog::addRule()
{
    const int row = m_table->currentRow() < 0 ? m_table->rowCount() : m_table->currentRow() + 1;
    insertRow(row, CategoryRule{QStringLiteral("pattern").toStdString(), QStringLiteral("category").toStdString(),
                                CategoryRule::Field::Name, false});
    m_table->setCurrentCell(row, ColPattern);
    validate();
}

void CategoryRulesDialog::removeRule()
{
    const int row = m_table->currentRow();
    if (row >= 0)
        m_table->removeRow(row);
    validate();
}

void CategoryRulesDialog::moveRow(int from, int to)
{
    if (from < 0 || to < 0 || from >= m_table->rowCount() || to >= m_table->rowCount())
        return;
    CategoryRules all = rules();
    // rules() drops empty rows; rebuild from the table's rows one by one instead
    std::vector<CategoryRule> rows;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        CategoryRule rule;
        rule.pattern = m_table->item(r, ColPattern) ? m_table->item(r, ColPattern)->text().toStdString() : std::string();
        rule.category = m_table->item(r, ColCategory) ? m_table->item(r, ColCategory)->text().toStdString() : std::string();
        if (auto *f = qobject_cast<QComboBox *>(m_table->cellWidget(r, ColField)))
            rule.field = f->currentIndex() == 0 ? CategoryRule::Field::Name : CategoryRule::Field::Category;
        if (auto *c = qobject_cast<QCheckBox *>(m_table->cellWidget(r, ColCase)))
            rule.caseSensitive = c->isChecked();
        rows.push_back(rule);
    }
    std::swap(rows[std::size_t(from)], rows[std::size_t(to)]);
    all.rules = rows;
    const QString fallback = m_fallback->text();
    setRules(all);
    m_fallback->setText(fallback);
    m_table->setCurrentCell(to, ColPattern);
}

void CategoryRulesDialog::moveUp() { moveRow(m_table->currentRow(), m_table->currentRow() - 1); }
void CategoryRulesDialog::moveDown() { moveRow(m_table->currentRow(), m_table->currentRow() + 1); }
void CategoryRulesDialog::resetToDefaults() { setRules(defaultCategoryRules()); }

bool CategoryRulesDialog::loadFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    auto r = parseCategoryRulesJson(f.readAll().toStdString());
    if (!r)
        return false;
    setRules(*r);
    return true;
}

bool CategoryRulesDialog::saveFile(const QString &path) const
{
    // Staged and renamed over the file only when complete: a failed save keeps the old rules.
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    const QByteArray json = QByteArray::fromStdString(categoryRulesToJson(rules()));
    return f.write(json) == json.size() && f.commit();
}

} // namespace accelscope::views
