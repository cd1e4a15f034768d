// The OpenGL backend against the raster backend: both replay the same batches, so their
// images must agree within a tolerance (text antialiasing differs slightly). Needs a display
// with OpenGL 3.3 core or GLES 3 (ctest runs it under xvfb-run as tst_glbackend_xvfb); skips
// under the offscreen platform. On failure the GL, raster and diff images are written to the
// temp directory.
#include "synthtrace.h"

#include "views/document.h"
#include "views/timeline/timelinewidget.h"

#include <QDir>
#include <QTest>

using namespace accelscope;
using namespace accelscope::views;

class TstGlBackend : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (!TimelineWidget::isOpenGLAvailable())
            QSKIP("no OpenGL 3.3 core / GLES 3 context on this platform (run under xvfb-run)");
    }

    void glImageMatchesRasterImage_data()
    {
        QTest::addColumn<double>("fraction");
        QTest::addColumn<bool>("select");
        QTest::newRow("whole trace") << 1.0 << false;
        QTest::newRow("1/1000 with selection") << 1e-3 << true;
        QTest::newRow("1/100000") << 1e-5 << false;
    }
    void glImageMatchesRasterImage()
    {
        QFETCH(double, fraction);
        QFETCH(bool, select);
        static model::TracePtr trace = [] {
            test::SynthOptions o;
            o.slicesPerTrack = 20000;
            o.instantsPerProcess = 300;
            return test::makeSyntheticTrace(o);
        }();
        Document doc;
        TimelineWidget gl(&doc, TimelineWidget::Renderer::OpenGL);
        TimelineWidget raster(&doc, TimelineWidget::Renderer::Raster);
        QCOMPARE(gl.activeRenderer(), TimelineWidget::Renderer::OpenGL);
        for (TimelineWidget *w : {&gl, &raster}) {
            w->resize(1000, 600);
            w->show();
        }
        doc.setTrace(trace);
        QVERIFY(QTest::qWaitForWindowExposed(&gl));
        QVERIFY(QTest::qWaitForWindowExposed(&raster));
        QVERIFY(QTest::qWaitFor([&] { return gl.isIndexReady(); }, 30000));
        QVERIFY(QTest::qWaitFor([&] { return raster.isIndexReady(); }, 30000));
        const double span = static_cast<double>(trace->endNs() - trace->startNs());
        const double c = static_cast<double>(trace->startNs()) + span * 0.41;
        doc.setVisibleRange({static_cast<model::TimeNs>(c - span * fraction / 2),
                             static_cast<model::TimeNs>(c + span * fraction / 2)});
        if (select) {
            const FrameBatch &b = raster.currentMainBatch();
            for (const RectItem &r : b.rects)
                if (r.kind == RectKind::Slice && r.w > 20) {
                    doc.setSelectedSlice({b.rows[r.layoutRow].track, r.first});
                    break;
                }
            QVERIFY(doc.selectedSlice().valid());
        }
        QTest::qWait(50);
        const QImage a = gl.renderToImage().convertToFormat(QImage::Format_ARGB32);
        const QImage b = raster.renderToImage().convertToFormat(QImage::Format_ARGB32);
        QCOMPARE(a.size(), b.size());
        // Text is drawn by QPainter in both backends but its antialiasing differs between the GL
        // and raster paint engines: mask text boxes out for the strict comparison.
        QImage textMask(a.size(), QImage::Format_Grayscale8);
        textMask.fill(0);
        const double dpr = raster.canvas()->devicePixelRatioF(); // the images are in device pixels
        for (const FrameBatch *fb : {&raster.currentMainBatch(), &raster.currentOverlayBatch()}) {
            for (const TextItem &t : fb->texts) {
                const float w = t.maxWidth > 0 ? t.maxWidth : 300;
                float x0 = t.x;
                if (t.align == TextAlign::Center)
                    x0 -= w / 2;
                else if (t.align == TextAlign::Right)
                    x0 -= w;
                for (int y = std::max(0, int((t.y - 10) * dpr)); y < std::min(a.height(), int((t.y + 10) * dpr)); ++y)
                    for (int x = std::max(0, int((x0 - 3) * dpr)); x < std::min(a.width(), int((x0 + w + 3) * dpr)); ++x)
                        textMask.scanLine(y)[x] = 255;
            }
        }
        QImage diff(a.size(), QImage::Format_ARGB32);
        diff.fill(Qt::white);
        int bad = 0, badOutsideText = 0;
        for (int y = 0; y < a.height(); ++y) {
            const QRgb *pa = reinterpret_cast<const QRgb *>(a.constScanLine(y));
            const QRgb *pb = reinterpret_cast<const QRgb *>(b.constScanLine(y));
            for (int x = 0; x < a.width(); ++x) {
                const int d = std::max({std::abs(qRed(pa[x]) - qRed(pb[x])), std::abs(qGreen(pa[x]) - qGreen(pb[x])),
                                        std::abs(qBlue(pa[x]) - qBlue(pb[x]))});
                if (d > 48) {
                    ++bad;
                    const bool inText = textMask.constScanLine(y)[x] != 0;
                    badOutsideText += !inText;
                    diff.setPixel(x, y, inText ? qRgb(255, 160, 160) : qRgb(255, 0, 0));
                }
            }
        }
        const double ratio = static_cast<double>(bad) / (a.width() * a.height());
        const double strict = static_cast<double>(badOutsideText) / (a.width() * a.height());
        if (ratio > 0.05 || strict > 0.002) {
            const QString base = QDir::temp().filePath(QStringLiteral("tst_glbackend-%1").arg(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')).replace(QLatin1Char('/'), QLatin1Char('-'))));
            a.save(base + QStringLiteral("-gl.png"));
            b.save(base + QStringLiteral("-raster.png"));
            diff.save(base + QStringLiteral("-diff.png"));
            QFAIL(qPrintable(QStringLiteral("%1% of pixels differ, %2% outside text; images at %3-*.png")
                                 .arg(ratio * 100, 0, 'f', 2).arg(strict * 100, 0, 'f', 3).arg(base)));
        }
        qInfo("%.3f%% of pixels differ, %.4f%% outside text", ratio * 100, strict * 100);
    }
};

QTEST_MAIN(TstGlBackend)
#include "tst_glbackend.moc"
