// AnalysisHub: the analysis settings of one window — the category rules (kept in the
// application's settings store) and the "HTA compatible" switch — together with the Document
// the panels analyse. The trace's AnalysisContext is the document's (Document::analysisContext,
// so the per-trace index is built once per window); the hub only forwards it and tells the
// panels when it was replaced.
#pragma once

#include "model/analysis/common/categories.h"
#include "model/analysis/core/context.h"

#include <QObject>

#include <memory>

class QSettings;

namespace accelscope::views {

class Document;

class AnalysisHub : public QObject {
    Q_OBJECT
public:
    /// Settings key of the category rules (JSON, model/analysis/common/categories.h).
    static constexpr const char *kRulesSettingsKey = "analysis/categoryRules";

    /// `store` is the application's settings (AppSettings::raw(), which honours `--settings FILE`);
    /// it must outlive the hub. Without a store the rules start from the defaults and are not saved.
    explicit AnalysisHub(Document *document, QSettings *store = nullptr, QObject *parent = nullptr);
    ~AnalysisHub() override;

    Document *document() const { return m_document; }
    /// The document's analysis context (Document::analysisContext()); null without a trace.
    std::shared_ptr<const model::analysis::AnalysisContext> context() const;

    std::shared_ptr<const model::analysis::CategoryRules> categoryRules() const { return m_rules; }
    /// Replaces the rules, saves them in the settings store and emits categoryRulesChanged.
    void setCategoryRules(const model::analysis::CategoryRules &rules);
    /// Opens the rules dialog; returns true when the user accepted changes.
    bool editCategoryRules(QWidget *parent);

    bool htaCompat() const { return m_htaCompat; }
    void setHtaCompat(bool on);

Q_SIGNALS:
    /// The document's analysis context was replaced (a new trace).
    void contextChanged();
    void categoryRulesChanged();
    void htaCompatChanged(bool on);

private:
    void onTraceChanged();

    Document *m_document;
    QSettings *m_store;
    /// The context last announced; only compared, never dereferenced (the document owns it).
    const model::analysis::AnalysisContext *m_announced = nullptr;
    std::shared_ptr<const model::analysis::CategoryRules> m_rules;
    bool m_htaCompat = false;
};

} // namespace accelscope::views
