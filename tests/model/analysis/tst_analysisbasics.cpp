// The building blocks of the analysis layer: Table and its CSV/JSON/text forms, pandas-style
// statistics, interval unions and sweeps, HTA's and Accelscope's kernel classifiers, the args
// scanner and category rules.
#include "analysistesthelpers.h"

#include "model/analysis/common/categories.h"
#include "model/analysis/core/eventindex.h"
#include "model/analysis/core/intervals.h"
#include "model/analysis/common/kerneltype.h"
#include "model/analysis/core/stats.h"
#include "model/analysis/core/tableformat.h"

#include <QTest>

using namespace accelscope::model;
using namespace accelscope::model::analysis;

class TstAnalysisBasics : public QObject {
    Q_OBJECT
private slots:
    void tableColumnsStayValidWhileAdding()
    {
        // Given references taken while adding columns
        Table t("x", "X");
        Column &a = t.addInt("a", "A");
        for (int i = 0; i < 50; ++i)
            t.addReal("r" + std::to_string(i), "R");
        Column &b = t.addText("b", "B");
        // When rows are pushed through the first references
        a.push(std::int64_t(1));
        for (int i = 0; i < 50; ++i)
            t.columns[std::size_t(i + 1)].push(1.5);
        b.push(std::string("x"));
        // Then the table is consistent
        QCOMPARE(t.rowCount(), std::size_t(1));
        QVERIFY(t.checkConsistent().empty());
    }

    void sortIsStableAndPutsMissingLast()
    {
        Table t("x", "X");
        Column &n = t.addText("n", "N");
        Column &v = t.addReal("v", "V");
        for (auto [s, x] : std::vector<std::pair<std::string, double>>{{"a", 2}, {"b", NAN}, {"c", 1}, {"d", 2}}) {
            n.push(s);
            v.push(x);
        }
        t.sortBy({{1, true}});
        QCOMPARE(testsupport::rowsText(t, {"n"}), std::string("a;d;c;b;"));
        t.sortBy({{1, false}});
        QCOMPARE(testsupport::rowsText(t, {"n"}), std::string("c;a;d;b;"));
    }

    void csvQuotesAsRfc4180()
    {
        Table t("x", "X");
        t.addText("name", "Name").push(std::string("a, \"b\"\nc"));
        t.addInt("n", "N").push(kNullInt);
        t.addReal("r", "R").push(0.1);
        QCOMPARE(toCsv(t), std::string("name,n,r\n\"a, \"\"b\"\"\nc\",,0.1\n"));
    }

    void jsonWritesNullForMissingAndEscapes()
    {
        Table t("x", "X");
        t.addText("name", "Name").push(std::string("q\"\\\t"));
        t.addReal("r", "R", Unit::Percent).push(std::nan(""));
        const std::string j = toJson(t);
        QVERIFY(j.find("[\"q\\\"\\\\\\t\", null]") != std::string::npos);
        QVERIFY(j.find("\"unit\": \"%\"") != std::string::npos);
    }

    void textTableAlignsAndCutsLongNames()
    {
        Table t("x", "Title");
        t.addText("name", "Name").push(std::string(100, 'k'));
        t.addInt("n", "N").push(std::int64_t(12345));
        const std::string s = toText(t, 10);
        QVERIFY(s.find("kkkkkkkkk\xE2\x80\xA6") != std::string::npos);
        QVERIFY(s.find("12345") != std::string::npos);
    }

    void roundHalfEvenAsNumpy()
    {
        QCOMPARE(roundHalfEven(0.125, 2), 0.12);
        QCOMPARE(roundHalfEven(0.375, 2), 0.38);
        QCOMPARE(roundHalfEven(2.5, 0), 2.0);
        QCOMPARE(roundHalfEven(98.53, 2), 98.53);
    }

    void describeMatchesPandas()
    {
        // pandas: pd.Series([1, 2, 3, 4, 10]).describe()
        std::vector<double> v{10, 1, 3, 2, 4};
        const Describe d = describe(v);
        QCOMPARE(d.count, 5.0);
        QCOMPARE(d.mean, 4.0);
        QVERIFY(std::fabs(d.std - 3.5355339059327378) < 1e-12);
        QCOMPARE(d.q25, 2.0);
        QCOMPARE(d.q50, 3.0);
        QCOMPARE(d.q75, 4.0);
        QCOMPARE(d.max, 10.0);
        std::vector<double> one{7};
        QVERIFY(std::isnan(describe(one).std));
        std::vector<double> none;
        QVERIFY(std::isnan(describe(none).mean));
    }

