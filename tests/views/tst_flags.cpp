// Flags: the FlagSet model (add, edit, remove, sort by time, distance), the Document owning it,
// the M / Shift+M keys of the timeline, the flag markers in the overlay batch, and the Flags
// panel (list order, note editing, delete, distance, jump-to).
#include "synthtrace.h"

#include "model/analysis/core/table.h"
#include "views/document.h"
#include "views/flags/flags.h"
#include "views/export/timelineimage.h"
#include "views/flags/flagspanel.h"
#include "views/timeline/batchbuilder.h"
#include "views/timeline/timelinewidget.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

using namespace accelscope;
using namespace accelscope::views;
using accelscope::views::test::makeTinyTrace;

class TstFlags : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void addSortsByTime()
    {
        FlagSet set;
        QSignalSpy spy(&set, &FlagSet::flagsChanged);
        const quint64 late = set.addPoint(500, QStringLiteral("late"));
        const quint64 range = set.addRange(300, 100, QStringLiteral("reversed range"));
        const quint64 early = set.addPoint(50);
        QCOMPARE(spy.count(), 3);
        QCOMPARE(set.size(), 3);
        QCOMPARE(set.flags()[0].id, early);
        QCOMPARE(set.flags()[1].id, range);
        QCOMPARE(set.flags()[2].id, late);
        // a reversed range is stored start < end
        QCOMPARE(set.flags()[1].start, 100);
        QCOMPARE(set.flags()[1].end, 300);
        QVERIFY(set.flags()[1].isRange());
        QVERIFY(!set.flags()[0].isRange());
        // neighbouring flags get different colours
        QVERIFY(set.flags()[0].colour.isValid());
        QVERIFY(set.find(late)->colour != set.find(range)->colour);
        QCOMPARE(FlagSet::distance(*set.find(early), *set.find(late)), 450);
        QCOMPARE(FlagSet::distance(*set.find(late), *set.find(early)), -450);
    }

    void editAndRemove()
    {
        FlagSet set;
        const quint64 a = set.addPoint(10);
        const quint64 b = set.addPoint(20, QStringLiteral("b"));
        QSignalSpy spy(&set, &FlagSet::flagsChanged);
        QVERIFY(set.setNote(a, QStringLiteral("first")));
        QCOMPARE(set.find(a)->note, QStringLiteral("first"));
        QVERIFY(!set.setNote(a, QStringLiteral("first"))); // unchanged: no signal
        QVERIFY(set.setColour(b, QColor(Qt::green)));
        QCOMPARE(set.find(b)->colour, QColor(Qt::green));
        QVERIFY(!set.setColour(b, QColor()));
        QCOMPARE(spy.count(), 2);
        QVERIFY(set.remove(a));
        QVERIFY(!set.remove(a));
        QVERIFY(!set.find(a));
        QCOMPARE(set.size(), 1);
        // ids are never reused
        const quint64 c = set.addPoint(5);
        QVERIFY(c != a && c != b);
        set.clear();
        QVERIFY(set.isEmpty());
    }

    void reportTable()
    {
        FlagSet set;
        set.addPoint(1500, QStringLiteral("late"), QColor(0x12, 0x34, 0x56));
        set.addRange(1100, 1400, QStringLiteral("window"));
        const auto table = flagsTable(set, 1000);
        QCOMPARE(table->name, std::string("flags"));
        QCOMPARE(table->rowCount(), std::size_t(2));
        QCOMPARE(table->column("start_ns")->ints, (std::vector<std::int64_t>{100, 500}));
        QCOMPARE(table->column("end_ns")->ints, (std::vector<std::int64_t>{400, 500}));
        QCOMPARE(table->column("length_ns")->ints, (std::vector<std::int64_t>{300, 0}));
        QCOMPARE(table->column("note")->texts, (std::vector<std::string>{"window", "late"}));
        QCOMPARE(table->column("colour")->texts[1], std::string("#123456"));
    }

    void documentOwnsAndClearsOnNewTrace()
    {
        Document doc;
        doc.setTrace(makeTinyTrace());
        QSignalSpy spy(&doc, &Document::flagsChanged);
        doc.flags()->addPoint(doc.traceRange().start + 10);
        QCOMPARE(spy.count(), 1);
        doc.setTrace(makeTinyTrace());
        QVERIFY(doc.flags()->isEmpty());
    }

    void keysAddFlags()
    {
        Document doc;
        doc.setTrace(makeTinyTrace());
        TimelineWidget w(&doc, TimelineWidget::Renderer::Raster);
        w.resize(900, 500);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setFocus();
        const TimeRange v = doc.visibleRange();
        // no cursor, no selection: M flags the middle of the view
        QTest::keyClick(w.canvas(), Qt::Key_M);
        QCOMPARE(doc.flags()->size(), 1);
        QCOMPARE(doc.flags()->flags()[0].start, v.start + v.duration() / 2);
        // Shift+M without a selected range adds nothing
        QTest::keyClick(w.canvas(), Qt::Key_M, Qt::ShiftModifier);
        QCOMPARE(doc.flags()->size(), 1);
        doc.setSelectedRange({v.start + 10, v.start + 40});
        QTest::keyClick(w.canvas(), Qt::Key_M, Qt::ShiftModifier);
        QCOMPARE(doc.flags()->size(), 2);
        const Flag &range = doc.flags()->flags()[0];
        QCOMPARE(range.start, v.start + 10);
        QCOMPARE(range.end, v.start + 40);
        // M with a selected range and no cursor flags the range start
        QTest::keyClick(w.canvas(), Qt::Key_M);
        QCOMPARE(doc.flags()->size(), 3);
        QCOMPARE(doc.flags()->flags()[0].start, v.start + 10);
        QVERIFY(!doc.flags()->flags()[0].isRange() || !doc.flags()->flags()[1].isRange());
    }

    void clickOnTheAxisAddsAPointFlag()
    {
        Document doc;
        doc.setTrace(makeTinyTrace());
        TimelineWidget w(&doc, TimelineWidget::Renderer::Raster);
        w.resize(900, 500);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const CanvasGeometry g = CanvasGeometry::compute(w.trackLayout(), w.viewState());
        const QPoint at(static_cast<int>(g.eventLeft + 200), static_cast<int>(g.axisTop + 10));
        QTest::mouseClick(w.canvas(), Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(doc.flags()->size(), 1);
        QVERIFY(std::abs(doc.flags()->flags()[0].start - g.timeAt(at.x())) <= static_cast<model::TimeNs>(g.nsPerPx) + 1);
        QVERIFY(doc.selectedRange().isEmpty());
        // a drag on the axis still selects a range and adds no flag
        QTest::mousePress(w.canvas(), Qt::LeftButton, Qt::NoModifier, at);
        QTest::mouseMove(w.canvas(), at + QPoint(150, 0));
        QTest::mouseRelease(w.canvas(), Qt::LeftButton, Qt::NoModifier, at + QPoint(150, 0));
        QCOMPARE(doc.flags()->size(), 1);
        QVERIFY(!doc.selectedRange().isEmpty());
    }

    void overlayDrawsFlags()
    {
        Document doc;
        doc.setTrace(makeTinyTrace());
        TimelineWidget w(&doc, TimelineWidget::Renderer::Raster);
        w.resize(900, 500);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const TimeRange v = doc.visibleRange();
        const QImage before = w.renderToImage();
        doc.flags()->addPoint(v.start + v.duration() / 3, QStringLiteral("look here"), QColor(0xff, 0, 0));
        doc.flags()->addRange(v.start + v.duration() / 2, v.start + v.duration() * 3 / 4, {}, QColor(0, 0xc0, 0));
        const QImage after = w.renderToImage();
        QCOMPARE(after.size(), before.size());
        QVERIFY(after != before);
        // a pure red pixel somewhere in a column of the point flag's line
        bool red = false, green = false;
        for (int x = 0; x < after.width() && !(red && green); ++x) {
            const QRgb c = after.pixel(x, after.height() - 5);
            red = red || (qRed(c) > 200 && qGreen(c) < 90 && qBlue(c) < 90);
            green = green || (qGreen(c) > 150 && qRed(c) < 90 && qBlue(c) < 90);
        }
        QVERIFY2(red, "the point flag's line crosses the tracks");
        QVERIFY2(green, "the range flag's edges cross the tracks");
    }

    void overviewStripShowsFlagsOutOfView()
    {
        // Given a timeline zoomed into the first tenth of the trace
        Document doc;
        doc.setTrace(makeTinyTrace());
        TimelineWidget w(&doc, TimelineWidget::Renderer::Raster);
        w.resize(900, 500);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const TimeRange all = doc.traceRange();
        doc.setVisibleRange({all.start, all.start + all.duration() / 10});
        auto redColumns = [](const QImage &img, int y) {
            int n = 0;
            for (int x = 0; x < img.width(); ++x) {
                const QRgb c = img.pixel(x, y);
                n += qRed(c) > 200 && qGreen(c) < 90 && qBlue(c) < 90;
            }
            return n;
        };
        const QImage before = w.renderToImage();
        const qreal dpr = before.devicePixelRatio();
        const int overviewY = int(CanvasGeometry::kOverviewHeight / 2 * dpr);
        const int tracksY = before.height() - 5;
        QCOMPARE(redColumns(before, overviewY), 0);
        // When a point flag is put at 80 % of the trace, outside the visible window
        doc.flags()->addPoint(all.start + all.duration() * 8 / 10, QStringLiteral("later"), QColor(0xff, 0, 0));
        const QImage after = w.renderToImage();
        // Then the overview strip (the whole trace) draws it, at 80 % of its width, and the
        // tracks, which show only the first tenth, do not
        QVERIFY2(redColumns(after, overviewY) > 0, "the flag is drawn in the overview strip");
        QCOMPARE(redColumns(after, tracksY), 0);
        int firstRed = -1;
        for (int x = 0; x < after.width() && firstRed < 0; ++x) {
            const QRgb c = after.pixel(x, overviewY);
            if (qRed(c) > 200 && qGreen(c) < 90 && qBlue(c) < 90)
                firstRed = x;
        }
        const CanvasGeometry geo = CanvasGeometry::compute(w.trackLayout(), w.viewState());
        const float expected = geo.overviewX(all.start + all.duration() * 8 / 10, all.start, all.end) * float(dpr);
        QVERIFY2(std::abs(float(firstRed) - expected) <= 2 * float(dpr),
                 qPrintable(QStringLiteral("flag at x %1, expected %2").arg(firstRed).arg(expected)));
    }

    void exportedImageShowsFlags()
    {
        Document doc;
        doc.setTrace(makeTinyTrace());
        TimelineWidget w(&doc, TimelineWidget::Renderer::Raster);
        w.resize(900, 500);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        TimelineImageOptions opt;
        opt.size = QSize(640, 400); // another size than the widget's: drawn by a document of its own
        const QImage before = renderTimelineImage(doc.trace(), &w, opt);
        const TimeRange v = doc.visibleRange();
        doc.flags()->addPoint(v.start + v.duration() / 3, QStringLiteral("exported"), QColor(0xff, 0, 0));
        const QImage after = renderTimelineImage(doc.trace(), &w, opt);
        QCOMPARE(after.size(), before.size());
        const auto hasRed = [](const QImage &img) {
            for (int x = 0; x < img.width(); ++x) {
                const QRgb c = img.pixel(x, img.height() - 5);
                if (qRed(c) > 200 && qGreen(c) < 90 && qBlue(c) < 90)
                    return true;
            }
            return false;
        };
        QVERIFY(!hasRed(before));
        QVERIFY2(hasRed(after), "the flag's line is in the exported picture");
        QCOMPARE(doc.flags()->size(), 1); // the user's flags are copied, not moved
    }

    void panelListsEditsAndMeasures()
    {
        Document doc;
        doc.setTrace(makeTinyTrace());
        const model::TimeNs t0 = doc.traceRange().start;
        FlagsPanel panel(&doc);
        QCOMPARE(panel.table()->rowCount(), 0);
        doc.flags()->addPoint(t0 + 100, QStringLiteral("third"));
        doc.flags()->addPoint(t0 + 30, QStringLiteral("first"));
        doc.flags()->addRange(t0 + 50, t0 + 80, QStringLiteral("second"));
        QCOMPARE(panel.table()->rowCount(), 3);
        QCOMPARE(panel.table()->item(0, 2)->text(), QStringLiteral("first"));
        QCOMPARE(panel.table()->item(1, 2)->text(), QStringLiteral("second"));
        QCOMPARE(panel.table()->item(2, 2)->text(), QStringLiteral("third"));
        QVERIFY(!panel.table()->item(1, 1)->text().isEmpty()); // a range has a length
        QVERIFY(panel.table()->item(0, 1)->text().isEmpty());

        // editing the note cell edits the flag
        panel.table()->item(0, 2)->setText(QStringLiteral("renamed"));
        QCOMPARE(doc.flags()->flags()[0].note, QStringLiteral("renamed"));

        // distance of two selected flags: 100 - 30 ns
        panel.table()->selectRow(0);
        panel.table()->selectionModel()->select(panel.table()->model()->index(2, 0),
                                                QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QVERIFY2(panel.distanceText().contains(QStringLiteral("70 ns")), qPrintable(panel.distanceText()));

        // jump to the range flag: it becomes the selected range and fits the view
        panel.jumpToRow(1);
        QCOMPARE(doc.selectedRange(), (TimeRange{t0 + 50, t0 + 80}));
        QVERIFY(doc.visibleRange().start <= t0 + 50 && doc.visibleRange().end >= t0 + 80);
        // jump to a point flag: centred
        panel.jumpToRow(2);
        QVERIFY(doc.visibleRange().contains(t0 + 100));

        // delete the selected rows (first and third)
        panel.table()->clearSelection();
        panel.table()->selectRow(0);
        panel.table()->selectionModel()->select(panel.table()->model()->index(2, 0),
                                                QItemSelectionModel::Select | QItemSelectionModel::Rows);
        panel.deleteSelected();
        QCOMPARE(doc.flags()->size(), 1);
        QCOMPARE(doc.flags()->flags()[0].note, QStringLiteral("second"));
        QCOMPARE(panel.table()->rowCount(), 1);
    }
};

QTEST_MAIN(TstFlags)
#include "tst_flags.moc"
