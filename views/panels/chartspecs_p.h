// The cell readers and chart shapes that every table's chart (chartspecs.cpp) and the PyTorch
// profiler views' charts (pytorchchartspecs.cpp) share. Private to views/panels/. They read
// cells; none computes a number of its own.
#pragma once

#include "chartspec.h"

#include <QString>

#include <functional>
#include <initializer_list>
#include <map>
#include <string_view>
#include <utility>
#include <vector>

namespace accelscope::views {

/// The chart of a tb-* table (the PyTorch profiler views), Kind::None for those without one.
ChartSpec pytorchChartSpec(const model::analysis::Table &table, const std::vector<int> &rows);

namespace chartspecdetail {

using model::analysis::Column;
using model::analysis::Table;

QString tr(const char *text); ///< the "AnalysisChart" translation context

/// Distinct keys in first-seen order, each found in O(log n): tables of 1,000 ranks have tens
/// of thousands of rows.
template <typename Key>
class Distinct {
public:
    void add(const Key &k)
    {
        if (m_index.emplace(k, m_keys.size()).second)
            m_keys.push_back(k);
    }
    std::size_t at(const Key &k) const { return m_index.at(k); }
    std::size_t size() const { return m_keys.size(); }
    const Key &operator[](std::size_t i) const { return m_keys[i]; }
    auto begin() const { return m_keys.begin(); }
    auto end() const { return m_keys.end(); }

private:
    std::vector<Key> m_keys;
    std::map<Key, std::size_t> m_index;
};

const Column *findColumn(const Table &t, std::initializer_list<std::string_view> ids);
/// A cell's number (NaN when missing or the column is absent).
double cell(const Column *c, int row);
QString cellText(const Column *c, int row);
/// `rows`, or every row of `t` in table order when empty.
std::vector<int> rowOrder(const Table &t, const std::vector<int> &rows);
bool severalRanks(const Table &t, const std::vector<int> &rows);
QString rankText(const Table &t, int row);
/// One series per column, one category per row.
ChartSpec stackedColumns(const Table &t, const std::vector<int> &rows, const QStringList &categories,
                         const std::vector<std::pair<const Column *, std::pair<QString, QColor>>> &columns);
/// The kTopN rows of the largest `value`, as horizontal bars.
ChartSpec topN(const Table &t, const std::vector<int> &rowsIn, const Column *value, const QString &seriesName,
               const std::function<QString(int)> &label, const std::function<QString(int)> &detail);

} // namespace chartspecdetail

} // namespace accelscope::views
