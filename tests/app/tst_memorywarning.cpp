// The warning before a load that may not fit in memory: its text and decision with an injected
// free-memory figure, and the dialog's two choices (load anyway / cancel).
#include "app/gui/memorywarning.h"
#include "testhelpers.h"

#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QtTest>

using namespace accelscope;
using namespace accelscope::app;

namespace {

/// Clicks the button named `button` of the memory warning once it is shown; records whether
/// it was.
void answerWarning(const QString &button, bool *shown)
{
    QTimer::singleShot(50, [button, shown] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || box->objectName() != QLatin1String("memoryWarning"))
            return;
        *shown = true;
        if (button == QLatin1String("loadAnyway") || button == QLatin1String("openAsCluster"))
            box->findChild<QPushButton *>(button)->click();
        else
            box->button(QMessageBox::Cancel)->click();
    });
}

} // namespace

class TestMemoryWarning : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QString m_trace;

private Q_SLOTS:
    void initTestCase()
    {
        m_trace = m_tmp.filePath(QStringLiteral("t.json"));
        QVERIFY(testing::writeBigChromeTrace(m_trace, 20000)); // about 2 MB
    }

    void textOnlyWhenTheEstimateExceedsTheFreeMemory()
    {
        importers::MemoryEstimate e;
        e.inputBytes = 2ull << 30;
        e.bytes = 3ull << 30;
        QVERIFY(memoryWarningText(e, 4ull << 30).isEmpty());
        QVERIFY(memoryWarningText(e, std::nullopt).isEmpty());
        const QString text = memoryWarningText(e, 1ull << 30);
        QVERIFY(text.contains(QLatin1String("3.0 GiB")));
        QVERIFY(text.contains(QLatin1String("1.0 GiB")));
        QVERIFY(text.contains(QLatin1String("2.0 GiB")));
    }

    void noQuestionWhenTheLoadFits()
    {
        bool shown = false;
        answerWarning(QStringLiteral("cancel"), &shown);
        QVERIFY(confirmMemoryForLoad(nullptr, {m_trace}, 1ull << 40, MemoryQuestion::Ask));
        QTest::qWait(100);
        QVERIFY(!shown);
    }

    void theUserChoosesToGoOnOrNot()
    {
        // 1 MiB free: a 2 MB JSON file does not fit.
        bool shown = false;
        answerWarning(QStringLiteral("loadAnyway"), &shown);
        QVERIFY(confirmMemoryForLoad(nullptr, {m_trace}, 1u << 20, MemoryQuestion::Ask));
        QVERIFY(shown);

        shown = false;
        answerWarning(QStringLiteral("cancel"), &shown);
        QVERIFY(!confirmMemoryForLoad(nullptr, {m_trace}, 1u << 20, MemoryQuestion::Ask));
        QVERIFY(shown);
    }

    void aFolderCanBeOpenedAsAClusterInstead()
    {
        // Given a load that does not fit and the cluster offered: the third answer is taken
        bool shown = false;
        answerWarning(QStringLiteral("openAsCluster"), &shown);
        QCOMPARE(askMemoryForLoad(nullptr, {m_trace}, true, 1u << 20, MemoryQuestion::Ask), MemoryAnswer::OpenAsCluster);
        QVERIFY(shown);
        // Not offered: no such button, and Cancel is still Cancel
        shown = false;
        bool hasCluster = true;
        QTimer::singleShot(50, [&] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            shown = true;
            hasCluster = box->findChild<QPushButton *>(QStringLiteral("openAsCluster")) != nullptr;
            box->button(QMessageBox::Cancel)->click();
        });
        QCOMPARE(askMemoryForLoad(nullptr, {m_trace}, false, 1u << 20, MemoryQuestion::Ask), MemoryAnswer::Cancel);
        QVERIFY(shown);
        QVERIFY(!hasCluster);
    }

    void offscreenRunsGoOnWithoutAsking()
    {
        QCOMPARE(QGuiApplication::platformName(), QStringLiteral("offscreen"));
        bool shown = false;
        answerWarning(QStringLiteral("cancel"), &shown);
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("estimated to need about")));
        QVERIFY(confirmMemoryForLoad(nullptr, {m_trace}, 1u << 20));
        QTest::qWait(100);
        QVERIFY(!shown);
    }
};

QTEST_MAIN(TestMemoryWarning)
#include "tst_memorywarning.moc"