    void durationStatsPercentilesInterpolate()
    {
        DurationStats s;
        for (int v : {10, 2})
            s.add(v);
        const auto r = s.finish();
        QCOMPARE(r.count, std::int64_t(2));
        QCOMPARE(r.sum, std::int64_t(12));
        QCOMPARE(r.mean, 6.0);
        QVERIFY(std::fabs(r.std - std::sqrt(32.0)) < 1e-12);
        QCOMPARE(r.p50, 6.0);
        QCOMPARE(r.p90, 9.2);
    }

    void unionMergesTouchingIntervals()
    {
        std::vector<Interval> v{{10, 20}, {0, 5}, {5, 7}, {15, 30}, {40, 41}};
        const auto u = unionOf(v);
        QCOMPARE(u.size(), std::size_t(3));
        QCOMPARE(u[0], (Interval{0, 7}));
        QCOMPARE(u[1], (Interval{10, 30}));
        QCOMPARE(totalLength(u), std::int64_t(7 + 20 + 1));
        std::vector<Interval> w{{3, 12}, {25, 45}};
        const auto uw = unionOf(w);
        QCOMPARE(intersectionLength(u, uw), std::int64_t(4 + 2 + 5 + 1));
    }

    void negativeIntervalsCountAsHtaDoes()
    {
        // HTA's rounding makes [11, 10] for an event with no whole µs inside; it forms its own
        // group with length -1 and, inside another type's interval, lowers the running sum
        std::vector<Interval> comp{{11, 10}};
        std::vector<Interval> mem{{5, 20}};
        const auto uc = unionOf(comp);
        QCOMPARE(totalLength(uc), std::int64_t(-1));
        std::vector<std::vector<Interval>> unions{uc, unionOf(mem)};
        // bits: comp = 1, mem = 2 (here); running 2 - 1 = 1 for [10, 11): HTA calls it "comp"
        const auto cov = coverageByMask(unions);
        QCOMPARE(cov[kMaskOffset + 2], std::int64_t(14));
        QCOMPARE(cov[kMaskOffset + 1], std::int64_t(1));
    }

