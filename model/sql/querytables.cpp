// queryTables(): statement results collected into analysis Tables, for the Query dock and tests.
#include "tracedatabase.h"

#include <cmath>
#include <cstdio>
#include <variant>

namespace accelscope::model::sql {

namespace {

class TableSink : public ResultSink {
public:
    TableSink(TraceDatabase &db, std::size_t maxRows) : m_db(db), m_maxRows(maxRows) {}

    void begin(const std::vector<std::string> &columns, std::string_view sql) override
    {
        m_names = columns;
        m_cells.assign(columns.size(), {});
        m_kinds.assign(columns.size(), Kind::Null);
        m_sql = std::string(sql);
        m_sliceColumn = m_tsColumn = m_trackColumn = -1;
    }

    bool row(const ResultRow &row) override
    {
        if (m_kept == 0)
            findSliceColumn(row);
        if (m_kept >= m_maxRows) {
            ++m_dropped;
            return true; // keep counting
        }
        ++m_kept;
        for (int c = 0; c < row.size(); ++c) {
            auto &col = m_cells[static_cast<std::size_t>(c)];
            Kind &kind = m_kinds[static_cast<std::size_t>(c)];
            switch (row.type(c)) {
            case ResultRow::Type::Null: col.emplace_back(std::monostate{}); break;
            case ResultRow::Type::Int:
                col.emplace_back(row.toInt(c));
                if (kind == Kind::Null)
                    kind = Kind::Int;
                break;
            case ResultRow::Type::Real:
                col.emplace_back(row.toReal(c));
                if (kind != Kind::Text)
                    kind = Kind::Real;
                break;
            case ResultRow::Type::Text:
            case ResultRow::Type::Blob:
                col.emplace_back(std::string(row.text(c)));
                kind = Kind::Text;
                break;
            }
        }
        if (m_sliceColumn >= 0 || (m_tsColumn >= 0 && m_trackColumn >= 0)) {
            SliceRef ref;
            if (m_sliceColumn >= 0) {
                if (const auto *id = std::get_if<std::int64_t>(&m_cells[static_cast<std::size_t>(m_sliceColumn)].back()))
                    ref = m_db.sliceRef(*id);
            } else {
                const auto *ts = std::get_if<std::int64_t>(&m_cells[static_cast<std::size_t>(m_tsColumn)].back());
                const auto *track = std::get_if<std::int64_t>(&m_cells[static_cast<std::size_t>(m_trackColumn)].back());
                if (ts && track)
                    ref = m_db.sliceStartingAt(*track, *ts);
            }
            analysis::RowKey key;
            key.slice = ref;
            m_keys.push_back(key);
        }
        return true;
    }

    void end(std::int64_t rows) override
    {
        analysis::Table t("query", "Query result " + std::to_string(tables.size() + 1));
        for (std::size_t c = 0; c < m_names.size(); ++c) {
            const auto &cells = m_cells[c];
            switch (m_kinds[c]) {
            case Kind::Null:
            case Kind::Int: {
                analysis::Column &col = t.addInt(m_names[c], m_names[c]);
                for (const auto &v : cells) {
                    if (const auto *i = std::get_if<std::int64_t>(&v))
                        col.push(*i);
                    else
                        col.pushNull();
                }
                break;
            }
            case Kind::Real: {
                analysis::Column &col = t.addReal(m_names[c], m_names[c]);
                for (const auto &v : cells) {
                    if (const auto *i = std::get_if<std::int64_t>(&v))
                        col.push(static_cast<double>(*i));
                    else if (const auto *d = std::get_if<double>(&v))
                        col.push(*d);
                    else
                        col.pushNull();
                }
                break;
            }
            case Kind::Text: {
                analysis::Column &col = t.addText(m_names[c], m_names[c]);
                for (const auto &v : cells) {
                    if (const auto *i = std::get_if<std::int64_t>(&v))
                        col.push(std::to_string(*i));
                    else if (const auto *d = std::get_if<double>(&v))
                        col.push(formatDouble(*d));
                    else if (const auto *s = std::get_if<std::string>(&v))
                        col.push(*s);
                    else
                        col.push(std::string());
                }
                break;
            }
            }
        }
        if (!m_keys.empty())
            t.keys = std::move(m_keys);
        if (m_dropped > 0)
            t.notes.push_back("first " + std::to_string(m_kept) + " of " + std::to_string(rows) + " rows shown");
        tables.push_back(std::move(t));
        m_keys.clear();
        m_cells.clear();
        m_kept = 0;
        m_dropped = 0;
    }

    std::vector<analysis::Table> tables;

private:
    enum class Kind { Null, Int, Real, Text };
    using Cell = std::variant<std::monostate, std::int64_t, double, std::string>;

    static std::string formatDouble(double d)
    {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.17g", d);
        return buf;
    }

    // `slice_id`, or an `id` whose origin is the slice table, names the row's slice.
    void findSliceColumn(const ResultRow &row)
    {
        for (std::size_t c = 0; c < m_names.size(); ++c)
            if (m_names[c] == "slice_id") {
                m_sliceColumn = static_cast<int>(c);
                return;
            }
        for (std::size_t c = 0; c < m_names.size(); ++c)
            if (m_names[c] == "id" && row.originTable(static_cast<int>(c)) == "slice") {
                m_sliceColumn = static_cast<int>(c);
                return;
            }
        // Without an id: a slice's start and track name it (the outermost slice starting there).
        for (std::size_t c = 0; c < m_names.size(); ++c) {
            if (m_names[c] == "ts")
                m_tsColumn = static_cast<int>(c);
            else if (m_names[c] == "track_id")
                m_trackColumn = static_cast<int>(c);
        }
    }

    TraceDatabase &m_db;
    std::size_t m_maxRows;
    std::vector<std::string> m_names;
    std::vector<std::vector<Cell>> m_cells;
    std::vector<Kind> m_kinds;
    std::vector<analysis::RowKey> m_keys;
    std::string m_sql;
    int m_sliceColumn = -1, m_tsColumn = -1, m_trackColumn = -1;
    std::size_t m_kept = 0;
    std::int64_t m_dropped = 0;
};

} // namespace

QueryTables queryTables(TraceDatabase &db, std::string_view sql, std::size_t maxRows, std::stop_token stop)
{
    TableSink sink(db, maxRows);
    QueryTables out;
    out.status = db.execute(sql, sink, std::move(stop));
    out.tables = std::move(sink.tables);
    return out;
}

} // namespace accelscope::model::sql
