// accelscope-cli query: runs SQL over the loaded inputs with the schema of docs/sql.md, or
// reads statements and dot commands interactively (line editing and history with libedit when
// the build found it) or from standard input.
#include "querycommand.h"

#include "app/cli/importflags.h"

#include "importers/registry.h"
#include "model/analysis/core/tableformat.h"
#include "model/jsonstring.h"
#include "model/sql/tracedatabase.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <string>
#include <unistd.h>

#ifdef ACCELSCOPE_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

namespace accelscope::app {

namespace {

using model::sql::ResultRow;
using model::sql::ResultSink;
using model::sql::TraceDatabase;

enum class Format { Table, Csv, Json };

int usage(const QCommandLineParser &p, const char *error = nullptr)
{
    if (error)
        std::fprintf(stderr, "accelscope-cli query: %s\n\n", error);
    std::fputs("Usage: accelscope-cli query INPUT... 'SQL'\n"
               "       accelscope-cli query INPUT... -f FILE.sql\n"
               "       accelscope-cli query INPUT...            (interactive, or statements from standard input)\n\n",
               stderr);
    std::fputs(qPrintable(p.helpText().section(QLatin1Char('\n'), 2)), stderr);
    std::fputs("\nThe schema (tables slice, track, process, flow, args, counter, instant, diagnostic, source,\n"
               "metadata, views thread and thread_track, and analysis_NAME for every analysis) is in docs/sql.md;\n"
               "'.tables' and '.schema TABLE' list it.\n",
               stderr);
    return 1;
}

std::string csvField(std::string_view s)
{
    if (s.find_first_of(",\"\n\r") == std::string_view::npos)
        return std::string(s);
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

std::string numberText(const ResultRow &row, int c)
{
    if (row.type(c) == ResultRow::Type::Real)
        return model::analysis::formatReal(row.toReal(c));
    return std::string(row.text(c));
}

// CSV and JSON stream row by row; the aligned table needs every row first.
class PrintSink : public ResultSink {
public:
    PrintSink(Format f, FILE *out) : m_format(f), m_out(out) {}

    void begin(const std::vector<std::string> &columns, std::string_view) override
    {
        m_columns = columns;
        m_rows = 0;
        if (m_format == Format::Csv) {
            if (m_statements++)
                std::fputc('\n', m_out);
            std::string line;
            for (std::size_t i = 0; i < columns.size(); ++i)
                line += (i ? "," : "") + csvField(columns[i]);
            std::fprintf(m_out, "%s\n", line.c_str());
        } else if (m_format == Format::Json) {
            std::string head = "{\"columns\": [";
            for (std::size_t i = 0; i < columns.size(); ++i)
                head += (i ? ", " : "") + model::jsonQuote(columns[i]);
            std::fprintf(m_out, "%s], \"rows\": [", head.c_str());
        } else {
            m_table = model::analysis::Table("query", "query");
            m_cells.assign(columns.size(), {});
            m_numeric.assign(columns.size(), true);
        }
    }

    bool row(const ResultRow &row) override
    {
        std::string line;
        for (int c = 0; c < row.size(); ++c) {
            const ResultRow::Type t = row.type(c);
            if (m_format == Format::Csv) {
                line += (c ? "," : "") + (t == ResultRow::Type::Null ? std::string() : t == ResultRow::Type::Text ? csvField(row.text(c)) : numberText(row, c));
            } else if (m_format == Format::Json) {
                line += c ? ", " : "";
                if (t == ResultRow::Type::Null)
                    line += "null";
                else if (t == ResultRow::Type::Text || t == ResultRow::Type::Blob)
                    line += model::jsonQuote(row.text(c));
                else if (t == ResultRow::Type::Real && !std::isfinite(row.toReal(c)))
                    line += "null";
                else
                    line += numberText(row, c);
            } else {
                auto &col = m_cells[static_cast<std::size_t>(c)];
                col.push_back(t == ResultRow::Type::Null ? std::string() : t == ResultRow::Type::Text ? std::string(row.text(c)) : numberText(row, c));
                if (t == ResultRow::Type::Text || t == ResultRow::Type::Blob)
                    m_numeric[static_cast<std::size_t>(c)] = false;
            }
        }
        if (m_format == Format::Csv)
            std::fprintf(m_out, "%s\n", line.c_str());
        else if (m_format == Format::Json)
            std::fprintf(m_out, "%s[%s]", m_rows ? ", " : "", line.c_str());
        ++m_rows;
        return true;
    }

    void end(std::int64_t rows) override
    {
        if (m_format == Format::Json) {
            std::fprintf(m_out, "]}\n");
        } else if (m_format == Format::Table) {
            printTable();
            std::fprintf(m_out, "(%lld row%s)\n", static_cast<long long>(rows), rows == 1 ? "" : "s");
        }
        std::fflush(m_out);
    }

private:
    void printTable()
    {
        std::vector<std::size_t> width(m_columns.size());
        for (std::size_t c = 0; c < m_columns.size(); ++c) {
            width[c] = m_columns[c].size();
            for (const std::string &s : m_cells[c])
                width[c] = std::max(width[c], std::min<std::size_t>(s.size(), 80));
        }
        auto cell = [&](std::size_t c, std::string s) {
            if (s.size() > 80)
                s = s.substr(0, 77) + "...";
            const std::string pad(width[c] - std::min(width[c], s.size()), ' ');
            return m_numeric[c] ? pad + s : s + pad;
        };
        std::string line;
        for (std::size_t c = 0; c < m_columns.size(); ++c)
            line += (c ? "  " : "") + cell(c, m_columns[c]);
        std::fprintf(m_out, "%s\n", line.c_str());
        line.clear();
        for (std::size_t c = 0; c < m_columns.size(); ++c)
            line += (c ? "  " : "") + std::string(width[c], '-');
        std::fprintf(m_out, "%s\n", line.c_str());
        const std::size_t rows = m_cells.empty() ? 0 : m_cells.front().size();
        for (std::size_t r = 0; r < rows; ++r) {
            line.clear();
            for (std::size_t c = 0; c < m_columns.size(); ++c)
                line += (c ? "  " : "") + cell(c, m_cells[c][r]);
            // trailing blanks of a left-aligned last column
            while (!line.empty() && line.back() == ' ')
                line.pop_back();
            std::fprintf(m_out, "%s\n", line.c_str());
        }
    }

    Format m_format;
    FILE *m_out;
    std::vector<std::string> m_columns;
    std::int64_t m_rows = 0;
    int m_statements = 0;
    model::analysis::Table m_table;
    std::vector<std::vector<std::string>> m_cells;
    std::vector<bool> m_numeric;
};

// Runs statements; prints errors (with their position) and the analyses' notes to stderr.
bool runSql(TraceDatabase &db, const std::string &sql, Format format, const std::string &where)
{
    PrintSink sink(format, stdout);
    const model::sql::QueryStatus st = db.execute(sql, sink);
    for (const std::string &n : st.notes)
        std::fprintf(stderr, "note: %s\n", n.c_str());
    if (!st.ok) {
        std::fprintf(stderr, "accelscope-cli query: %s%s%s\n", where.c_str(), where.empty() ? "" : ": ", st.message().c_str());
        return false;
    }
    return true;
}

TraceDatabase *g_signalDb = nullptr;
std::atomic<bool> g_interruptRequested{false};

void onInterrupt(int)
{
    g_interruptRequested.store(true);
    if (g_signalDb)
        g_signalDb->interruptFromSignal();
}

bool parseFormat(const QString &s, Format &f)
{
    if (s == QLatin1String("table"))
        f = Format::Table;
    else if (s == QLatin1String("csv"))
        f = Format::Csv;
    else if (s == QLatin1String("json"))
        f = Format::Json;
    else
        return false;
    return true;
}

// A dot command of the interactive mode; returns false for .quit.
bool dotCommand(TraceDatabase &db, const std::string &line, Format &format)
{
    const std::string cmd = line.substr(0, line.find(' '));
    std::string arg = line.size() > cmd.size() ? line.substr(cmd.size() + 1) : std::string();
    while (!arg.empty() && (arg.back() == ' ' || arg.back() == ';'))
        arg.pop_back();
    while (!arg.empty() && arg.front() == ' ')
        arg.erase(arg.begin());
    if (cmd == ".quit" || cmd == ".exit")
        return false;
    if (cmd == ".tables") {
        for (const model::sql::TableInfo &t : db.tables())
            if (arg.empty() || t.name.find(arg) != std::string::npos)
                std::printf("%-34s %s\n", t.name.c_str(), t.description.c_str());
    } else if (cmd == ".schema") {
        if (arg.empty()) {
            std::fprintf(stderr, "usage: .schema TABLE\n");
            return true;
        }
        std::string error;
        const std::string text = db.schemaText(arg, error);
        if (text.empty())
            std::fprintf(stderr, "%s\n", error.c_str());
        else
            std::printf("%s\n", text.c_str());
    } else if (cmd == ".format" || cmd == ".mode") {
        if (!parseFormat(QString::fromStdString(arg), format))
            std::fprintf(stderr, "usage: .format table|csv|json\n");
    } else if (cmd == ".help") {
        std::printf(".tables [TEXT]     list tables (those whose name contains TEXT)\n"
                    ".schema TABLE      columns of a table (an analysis table is computed)\n"
                    ".format table|csv|json\n"
                    ".quit              leave (also Ctrl-D)\n"
                    "SQL statements end with ';'. Ctrl-C stops a running query.\n");
    } else {
        std::fprintf(stderr, "unknown command %s (.help lists them)\n", cmd.c_str());
    }
    return true;
}

std::string historyPath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/accelscope");
    QDir().mkpath(dir);
    return (dir + QStringLiteral("/query_history")).toStdString();
}

// Reads one line; false at end of input.
bool readLine(bool interactive, const char *prompt, std::string &out)
{
#ifdef ACCELSCOPE_HAVE_LIBEDIT
    if (interactive) {
        char *line = readline(prompt);
        if (!line)
            return false;
        out = line;
        std::free(line);
        return true;
    }
#else
    if (interactive) {
        std::fputs(prompt, stdout);
        std::fflush(stdout);
    }
#endif
    return static_cast<bool>(std::getline(std::cin, out));
}

int interactiveLoop(TraceDatabase &db, Format format)
{
    const bool tty = isatty(STDIN_FILENO) != 0;
#ifdef ACCELSCOPE_HAVE_LIBEDIT
    const std::string history = historyPath();
    if (tty) {
        using_history();
        read_history(history.c_str());
    }
#endif
    if (tty)
        std::printf("Accelscope SQL over the loaded trace (docs/sql.md). .help for commands, .quit to leave.\n");
    std::string pending;
    std::string line;
    bool allOk = true;
    int lineNo = 0;
    int firstLine = 1;
    while (readLine(tty, pending.empty() ? "accelscope> " : "       ...> ", line)) {
        ++lineNo;
        if (pending.empty()) {
            firstLine = lineNo;
            std::size_t p = line.find_first_not_of(" \t");
            if (p != std::string::npos && line[p] == '.') {
#ifdef ACCELSCOPE_HAVE_LIBEDIT
                if (tty)
                    add_history(line.c_str());
#endif
                if (!dotCommand(db, line.substr(p), format))
                    break;
                continue;
            }
            if (p == std::string::npos)
                continue;
        }
        pending += line;
        pending += '\n';
        if (!TraceDatabase::isComplete(pending))
            continue;
#ifdef ACCELSCOPE_HAVE_LIBEDIT
        if (tty) {
            std::string entry = pending;
            while (!entry.empty() && entry.back() == '\n')
                entry.pop_back();
            add_history(entry.c_str());
        }
#endif
        g_interruptRequested.store(false);
        const bool ok = runSql(db, pending, format, tty ? std::string() : "stdin, statement at line " + std::to_string(firstLine));
        allOk = allOk && ok;
        pending.clear();
    }
    if (!pending.empty()) {
        std::fprintf(stderr, "accelscope-cli query: incomplete statement at the end of the input (missing ';'?)\n");
        allOk = false;
    }
#ifdef ACCELSCOPE_HAVE_LIBEDIT
    if (tty)
        write_history(history.c_str());
#endif
    return allOk ? 0 : 3;
}

} // namespace

int runQueryCommand(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("SQL over a trace."));
    p.addHelpOption();
    const QCommandLineOption file{QStringList{QStringLiteral("f"), QStringLiteral("file")}, QStringLiteral("Read the SQL from FILE (several statements)."),
                                  QStringLiteral("FILE")};
    const QCommandLineOption format{QStringLiteral("format"), QStringLiteral("Output format: table, csv or json (one {\"columns\", \"rows\"} object per statement, a line each)."),
                                    QStringLiteral("FORMAT"), QStringLiteral("table")};
    p.addOptions({file, format});
    const ImportFlags importFlags;
    importFlags.addTo(p);
    p.addPositionalArgument(QStringLiteral("INPUT"), QStringLiteral("Trace files or directories."), QStringLiteral("INPUT..."));
    p.addPositionalArgument(QStringLiteral("SQL"), QStringLiteral("Statements to run (omit for the interactive mode)."), QStringLiteral("['SQL']"));

