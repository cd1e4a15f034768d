// File ▸ Import Options…: the dialog shows the options in force and returns what the user set;
// an unchecked clock means "from the source" (no value), never a silent default.
#include "app/gui/importoptionsdialog.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QtTest>

using namespace accelscope;

class TestImportOptionsDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTripsTheOptionsInForce()
    {
        importers::ImportOptions in;
        in.tiuFreqMhz = 900;
        in.aiuSocFreqMhz = 560;
        in.aiuCoreFreqMhz = 800;
        in.compilerLog = "/tmp/comp.log";
        in.acelyzerCompat = true;
        app::ImportOptionsDialog d(in);
        QVERIFY(d.options() == in);
        QVERIFY(!d.findChild<QDoubleSpinBox *>(QStringLiteral("dmaFreq"))->isEnabled());
    }

    void editsBecomeOptions()
    {
        app::ImportOptionsDialog d(importers::ImportOptions{});
        d.findChild<QCheckBox *>(QStringLiteral("dmaFreqSet"))->setChecked(true);
        auto *dma = d.findChild<QDoubleSpinBox *>(QStringLiteral("dmaFreq"));
        QVERIFY(dma->isEnabled());
        dma->setValue(750);
        d.findChild<QCheckBox *>(QStringLiteral("aiuFlows"))->setChecked(true);
        d.findChild<QLineEdit *>(QStringLiteral("compilerLog"))->setText(QStringLiteral("  /data/log.txt "));
        const importers::ImportOptions o = d.options();
        QCOMPARE(o.dmaFreqMhz.value_or(0), 750.0);
        QVERIFY(!o.tiuFreqMhz);
        QVERIFY(o.aiuFlows);
        QVERIFY(!o.acelyzerCompat);
        QCOMPARE(QString::fromStdString(o.compilerLog.string()), QStringLiteral("/data/log.txt"));
    }

    void uncheckingAClockDropsIt()
    {
        importers::ImportOptions in;
        in.aiuSocFreqMhz = 1000;
        app::ImportOptionsDialog d(in);
        d.findChild<QCheckBox *>(QStringLiteral("aiuSocFreqSet"))->setChecked(false);
        QVERIFY(!d.options().aiuSocFreqMhz);
    }
};

QTEST_MAIN(TestImportOptionsDialog)
#include "tst_importoptionsdialog.moc"
