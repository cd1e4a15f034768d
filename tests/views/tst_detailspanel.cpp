// DetailsPanel: the fields of the selected slice, args as a tree with numbers verbatim, and
// flow links that jump to the other end.
#include "synthtrace.h"

#include "model/analysis/analyses.h"
#include "model/analysis/core/context.h"
#include "model/tracebuilder.h"
#include "views/details/detailspanel.h"
#include "views/document.h"

#include <QAction>
#include <QVBoxLayout>

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

/// Two ranks. Rank 0: thread "host" with "op" [0,10) [100,130) and "other" [50,60); thread "gpu"
/// with "op" [20,25) [100,105) [200,207). Rank 1: "op" [5,1005). Times in ns.
model::TracePtr makeInstancesTrace()
{
    using namespace accelscope::model;
    TraceBuilder builder;
    builder.addSource(SourceInfo{"rank0", "synthetic", 0, "ns", 0, {}});
    builder.addSource(SourceInfo{"rank1", "synthetic", 1, "ns", 0, {}});
    BuilderShard s0(0);
    const LocalProcess p0 = s0.process(EntityKey::number(1));
    const LocalTrack host = s0.thread(p0, EntityKey::number(1));
    s0.setThreadName(host, s0.intern("host"));
    const LocalTrack gpu = s0.thread(p0, EntityKey::number(2));
    s0.setThreadName(gpu, s0.intern("gpu"));
    const StringId op = s0.intern("op"), cat = s0.intern("c");
    s0.addSlice(host, 0, 10, op, cat, kNoArgs);
    s0.addSlice(host, 50, 10, s0.intern("other"), cat, kNoArgs);
    s0.addSlice(host, 100, 30, op, cat, kNoArgs);
    s0.addSlice(gpu, 20, 5, op, cat, kNoArgs);
    s0.addSlice(gpu, 100, 5, op, cat, kNoArgs);
    s0.addSlice(gpu, 200, 7, op, cat, kNoArgs);
    builder.merge(std::move(s0));
    BuilderShard s1(1);
    const LocalProcess p1 = s1.process(EntityKey::number(2));
    const LocalTrack t1 = s1.thread(p1, EntityKey::number(1));
    s1.addSlice(t1, 5, 1000, s1.intern("op"), s1.intern("c"), kNoArgs);
    builder.merge(std::move(s1));
    return builder.build();
}

/// Rank-0 "op" slices as (start, dur), in the order the walk must visit them.
std::vector<std::pair<model::TimeNs, model::TimeNs>> visit(Document &doc, DetailsPanel &panel, int step, int presses)
{
    std::vector<std::pair<model::TimeNs, model::TimeNs>> out;
    for (int k = 0; k < presses; ++k) {
        (step > 0 ? panel.nextInstanceAction() : panel.previousInstanceAction())->trigger();
        const model::SliceRef s = doc.selectedSlice();
        const auto &sl = doc.trace()->track(s.track).slices;
        out.emplace_back(sl.start[s.index], sl.dur[s.index]);
    }
    return out;
}

} // namespace

class TstDetailsPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // (the offscreen plugin warns about size hints when a window is shown; nothing else may warn)
    void init() { QTest::failOnWarning(QRegularExpression(QStringLiteral("^(?!This plugin does not support propagateSizeHints).*"))); }

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

    void instanceWalkByStartTimeStopsAtTheEnds()
    {
        Document doc;
        DetailsPanel panel(&doc);
        doc.setTrace(makeInstancesTrace());
        const model::Trace &trace = *doc.trace();
        QCOMPARE(panel.nextInstanceAction()->shortcut(), QKeySequence(Qt::Key_BracketRight));
        QCOMPARE(panel.previousInstanceAction()->shortcut(), QKeySequence(Qt::Key_BracketLeft));

        // no selection: nothing happens
        panel.nextInstanceAction()->trigger();
        QVERIFY(!doc.selectedSlice().valid());

        model::SliceRef first;
        for (const auto &t : trace.tracks())
            for (std::uint32_t i = 0; i < t.slices.size(); ++i)
                if (trace.str(t.slices.name[i]) == "op" && t.slices.start[i] == 0)
                    first = {t.id, i};
        QVERIFY(first.valid());
        doc.setSelectedSlice(first);
        // counted on the pool the first time a name is selected
        QTRY_VERIFY(panel.fieldText(QStringLiteral("instances")).contains(QStringLiteral("Instance 1 of 5")));

        const auto forward = visit(doc, panel, 1, 5); // one press past the last one
        QCOMPARE(forward.size(), std::size_t(5));
        QCOMPARE(forward[0], std::make_pair(model::TimeNs(20), model::TimeNs(5)));
        QCOMPARE(forward[1].first, model::TimeNs(100));
        QCOMPARE(forward[2].first, model::TimeNs(100));
        QVERIFY(forward[1].second != forward[2].second); // both 100 ns instances, each once
        QCOMPARE(forward[3], std::make_pair(model::TimeNs(200), model::TimeNs(7)));
        QCOMPARE(forward[4], forward[3]); // stops at the last instance, no wrap
        QVERIFY(panel.fieldText(QStringLiteral("instances")).contains(QStringLiteral("Instance 5 of 5")));
        QCOMPARE(panel.instancePosition(), std::ptrdiff_t(4));

        const auto back = visit(doc, panel, -1, 5);
        QCOMPARE(back[0], forward[2]);
        QCOMPARE(back[1], forward[1]);
        QCOMPARE(back[2], forward[0]);
        QCOMPARE(back[3], std::make_pair(model::TimeNs(0), model::TimeNs(10)));
        QCOMPARE(back[4], back[3]); // stops at the first
        // the rank-1 "op" [5,1005) was never visited
        for (const auto &v : forward)
            QVERIFY(v.second != 1000);

        // ties at equal start are ordered by track id
        const auto *inst = panel.instances();
        QVERIFY(inst);
        QCOMPARE(inst->slices.size(), std::size_t(5));
        QVERIFY(inst->slices[2].track < inst->slices[3].track);
    }

    void bracketKeysStepThroughInstances()
    {
        Document doc;
        QWidget window;
        auto *panel = new DetailsPanel(&doc, &window);
        auto *layout = new QVBoxLayout(&window);
        layout->addWidget(panel);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        doc.setTrace(makeInstancesTrace());
        const model::Trace &trace = *doc.trace();
        model::SliceRef first;
        for (const auto &t : trace.tracks())
            for (std::uint32_t i = 0; i < t.slices.size(); ++i)
                if (trace.str(t.slices.name[i]) == "op" && t.slices.start[i] == 0)
                    first = {t.id, i};
        doc.setSelectedSlice(first);
        QTest::keyClick(panel, Qt::Key_BracketRight);
        const model::SliceRef second = doc.selectedSlice();
        QVERIFY(second.valid() && second != first);
        QCOMPARE(trace.track(second.track).slices.start[second.index], model::TimeNs(20));
        QTest::keyClick(panel, Qt::Key_BracketLeft);
        QCOMPARE(doc.selectedSlice(), first);
    }

    void allInstancesMatchRangeStatistics()
    {
        Document doc;
        DetailsPanel panel(&doc);
        doc.setTrace(makeInstancesTrace());
        const model::TracePtr trace = doc.trace();
        for (const int rank : {0, 1}) {
            model::SliceRef pick;
            for (const auto &t : trace->tracks())
                for (std::uint32_t i = 0; i < t.slices.size(); ++i)
                    if (trace->str(t.slices.name[i]) == "op" && model::analysis::rankOf(trace->process(t.process)) == rank)
                        pick = {t.id, i};
            QVERIFY(pick.valid());
            doc.setSelectedSlice(pick);
            QTRY_VERIFY(panel.instances());
            const SliceInstances *inst = panel.instances();

            model::analysis::AnalysisContext ctx(trace);
            model::analysis::AnalysisOptions opt;
            opt.ranks = {rank};
            const model::analysis::Table t = model::analysis::rangeStatistics(ctx, opt);
            std::size_t row = t.rowCount();
            const auto &names = t.columns[std::size_t(t.columnIndex("name"))].texts;
            for (std::size_t r = 0; r < t.rowCount(); ++r)
                if (names[r] == "op")
                    row = r;
            QVERIFY(row < t.rowCount());
            auto cell = [&](const char *id) { return t.columns[std::size_t(t.columnIndex(id))].number(row); };
            const auto &st = inst->stats;
            QCOMPARE(double(st.count), cell("count"));
            QCOMPARE(double(st.sum), cell("total_ns"));
            QCOMPARE(st.mean, cell("avg_ns"));
            QCOMPARE(double(st.min), cell("min_ns"));
            QCOMPARE(double(st.max), cell("max_ns"));
            QCOMPARE(st.p50, cell("p50_ns"));
            QCOMPARE(st.p90, cell("p90_ns"));
            QCOMPARE(st.p99, cell("p99_ns"));
            if (rank == 0) {
                // durations 10, 5, 30, 5, 7: hand-checked values as well
                QCOMPARE(st.count, std::int64_t(5));
                QCOMPARE(st.sum, std::int64_t(57));
                QCOMPARE(st.min, std::int64_t(5));
                QCOMPARE(st.max, std::int64_t(30));
                QCOMPARE(st.p50, 7.0);
                const QString text = panel.fieldText(QStringLiteral("instances"));
                QVERIFY2(text.contains(QStringLiteral("57 ns")), qPrintable(text));
                QVERIFY2(text.contains(QStringLiteral("Count")), qPrintable(text));
            } else {
                QCOMPARE(st.count, std::int64_t(1));
                QCOMPARE(st.sum, std::int64_t(1000));
            }
        }
        doc.setSelectedSlice({});
        QVERIFY(!panel.instances());
        QVERIFY(panel.fieldText(QStringLiteral("instances")).isEmpty());
    }
};

QTEST_MAIN(TstDetailsPanel)
#include "tst_detailspanel.moc"
