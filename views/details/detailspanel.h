// DetailsPanel: the content of the Details dock. Shows the selected slice of the Document:
// name, category, track, start (relative to the trace start), duration, self time, depth,
// its args as a tree (parsed on demand from the args store's JSON text, numbers verbatim),
// its incoming and outgoing flows as links that select and reveal the other end, and for an IBM AIU
// device slice its five cycle stamps with the phases between them in cycles and time, and "All
// instances": the statistics of every slice of the same name and rank (sliceinstances.h) with the
// selected one's position among them. Its actions step to the previous / next instance ('[' / ']').
#pragma once

#include "model/trace.h"
#include "views/details/sliceinstances.h"
#include "views/metatypes.h"

#include <QWidget>

class QAction;
class QLabel;
class QStandardItem;
class QStandardItemModel;
class QTreeView;
class QFormLayout;
class QStackedWidget;

namespace accelscope::model {
struct ArgNode;
}

namespace accelscope::views {

class Document;

class JobRunner;

class DetailsPanel : public QWidget {
    Q_OBJECT
public:
    explicit DetailsPanel(Document *doc, QWidget *parent = nullptr);

    Document *document() const { return m_doc; }
    /// The slice shown (the document's selection).
    model::SliceRef slice() const { return m_slice; }

    // Introspection for tests.
    /// "name", "category", "track", "start", "duration", "self", "depth", "aiu" (the cycle stamps
    /// section as plain text; empty when the slice has none), "instances" (the All instances
    /// section as plain text)
    QString fieldText(const QString &field) const;
    QTreeView *argsView() const { return m_argsView; }
    /// Args as an item model: column 0 the key, column 1 the value; nested objects and arrays
    /// as children of column 0.
    QStandardItemModel *argsModel() const { return m_args; }
    QLabel *flowsLabel() const { return m_flows; }
    /// The instances of the shown slice's name and its position in them; null while none is
    /// shown or while they are being counted in the background (a name not looked up last).
    const SliceInstances *instances() const { return m_instancesOf.get(); }
    std::ptrdiff_t instancePosition() const { return m_instancePos; }
    /// Window-wide shortcuts '[' / ']': select and reveal the previous / next instance (by start
    /// time, same name and rank, any track); nothing happens at the first / last one.
    QAction *previousInstanceAction() const { return m_prevInstance; }
    QAction *nextInstanceAction() const { return m_nextInstance; }
    void stepInstance(int step);

    /// Follows a flow link ("slice:<track>:<index>") as a click would.
    void activateLink(const QString &link);

Q_SIGNALS:
    /// Emitted after a flow link selected another slice.
    void linkActivated(accelscope::model::SliceRef slice);

private:
    void showSlice(model::SliceRef slice);
    void clearContent();
    void fillArgs(QStandardItem *parent, const model::ArgNode &node);
    void showAiuStamps(model::SliceRef slice);
    QString sliceLink(model::SliceRef s) const;
    void showInstances(model::SliceRef slice);
    void displayInstances(model::SliceRef slice, std::shared_ptr<const SliceInstances> instances);

    Document *m_doc;
    model::SliceRef m_slice;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_empty = nullptr;
    QLabel *m_name = nullptr;
    QLabel *m_category = nullptr;
    QLabel *m_track = nullptr;
    QLabel *m_start = nullptr;
    QLabel *m_duration = nullptr;
    QLabel *m_self = nullptr;
    QLabel *m_depth = nullptr;
    QTreeView *m_argsView = nullptr;
    QStandardItemModel *m_args = nullptr;
    QLabel *m_flows = nullptr;
    QLabel *m_flowsTitle = nullptr;
    QLabel *m_aiuTitle = nullptr;
    QLabel *m_aiu = nullptr;
    QLabel *m_instances = nullptr;
    std::shared_ptr<const SliceInstances> m_instancesOf;
    std::ptrdiff_t m_instancePos = -1;
    JobRunner *m_instancesJob = nullptr;
    QAction *m_prevInstance = nullptr;
    QAction *m_nextInstance = nullptr;
};

} // namespace accelscope::views