    QStringList args = arguments;
    if (args.size() >= 2)
        args.removeAt(1);
    if (!p.parse(args))
        return usage(p, qPrintable(p.errorText()));
    if (p.isSet(QStringLiteral("help")))
        return usage(p), 0;
    Format fmt;
    if (!parseFormat(p.value(format), fmt))
        return usage(p, "--format must be table, csv or json");

    QStringList pos = p.positionalArguments();
    std::string sql;
    std::string sqlWhere;
    if (p.isSet(file)) {
        QFile f(p.value(file));
        if (!f.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "accelscope-cli query: cannot read %s: %s\n", qPrintable(p.value(file)), qPrintable(f.errorString()));
            return 1;
        }
        sql = f.readAll().toStdString();
        sqlWhere = p.value(file).toStdString();
    } else if (pos.size() >= 2 && !QFileInfo::exists(pos.last())) {
        // The last argument is the SQL unless it names a file or folder (then: interactive).
        sql = pos.takeLast().toStdString();
    }
    if (pos.isEmpty())
        return usage(p, "no INPUT given");

    importers::ImportOptions options;
    {
        std::string err;
        if (!importFlags.read(p, options, err))
            return usage(p, err.c_str());
    }
    const auto loaded = loadInputs(pos, options);
    if (!loaded)
        return 2;
    auto context = std::make_shared<model::analysis::AnalysisContext>(loaded->trace);
    TraceDatabase db(context);
    if (!db.ok()) {
        std::fprintf(stderr, "accelscope-cli query: %s\n", db.error().c_str());
        return 2;
    }
    g_signalDb = &db;
    struct sigaction sa{};
    sa.sa_handler = onInterrupt;
    sigemptyset(&sa.sa_mask);
    // Interactive: Ctrl-C stops the query, not the program. One-shot: the first Ctrl-C stops the
    // query, and the command then exits with the interrupted status.
    sigaction(SIGINT, &sa, nullptr);
    int rc;
    if (sql.empty() && !p.isSet(file))
        rc = interactiveLoop(db, fmt);
    else
        rc = runSql(db, sql, fmt, sqlWhere) ? 0 : 3;
    g_signalDb = nullptr;
    std::signal(SIGINT, SIG_DFL);
    return rc;
}

} // namespace accelscope::app
