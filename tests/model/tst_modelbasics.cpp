// String table, exact time parsing, counter summaries, args parsing and ASCII text helpers.
#include "model/argstree.h"
#include "model/asciitext.h"
#include "model/countersummary.h"
#include "model/stringtable.h"
#include "model/timeparse.h"

#include <QTest>

#include <random>

using namespace accelscope::model;

class TstModelBasics : public QObject {
    Q_OBJECT
private slots:
    void stringTableInternsOnceAndKeepsViewsStable()
    {
        StringTable t;
        QCOMPARE(t.intern(""), kEmptyString);
        std::vector<StringId> ids;
        for (int i = 0; i < 100000; ++i)
            ids.push_back(t.intern("name_" + std::to_string(i)));
        const std::string_view first = t.view(ids[0]);
        for (int i = 0; i < 100000; ++i)
            QCOMPARE(t.intern("name_" + std::to_string(i)), ids[i]);
        QCOMPARE(first.data(), t.view(ids[0]).data()); // arena blocks never move
        QCOMPARE(t.find("name_99999"), ids.back());
        QCOMPARE(t.find("absent"), kInvalidId);
        QCOMPARE(t.size(), std::size_t(100001));
    }

    void microsecondTextConvertsExactly_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("ns");
        QTest::addColumn<bool>("ok");
        QTest::newRow("integer") << "12" << qint64(12000) << true;
        QTest::newRow("kineto epoch") << "1700000000123.456" << qint64(1700000000123456) << true;
        QTest::newRow("ascend 16 digits") << "1720000000123456.789" << qint64(1720000000123456789) << true;
        QTest::newRow("one ns") << "0.001" << qint64(1) << true;
        QTest::newRow("sub-ns rounds half up") << "0.0005" << qint64(1) << true;
        QTest::newRow("sub-ns rounds down") << "0.0004" << qint64(0) << true;
        QTest::newRow("negative") << "-5.5" << qint64(-5500) << true;
        QTest::newRow("exponent") << "1.5e3" << qint64(1500000) << true;
        QTest::newRow("negative exponent") << "15e-1" << qint64(1500) << true;
        QTest::newRow("spaces") << " 1.000 " << qint64(1000) << true;
        QTest::newRow("garbage") << "abc" << qint64(0) << false;
        QTest::newRow("empty") << "" << qint64(0) << false;
        QTest::newRow("trailing junk") << "1.2x" << qint64(0) << false;
        QTest::newRow("overflow") << "99999999999999999999999" << qint64(0) << false;
    }
    void microsecondTextConvertsExactly()
    {
        QFETCH(QString, text);
        QFETCH(qint64, ns);
        QFETCH(bool, ok);
        TimeNs out = 0;
        const std::string s = text.toStdString();
        QCOMPARE(parseMicrosToNs(s, out), ok);
        if (ok)
            QCOMPARE(qint64(out), ns);
    }

    void backToBackKinetoTimesDoNotDriftThroughDoubles()
    {
        // Given two events whose µs text differs by exactly 1 ns at an epoch base
        TimeNs a = 0, b = 0;
        QVERIFY(parseMicrosToNs("1700000000123.455", a));
        QVERIFY(parseMicrosToNs("1700000000123.456", b));
        // Then the ns difference is exactly 1 (a double gives 0 or 2 for some values)
        QCOMPARE(b - a, TimeNs(1));
    }

    void counterSummaryMatchesBruteForce()
    {
        std::mt19937 rng(3);
        std::uniform_real_distribution<double> d(-1000, 1000);
        for (std::size_t n : {1u, 31u, 32u, 33u, 1000u, 70000u}) {
            std::vector<double> v(n);
            for (auto &x : v)
                x = d(rng);
            CounterSummary s;
            s.build(v);
            std::uniform_int_distribution<std::size_t> pick(0, n - 1);
            for (int k = 0; k < 300; ++k) {
                std::size_t a = pick(rng), b = pick(rng);
                if (a > b)
                    std::swap(a, b);
                ++b;
                double mn = v[a], mx = v[a];
                for (std::size_t i = a; i < b; ++i) {
                    mn = std::min(mn, v[i]);
                    mx = std::max(mx, v[i]);
                }
                const auto [smn, smx] = s.minMax(v, a, b);
                QCOMPARE(smn, mn);
                QCOMPARE(smx, mx);
            }
        }
    }

    void argsKeepBigNumbersVerbatim()
    {
        const char *json = "{\"Comms Id\": 18446744073709551615, \"name\": \"a\\\"b\\u00e9\", "
                           "\"dims\": [[1, 2], []], \"ok\": true}";
        auto root = parseArgs(json);
        QVERIFY(root.has_value());
        QCOMPARE(QString::fromStdString(root->child("Comms Id")->value), QStringLiteral("18446744073709551615"));
        QCOMPARE(QString::fromStdString(root->child("name")->value), QStringLiteral("a\"b\u00e9"));
        QCOMPARE(root->child("dims")->children.size(), std::size_t(2));
        QCOMPARE(root->child("dims")->children[0].children[1].value, std::string("2"));
        QCOMPARE(root->child("ok")->type, ArgNode::Type::Bool);
        QVERIFY(!parseArgs("{\"a\":").has_value());
        QCOMPARE(findArg("{\"correlation\": 42}", "correlation").value(), std::string("42"));
    }

    void asciiTextFoldsOnlyAsciiLetters()
    {
        // Given mixed case ASCII and UTF-8 bytes, When lowered, Then only A-Z change
        QCOMPARE(QString::fromStdString(asciiLower("AI_CORE Mix_\xC3\x84")), QString::fromUtf8("ai_core mix_\xC3\x84"));
        QVERIFY(equalsNoCase("Communication", "COMMUNICATION"));
        QVERIFY(!equalsNoCase("HCCL", "HCCL "));
        QVERIFY(!equalsNoCase("\xC3\x84", "\xC3\xA4")); // no folding beyond ASCII
        QVERIFY(startsWithNoCase("MIX_AIC", "mix_"));
        QVERIFY(!startsWithNoCase("MI", "mix_"));
        QVERIFY(containsNoCase("KERNEL_AIVEC_x", "aivec"));
        QVERIFY(containsNoCase("abc", ""));
        QVERIFY(!containsNoCase("ab", "abc"));
    }

    void trimmedRemovesOnlyTheGivenCharactersAtBothEnds_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("chars"); // empty: the default blanks
        QTest::addColumn<QString>("expected");
        QTest::newRow("blanks") << " \t value \r\n" << "" << "value";
        QTest::newRow("inner kept") << "  a b  " << "" << "a b";
        QTest::newRow("all blank") << " \t " << "" << "";
        QTest::newRow("empty") << "" << "" << "";
        QTest::newRow("quotes") << "\" 12\"" << " \"" << "12";
        QTest::newRow("tabs only: line end kept") << "\t12\r" << " \t" << "12\r";
    }
    void trimmedRemovesOnlyTheGivenCharactersAtBothEnds()
    {
        QFETCH(QString, text);
        QFETCH(QString, chars);
        QFETCH(QString, expected);
        const std::string t = text.toStdString(), c = chars.toStdString();
        const std::string_view r = chars.isEmpty() ? trimmed(t) : trimmed(t, c);
        QCOMPARE(QString::fromStdString(std::string(r)), expected);
    }
};

QTEST_GUILESS_MAIN(TstModelBasics)
#include "tst_modelbasics.moc"
