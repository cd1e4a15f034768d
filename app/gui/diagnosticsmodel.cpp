#include "app/gui/diagnosticsmodel.h"

#include <QApplication>
#include <QFileInfo>
#include <QStyle>

namespace accelscope::app {

DiagnosticsModel::DiagnosticsModel(QObject *parent) : QAbstractTableModel(parent) {}

void DiagnosticsModel::setTrace(model::TracePtr trace)
{
    beginResetModel();
    m_trace = std::move(trace);
    endResetModel();
}

int DiagnosticsModel::warningCount(const model::Trace &trace)
{
    int n = 0;
    for (const model::Diagnostic &d : trace.diagnostics())
        n += d.severity() != model::Severity::Info ? 1 : 0;
    return n;
}

QString DiagnosticsModel::describe(model::DiagKind kind)
{
    const model::DiagInfo &info = model::diagInfo(kind);
    const QByteArray source(info.description.data(), qsizetype(info.description.size()));
    return QCoreApplication::translate("Diagnostics", source.constData());
}

QString DiagnosticsModel::severityText(model::Severity severity)
{
    switch (severity) {
    case model::Severity::Info: return tr("Info");
    case model::Severity::Warning: return tr("Warning");
    case model::Severity::DataLoss: return tr("Data loss");
    }
    return {};
}

QString DiagnosticsModel::positionText(quint64 position, bool isLine)
{
    return isLine ? tr("line %1").arg(position) : tr("byte %1").arg(position);
}

int DiagnosticsModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_trace)
        return 0;
    return int(m_trace->diagnostics().size());
}

int DiagnosticsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_trace)
        return {};
    const model::Diagnostic &d = m_trace->diagnostics()[std::size_t(index.row())];
    const QString file = QString::fromStdString(d.file);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn: return severityText(d.severity());
        case ProblemColumn: return describe(d.kind);
        case CountColumn: return QLocale().toString(qulonglong(d.count));
        case FileColumn: return QFileInfo(file).fileName();
        case PositionColumn: return positionText(d.position, d.positionIsLine);
        case DetailColumn: return QString::fromStdString(d.detail);
        }
        break;
    case SortRole:
        switch (index.column()) {
        case SeverityColumn: return int(d.severity());
        case CountColumn: return qulonglong(d.count);
        case PositionColumn: return qulonglong(d.position);
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::ToolTipRole:
        if (index.column() == FileColumn)
            return file;
        if (index.column() == DetailColumn)
            return QString::fromStdString(d.detail);
        if (index.column() == ProblemColumn)
            return QString::fromLatin1(model::diagInfo(d.kind).id.data(), qsizetype(model::diagInfo(d.kind).id.size()));
        break;
    case Qt::DecorationRole:
        if (index.column() == SeverityColumn) {
            QStyle *style = QApplication::style();
            switch (d.severity()) {
            case model::Severity::Info: return style->standardIcon(QStyle::SP_MessageBoxInformation);
            case model::Severity::Warning: return style->standardIcon(QStyle::SP_MessageBoxWarning);
            case model::Severity::DataLoss: return style->standardIcon(QStyle::SP_MessageBoxCritical);
            }
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == CountColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        break;
    default:
        break;
    }
    return {};
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case ProblemColumn: return tr("Problem");
    case CountColumn: return tr("Count");
    case FileColumn: return tr("File");
    case PositionColumn: return tr("First at");
    case DetailColumn: return tr("Detail");
    }
    return {};
}

void DiagnosticsModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace accelscope::app
