// DetailsPanel: the fields of the selected slice, args as a tree with numbers verbatim, and
// flow links that jump to the other end.
#include "synthtrace.h"

#include "views/details/detailspanel.h"
#include "views/document.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QStandardItemModel>

using namespace accelscope;
using namespace accelscope::views;

namespace {

model::SliceRef find(const model::Trace &t, std::string_view name)
{
    for (const auto &tr : t.tracks())
        for (std::uint32_t i = 0; i < tr.slices.size(); ++i)
            if (t.str(tr.slices.name[i]) == name)
                return {tr.id, i};
    return {};
}

/// "key=value" lines of a tree model, depth-first, children indented by two spaces.
QString treeText(const QAbstractItemModel *m)
{
    QStringList out;
    std::function<void(const QModelIndex &, int)> walk = [&](const QModelIndex &parent, int depth) {
        for (int r = 0; r < m->rowCount(parent); ++r) {
            const QModelIndex k = m->index(r, 0, parent), v = m->index(r, 1, parent);
            out << QString(depth * 2, QLatin1Char(' ')) + k.data().toString() + QLatin1Char('=') + v.data().toString();
            walk(k, depth + 1);
        }
    };
    walk({}, 0);
    return out.join(QLatin1Char('\n'));
}

} // namespace

class TstDetailsPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QTest::failOnWarning(QRegularExpression(QStringLiteral(".*"))); }

    void showsTheSelectedSlice()
    {
        Document doc;
        DetailsPanel panel(&doc);
        QAbstractItemModelTester tester(panel.argsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        doc.setTrace(test::makeTinyTrace());
        QVERIFY(!panel.slice().valid());
        QVERIFY(panel.fieldText(QStringLiteral("name")).isEmpty());

        const model::SliceRef outer = find(*doc.trace(), "outer");
        doc.setSelectedSlice(outer);
        QCOMPARE(panel.slice(), outer);
        QCOMPARE(panel.fieldText(QStringLiteral("name")), QStringLiteral("outer"));
        QCOMPARE(panel.fieldText(QStringLiteral("category")), QStringLiteral("cpu_op"));
        QVERIFY(panel.fieldText(QStringLiteral("track")).contains(QStringLiteral("main")));
        QCOMPARE(panel.fieldText(QStringLiteral("start")), QStringLiteral("0 ns"));
        QCOMPARE(panel.fieldText(QStringLiteral("duration")), QStringLiteral("100 ns"));
        QCOMPARE(panel.fieldText(QStringLiteral("self")), QStringLiteral("30 ns")); // 100 - 30 - 40
        QCOMPARE(panel.fieldText(QStringLiteral("depth")), QStringLiteral("0"));
        // args: numbers verbatim (2^64-1 does not survive a double), nested values as a tree
        const QString args = treeText(panel.argsModel());
        QVERIFY2(args.contains(QStringLiteral("correlation=18446744073709551615")), qPrintable(args));
        QVERIFY2(args.contains(QStringLiteral("info={1 member}\n  k=v")), qPrintable(args));
        QVERIFY2(args.contains(QStringLiteral("dims=[2 items]")), qPrintable(args));

        doc.setSelectedSlice({});
        QVERIFY(panel.fieldText(QStringLiteral("name")).isEmpty());
        QCOMPARE(panel.argsModel()->rowCount(), 0);
    }

    void flowLinksJumpToTheOtherEnd()
    {
        Document doc;
        DetailsPanel panel(&doc);
        doc.setTrace(test::makeTinyTrace());
        const model::SliceRef a = find(*doc.trace(), "inner A"), kernel = find(*doc.trace(), "kernel");
        QVERIFY(a.valid() && kernel.valid());
        doc.setSelectedSlice(a);
        const QString html = panel.flowsLabel()->text();
        const QString link = QStringLiteral("slice:%1:%2").arg(kernel.track).arg(kernel.index);
        QVERIFY2(html.contains(link), qPrintable(html));
        QVERIFY(html.contains(QStringLiteral("kernel")));
        QSignalSpy reveal(&doc, &Document::revealRequested);
        QSignalSpy jumped(&panel, &DetailsPanel::linkActivated);
        // When the link is clicked
        Q_EMIT panel.flowsLabel()->linkActivated(link);
        // Then the kernel is selected and revealed, and the panel shows it with a link back
        QCOMPARE(doc.selectedSlice(), kernel);
        QCOMPARE(reveal.count(), 1);
        QCOMPARE(jumped.count(), 1);
        QCOMPARE(panel.fieldText(QStringLiteral("name")), QStringLiteral("kernel"));
        QVERIFY(panel.flowsLabel()->text().contains(QStringLiteral("slice:%1:%2").arg(a.track).arg(a.index)));
        // a bad link does nothing
        panel.activateLink(QStringLiteral("slice:x:1"));
        QCOMPARE(doc.selectedSlice(), kernel);
    }

    void nestedSliceShowsItsParentAndDepth()
    {
        Document doc;
        DetailsPanel panel(&doc);
        doc.setTrace(test::makeTinyTrace());
        doc.setSelectedSlice(find(*doc.trace(), "leaf"));
        QCOMPARE(panel.fieldText(QStringLiteral("depth")), QStringLiteral("2"));
        QCOMPARE(panel.fieldText(QStringLiteral("self")), QStringLiteral("10 ns"));
        QVERIFY(panel.flowsLabel()->text().contains(QStringLiteral("inner B")));
    }
};

QTEST_MAIN(TstDetailsPanel)
#include "tst_detailspanel.moc"