    void htaClassifierFollowsItsPrefixRules_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("type");
        QTest::newRow("nccl") << "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*)" << "COMMUNICATION";
        QTest::newRow("contains ncclKernel") << "void ncclKernel_x" << "COMMUNICATION";
        QTest::newRow("hipMemcpy is comm (hip first)") << "hipMemcpyAsync" << "COMMUNICATION";
        QTest::newRow("rccl is computation") << "rcclKernel" << "COMPUTATION";
        QTest::newRow("memcpy") << "Memcpy HtoD (Pageable -> Device)" << "MEMORY";
        QTest::newRow("memset") << "Memset (Device)" << "MEMORY";
        QTest::newRow("mtia dma") << "dma_request" << "MEMORY";
        QTest::newRow("contains Memcpy") << "myMemcpyKernel" << "OTHER";
        QTest::newRow("contains Sync") << "Context Sync" << "OTHER";
        QTest::newRow("stream wait") << "Stream Wait Event" << "OTHER";
        QTest::newRow("mtia pe_exe") << "pe_exe" << "OTHER";
        QTest::newRow("mtia event_wait") << "event_wait" << "COMPUTATION";
        QTest::newRow("gemm") << "ampere_sgemm_32x32_sliced1x4_tn" << "COMPUTATION";
    }
    void htaClassifierFollowsItsPrefixRules()
    {
        QFETCH(QString, name);
        QFETCH(QString, type);
        QCOMPARE(QString::fromLatin1(kernelTypeName(htaKernelType(name.toStdString()))), type);
    }

    void nativeClassifierUsesCategoryEngineAndNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("cat");
        QTest::addColumn<int>("engine");
        QTest::addColumn<QString>("type");
        QTest::newRow("rccl") << "rcclKernel_AllReduce" << "kernel" << int(EngineKind::None) << "COMMUNICATION";
        QTest::newRow("hipMemcpy") << "hipMemcpyAsync" << "kernel" << int(EngineKind::None) << "MEMORY";
        QTest::newRow("memcpy by cat") << "whatever" << "gpu_memcpy" << int(EngineKind::None) << "MEMORY";
        QTest::newRow("sync by cat") << "Context Sync" << "cuda_sync" << int(EngineKind::None) << "SYNC";
        QTest::newRow("hccl") << "HcclAllReduce_1" << "" << int(EngineKind::None) << "COMMUNICATION";
        QTest::newRow("gdma engine") << "tensorLd" << "" << int(EngineKind::GDMA) << "MEMORY";
        QTest::newRow("cdma engine") << "send" << "" << int(EngineKind::CDMA) << "COMMUNICATION";
        QTest::newRow("tiu engine") << "conv" << "" << int(EngineKind::TIU) << "COMPUTATION";
        QTest::newRow("gemm") << "sm90_xmma_gemm" << "kernel" << int(EngineKind::None) << "COMPUTATION";
        QTest::newRow("mtia event_wait") << "event_wait" << "mtia_ccp_events" << int(EngineKind::None) << "SYNC";
        QTest::newRow("ascend notify wait on an HCCL engine") << "Notify Wait" << "" << int(EngineKind::Communication) << "SYNC";
        QTest::newRow("ascend EVENT_WAIT") << "EVENT_WAIT" << "" << int(EngineKind::None) << "SYNC";
    }
    void nativeClassifierUsesCategoryEngineAndNames()
    {
        QFETCH(QString, name);
        QFETCH(QString, cat);
        QFETCH(int, engine);
        QFETCH(QString, type);
        QCOMPARE(QString::fromLatin1(kernelTypeName(nativeKernelType(name.toStdString(), cat.toStdString(), EngineKind(engine)))),
                 type);
    }

    void memcpyKindsAsHta()
    {
        QCOMPARE(htaMemcpyKind("Memcpy HtoD (Pageable -> Device)"), std::string("Memcpy HtoD"));
        QCOMPARE(htaMemcpyKind("Memset (Device)"), std::string("Memset"));
        QCOMPARE(htaMemcpyKind("dma_request"), std::string("Memcpy Unknown"));
        QCOMPARE(nativeMemcpyKind("x", EngineKind::GDMA), std::string("GDMA"));
    }

    void argsScannerReadsTopLevelScalarsOnly()
    {
        std::map<std::string, std::string> got;
        forEachTopLevelScalar("{\"a\":{\"stream\":9,\"x\":[1,{\"y\":\"}\"}]},\"stream\":7,\"s\":\"0x0\",\"e\":\"q\\\"x\",\"correlation\":-5}",
                              [&](std::string_view k, std::string_view v, bool) { got[std::string(k)] = std::string(v); });
        QCOMPARE(got.size(), std::size_t(4));
        QCOMPARE(got["stream"], std::string("7"));
        QCOMPARE(got["s"], std::string("0x0"));
        QCOMPARE(got["e"], std::string("q\\\"x"));
        QCOMPARE(got["correlation"], std::string("-5"));
        // malformed input stops quietly
        forEachTopLevelScalar("{\"a\":", [&](std::string_view, std::string_view, bool) { QFAIL("no value expected"); });
    }

    void categoryRulesRoundTripThroughJson()
    {
        const CategoryRules d = defaultCategoryRules();
        auto back = parseCategoryRulesJson(categoryRulesToJson(d));
        QVERIFY(back.has_value());
        QVERIFY(*back == d);
        std::string err;
        QVERIFY(!parseCategoryRulesJson("{\"rules\":[{\"pattern\":\"(\",\"category\":\"x\"}]}", &err));
        QVERIFY(err.find("rule 1") != std::string::npos);
        QVERIFY(!parseCategoryRulesJson("[1]", &err));
        auto arr = parseCategoryRulesJson("[{\"pattern\":\"^Memcpy\",\"category\":\"copies\",\"field\":\"name\",\"case_sensitive\":true}]");
        QVERIFY(arr && arr->rules.size() == 1 && arr->rules[0].caseSensitive);
    }

    void defaultRulesSortCommonKernels_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("category");
        QTest::newRow("nccl") << "ncclKernel_AllReduce_RING_LL_Sum_float" << "communication";
        QTest::newRow("memcpy") << "Memcpy HtoD (Pageable -> Device)" << "memory";
        QTest::newRow("flash") << "flash_fwd_kernel<Flash_fwd_kernel_traits>" << "attention";
        QTest::newRow("cudnn conv") << "_ZN19cutlass_cudnn_train6KernelINS_4conv6kernel23ImplicitGemmConvolution" << "conv";
        QTest::newRow("sgemm") << "ampere_sgemm_32x32_sliced1x4_tn" << "matmul";
        QTest::newRow("layernorm") << "vectorized_layer_norm_kernel" << "normalization";
        QTest::newRow("softmax") << "cunn_SoftMaxForward" << "normalization";
        QTest::newRow("elementwise") << "void at::native::vectorized_elementwise_kernel<4>" << "elementwise";
        QTest::newRow("reduce") << "void at::native::reduce_kernel<512, 1>" << "reduction";
        QTest::newRow("other") << "foo_bar" << "other";
    }
    void defaultRulesSortCommonKernels()
    {
        QFETCH(QString, name);
        QFETCH(QString, category);
        CategoryMatcher m(defaultCategoryRules());
        QCOMPARE(QString::fromStdString(m.categoryOf(m.match(name.toStdString(), "kernel"))), category);
    }
};

QTEST_GUILESS_MAIN(TstAnalysisBasics)
#include "tst_analysisbasics.moc"
