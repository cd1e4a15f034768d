// `accelscope-cli export --to png`: a timeline picture without a display, of the asked size and
// range, written atomically; bad arguments and unwritable paths fail with a message.
#include "app/cli/samplegenerator.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestCliPng : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_sample;

    int cli(const QStringList &args, QByteArray *err = nullptr)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM")); // the CLI must choose offscreen itself
        env.remove(QStringLiteral("DISPLAY"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(ACCELSCOPE_CLI), args);
        if (!p.waitForFinished(120000))
            return -1;
        if (err)
            *err = p.readAllStandardError();
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_sample = m_tmp.filePath(QStringLiteral("sample"));
        accelscope::app::SampleOptions opt;
        opt.ranks = 2;
        opt.steps = 3;
        QVERIFY(accelscope::app::writeSampleTrace(m_sample.toStdString(), opt).empty());
    }

    void writesAPictureOfTheAskedSizeWithoutADisplay()
    {
        const QString out = m_tmp.filePath(QStringLiteral("t.png"));
        QByteArray err;
        QCOMPARE(cli({QStringLiteral("export"), m_sample, QStringLiteral("--to"), QStringLiteral("png"), QStringLiteral("-o"), out,
                      QStringLiteral("--size"), QStringLiteral("1000x600"), QStringLiteral("--scale"), QStringLiteral("2")},
                     &err),
                 0);
        const QImage img(out);
        QCOMPARE(img.size(), QSize(2000, 1200));
        int coloured = 0;
        for (int y = 300; y < img.height(); y += 9)
            for (int x = 700; x < img.width(); x += 9)
                coloured += img.pixelColor(x, y).saturation() > 60;
        QVERIFY2(coloured > 50, qPrintable(QString::number(coloured)));
    }

    void aRangeGivesADifferentPicture()
    {
        // The same picture over the whole trace and over its first millisecond differ
        const QString all = m_tmp.filePath(QStringLiteral("all.png")), first = m_tmp.filePath(QStringLiteral("first.png"));
        QCOMPARE(cli({QStringLiteral("export"), m_sample, QStringLiteral("--to=png"), QStringLiteral("-o"), all}), 0);
        QCOMPARE(cli({QStringLiteral("export"), m_sample, QStringLiteral("--to=png"), QStringLiteral("-o"), first,
                      QStringLiteral("--range"), QStringLiteral("0:1000000")}),
                 0);
        const QImage a(all), f(first);
        QCOMPARE(a.size(), QSize(1600, 1000));
        QCOMPARE(f.size(), a.size());
        QVERIFY(a != f);
    }

    void badArgumentsAndUnwritablePathsFail()
    {
        QByteArray err;
        QCOMPARE(cli({QStringLiteral("export"), m_sample, QStringLiteral("--to"), QStringLiteral("png"), QStringLiteral("-o"),
                      m_tmp.filePath(QStringLiteral("x.png")), QStringLiteral("--size"), QStringLiteral("12")},
                     &err),
                 1);
        QVERIFY2(err.contains("--size"), err.constData());
        QCOMPARE(cli({QStringLiteral("export"), m_sample, QStringLiteral("--to"), QStringLiteral("png"), QStringLiteral("-o"),
                      m_tmp.filePath(QStringLiteral("x.png")), QStringLiteral("--range"), QStringLiteral("5:2")},
                     &err),
                 1);
        const QString bad = m_tmp.filePath(QStringLiteral("missing/dir/x.png"));
        QCOMPARE(cli({QStringLiteral("export"), m_sample, QStringLiteral("--to"), QStringLiteral("png"), QStringLiteral("-o"), bad}, &err),
                 3);
        QVERIFY2(err.contains("missing/dir/x.png"), err.constData());
        QVERIFY(!QFileInfo::exists(bad));
        QCOMPARE(QDir(m_tmp.path()).entryList({QStringLiteral("x.png*")}, QDir::Files | QDir::Hidden), QStringList());
        QCOMPARE(cli({QStringLiteral("export"), m_tmp.filePath(QStringLiteral("nope.json")), QStringLiteral("--to"),
                      QStringLiteral("png"), QStringLiteral("-o"), m_tmp.filePath(QStringLiteral("y.png"))},
                     &err),
                 2);
    }
};

QTEST_MAIN(TestCliPng)
#include "tst_clipng.moc"
