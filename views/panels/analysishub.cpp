#include "analysishub.h"

#include "categoryrulesdialog.h"
#include "views/document.h"

#include <QSettings>

namespace accelscope::views {

using namespace model::analysis;

AnalysisHub::AnalysisHub(Document *document, QSettings *store, QObject *parent)
    : QObject(parent), m_document(document), m_store(store)
{
    const QByteArray json = m_store ? m_store->value(QLatin1String(kRulesSettingsKey)).toByteArray() : QByteArray();
    std::optional<CategoryRules> rules;
    if (!json.isEmpty())
        rules = parseCategoryRulesJson(json.toStdString());
    m_rules = std::make_shared<const CategoryRules>(rules ? *rules : defaultCategoryRules());
    connect(m_document, &Document::traceChanged, this, &AnalysisHub::onTraceChanged);
    onTraceChanged();
}

AnalysisHub::~AnalysisHub() = default;

std::shared_ptr<const AnalysisContext> AnalysisHub::context() const
{
    return m_document->analysisContext();
}

void AnalysisHub::onTraceChanged()
{
    // The document keeps the context when the same trace is set again: nothing to recompute.
    const AnalysisContext *now = m_document->analysisContext().get();
    if (now && now == m_announced)
        return;
    m_announced = now;
    Q_EMIT contextChanged();
}

void AnalysisHub::setCategoryRules(const CategoryRules &rules)
{
    m_rules = std::make_shared<const CategoryRules>(rules);
    if (m_store)
        m_store->setValue(QLatin1String(kRulesSettingsKey), QByteArray::fromStdString(categoryRulesToJson(rules)));
    Q_EMIT categoryRulesChanged();
}

bool AnalysisHub::editCategoryRules(QWidget *parent)
{
    CategoryRulesDialog dialog(parent);
    dialog.setRules(*m_rules);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    setCategoryRules(dialog.rules());
    return true;
}

void AnalysisHub::setHtaCompat(bool on)
{
    if (on == m_htaCompat)
        return;
    m_htaCompat = on;
    Q_EMIT htaCompatChanged(on);
}

} // namespace accelscope::views
