// Translations: the zh_CN catalogue is embedded, complete, and covers every diagnostic kind;
// language codes resolve as documented.
#include "app/gui/diagnosticsmodel.h"
#include "app/gui/importcontroller.h"
#include "app/gui/language.h"
#include "model/analysis/analyses.h"
#include "views/modeltext.h"

#include <QFile>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

using namespace accelscope;

class TestTranslations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { app::language::apply(QStringLiteral("en")); }

    void languageCodesResolve_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("resolved");
        QTest::newRow("en") << QStringLiteral("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("zh_CN");
        QTest::newRow("zh-CN") << QStringLiteral("zh-CN") << QStringLiteral("zh_CN");
        QTest::newRow("zh") << QStringLiteral("zh") << QStringLiteral("zh_CN");
        QTest::newRow("unknown") << QStringLiteral("xx") << QStringLiteral("en");
    }
    void languageCodesResolve()
    {
        QFETCH(QString, code);
        QFETCH(QString, resolved);
        QCOMPARE(app::language::resolve(code), resolved);
    }

    void catalogueIsEmbedded()
    {
        QTranslator t;
        QVERIFY(t.load(QStringLiteral(":/i18n/accelscope_zh_CN.qm")));
        QVERIFY(!t.isEmpty());
    }

    void everyDiagnosticKindIsTranslated()
    {
        app::language::apply(QStringLiteral("zh_CN"));
        QStringList missing;
        for (int k = 0; k < int(model::DiagKind::Count); ++k) {
            const auto kind = model::DiagKind(k);
            const std::string_view en = model::diagInfo(kind).description;
            const QString shown = app::DiagnosticsModel::describe(kind);
            if (shown == QString::fromUtf8(en.data(), qsizetype(en.size())))
                missing << QString::fromLatin1(model::diagInfo(kind).id.data(), qsizetype(model::diagInfo(kind).id.size()));
        }
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("no zh_CN text (add it to app/gui/diagnosticstexts.cpp "
                                                              "and translations/accelscope_zh_CN.ts): ")
                                               + missing.join(QStringLiteral(", "))));
    }

    void everyAnalysisTitleIsTranslated()
    {
        // The panels show analysis titles through the "AnalysisNames" context; their literals
        // reach the catalogue through app/gui/analysistexts.cpp (translations/extract_analysis_texts.py).
        app::language::apply(QStringLiteral("zh_CN"));
        QStringList missing;
        for (const model::analysis::AnalysisInfo &a : model::analysis::analyses()) {
            const std::string title(a.title);
            if (QCoreApplication::translate("AnalysisNames", title.c_str()) == QString::fromStdString(title))
                missing << QString::fromStdString(title);
        }
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("rerun translations/extract_analysis_texts.py, then translate: ")
                                               + missing.join(QStringLiteral(", "))));
    }

    void importErrorsExportErrorsAndTableNotesAreTranslated()
    {
        // Model texts reach the catalogue through app/gui/analysistexts.cpp
        // (translations/extract_analysis_texts.py) and are shown through views/modeltext.h.
        app::language::apply(QStringLiteral("zh_CN"));
        const auto shown = [](const char *context, const char *english) {
            return views::translatedModelText(context, english);
        };
        // a fixed message
        const QString missing = shown(views::kImportErrorContext, "no such file or directory");
        QVERIFY2(missing != QLatin1String("no such file or directory"), qPrintable(missing));
        QVERIFY(shown(views::kExportErrorContext, "no table to export") != QLatin1String("no table to export"));
        QVERIFY(shown(views::kTableNoteContext, "no msprof-analyze cluster output in the trace")
                != QLatin1String("no msprof-analyze cluster output in the trace"));
        // a fixed lead-in and the system's reason after it: the lead-in translated, the rest kept
        const QString open = shown(views::kImportErrorContext, "cannot open: Permission denied");
        QVERIFY2(open.endsWith(QLatin1String("Permission denied")), qPrintable(open));
        QVERIFY2(!open.startsWith(QLatin1String("cannot open")), qPrintable(open));
        // a text with no entry is shown as written
        QCOMPARE(shown(views::kImportErrorContext, "no entry: for this"), QStringLiteral("no entry: for this"));
        app::language::apply(QStringLiteral("en"));
        QCOMPARE(shown(views::kImportErrorContext, "cannot open: Permission denied"),
                 QStringLiteral("cannot open: Permission denied"));
    }

    void stageNamesAreTranslated()
    {
        app::language::apply(QStringLiteral("zh_CN"));
        QCOMPARE(app::ImportController::stageText(importers::Stage::Parsing), QStringLiteral("解析"));
        app::language::apply(QStringLiteral("en"));
        QCOMPARE(app::ImportController::stageText(importers::Stage::Parsing), QStringLiteral("Parsing"));
    }

    void zhCNSourceFileHasNoUnfinishedMessages()
    {
        QFile f(QStringLiteral(ACCELSCOPE_SOURCE_DIR "/translations/accelscope_zh_CN.ts"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&f);
        int messages = 0;
        QStringList unfinished;
        QString source;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == QLatin1String("message"))
                ++messages;
            else if (xml.name() == QLatin1String("source"))
                source = xml.readElementText();
            else if (xml.name() == QLatin1String("translation")) {
                const QString type = xml.attributes().value(QLatin1String("type")).toString();
                if (type == QLatin1String("unfinished"))
                    unfinished << source;
            }
        }
        QVERIFY(!xml.hasError());
        QVERIFY(messages > 100);
        QVERIFY2(unfinished.isEmpty(), qPrintable(unfinished.join(QStringLiteral("\n"))));
    }

    void englishPluralsAreReadable()
    {
        // The plural forms live in accelscope_en.ts, which is loaded for English too.
        QTranslator en;
        QVERIFY(en.load(QStringLiteral(":/i18n/accelscope_en.qm")));
        QCOMPARE(en.translate("accelscope::app::MainWindow", "Loaded with %n warning(s)", nullptr, 3),
                 QStringLiteral("Loaded with %n warnings"));
        app::language::apply(QStringLiteral("en"));
        QCOMPARE(QCoreApplication::translate("accelscope::app::MainWindow", "Loaded with %n warning(s)", nullptr, 1),
                 QStringLiteral("Loaded with 1 warning"));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
