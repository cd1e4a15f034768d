// The generic sqlite3_module behind every Accelscope virtual table (vtab_p.h).
#include "vtab_p.h"

#include <cmath>
#include <cstring>

namespace accelscope::model::sql::detail {

namespace {

struct VTab {
    sqlite3_vtab base{};
    VirtualTable *table = nullptr;
};

struct VCursor {
    sqlite3_vtab_cursor base{};
    std::unique_ptr<Cursor> cursor;
};

std::string quoteIdentifier(std::string_view s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
    return out;
}

int setError(sqlite3_vtab *vtab, const std::string &message)
{
    sqlite3_free(vtab->zErrMsg);
    vtab->zErrMsg = sqlite3_mprintf("%s", message.c_str());
    return SQLITE_ERROR;
}

int xConnect(sqlite3 *db, void *aux, int, const char *const *, sqlite3_vtab **out, char **err)
{
    auto *table = static_cast<VirtualTable *>(aux);
    std::string error;
    const std::vector<ColumnSpec> &cols = table->columns(error);
    if (cols.empty()) {
        *err = sqlite3_mprintf("%s", error.empty() ? ("table " + table->name() + " has no columns").c_str() : error.c_str());
        return SQLITE_ERROR;
    }
    std::string decl = "CREATE TABLE x(";
    for (std::size_t i = 0; i < cols.size(); ++i) {
        if (i)
            decl += ", ";
        decl += quoteIdentifier(cols[i].name) + ' ' + cols[i].type;
    }
    decl += ')';
    if (const int rc = sqlite3_declare_vtab(db, decl.c_str()); rc != SQLITE_OK) {
        *err = sqlite3_mprintf("cannot declare %s: %s", table->name().c_str(), sqlite3_errmsg(db));
        return rc;
    }
    sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY);
    auto *v = new VTab;
    v->table = table;
    *out = &v->base;
    return SQLITE_OK;
}

int xDisconnect(sqlite3_vtab *vtab)
{
    delete reinterpret_cast<VTab *>(vtab);
    return SQLITE_OK;
}

int xBestIndex(sqlite3_vtab *vtab, sqlite3_index_info *info)
{
    return reinterpret_cast<VTab *>(vtab)->table->bestIndex(info);
}

int xOpen(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out)
{
    VirtualTable *table = reinterpret_cast<VTab *>(vtab)->table;
    auto *c = new VCursor;
    c->cursor = table->open();
    table->touched();
    *out = &c->base;
    return SQLITE_OK;
}

int xClose(sqlite3_vtab_cursor *cur)
{
    delete reinterpret_cast<VCursor *>(cur);
    return SQLITE_OK;
}

int xFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr, int argc, sqlite3_value **argv)
{
    std::vector<Pushed> pushed;
    // idxStr: "col:op;col:op;..." in argv order (pushConstraints)
    for (const char *p = idxStr; p && *p && static_cast<int>(pushed.size()) < argc;) {
        Pushed c;
        char *end = nullptr;
        c.column = static_cast<int>(std::strtol(p, &end, 10));
        p = end + 1; // ':'
        c.op = static_cast<unsigned char>(std::strtol(p, &end, 10));
        p = end + 1; // ';'
        c.value = argv[pushed.size()];
        pushed.push_back(c);
    }
    const int rc = reinterpret_cast<VCursor *>(cur)->cursor->filter(idxNum, pushed);
    if (rc == SQLITE_INTERRUPT)
        return setError(cur->pVtab, "interrupted");
    return rc;
}

int xNext(sqlite3_vtab_cursor *cur)
{
    const int rc = reinterpret_cast<VCursor *>(cur)->cursor->next();
    if (rc == SQLITE_INTERRUPT)
        return setError(cur->pVtab, "interrupted");
    return rc;
}

int xEof(sqlite3_vtab_cursor *cur)
{
    return reinterpret_cast<VCursor *>(cur)->cursor->eof() ? 1 : 0;
}

int xColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col)
{
    reinterpret_cast<VCursor *>(cur)->cursor->column(ctx, col);
    return SQLITE_OK;
}

int xRowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid)
{
    *rowid = reinterpret_cast<VCursor *>(cur)->cursor->rowid();
    return SQLITE_OK;
}

sqlite3_module makeModule()
{
    sqlite3_module m{};
    m.iVersion = 1;
    m.xCreate = nullptr; // eponymous only: the tables exist in every connection, nobody creates them
    m.xConnect = xConnect;
    m.xBestIndex = xBestIndex;
    m.xDisconnect = xDisconnect;
    m.xDestroy = xDisconnect;
    m.xOpen = xOpen;
    m.xClose = xClose;
    m.xFilter = xFilter;
    m.xNext = xNext;
    m.xEof = xEof;
    m.xColumn = xColumn;
    m.xRowid = xRowid;
    return m;
}

const sqlite3_module kModule = makeModule();

} // namespace

const sqlite3_module &virtualTableModule()
{
    return kModule;
}

int registerTable(sqlite3 *db, std::unique_ptr<VirtualTable> table)
{
    VirtualTable *raw = table.release();
    const std::string name = raw->name();
    return sqlite3_create_module_v2(db, name.c_str(), &kModule, raw,
                                    [](void *p) { delete static_cast<VirtualTable *>(p); });
}

bool isRangeOp(unsigned char op)
{
    switch (op) {
    case SQLITE_INDEX_CONSTRAINT_EQ:
    case SQLITE_INDEX_CONSTRAINT_GT:
    case SQLITE_INDEX_CONSTRAINT_GE:
    case SQLITE_INDEX_CONSTRAINT_LT:
    case SQLITE_INDEX_CONSTRAINT_LE:
    case SQLITE_INDEX_CONSTRAINT_IS:
        return true;
    default:
        return false;
    }
}

void IntRange::apply(unsigned char op, sqlite3_value *value)
{
    constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    const int type = sqlite3_value_numeric_type(value);
    if (type == SQLITE_NULL) {
        if (op != SQLITE_INDEX_CONSTRAINT_IS) { // x = NULL, x < NULL: never true
            lo = kMax;
            hi = kMin;
        }
        return;
    }
    if (type != SQLITE_INTEGER && type != SQLITE_FLOAT)
        return; // text or blob: SQLite's own comparison decides; keep the superset
    std::int64_t floorV, ceilV;
    if (type == SQLITE_INTEGER) {
        floorV = ceilV = sqlite3_value_int64(value);
    } else {
        const double d = sqlite3_value_double(value);
        if (std::isnan(d))
            return;
        if (d >= 9.2e18 || d <= -9.2e18)
            return; // beyond int64: leave it to SQLite
        floorV = static_cast<std::int64_t>(std::floor(d));
        ceilV = static_cast<std::int64_t>(std::ceil(d));
    }
    switch (op) {
    case SQLITE_INDEX_CONSTRAINT_EQ:
    case SQLITE_INDEX_CONSTRAINT_IS:
        if (floorV != ceilV) { // an integer column never equals 2.5
            lo = kMax;
            hi = kMin;
            return;
        }
        lo = std::max(lo, floorV);
        hi = std::min(hi, floorV);
        break;
    case SQLITE_INDEX_CONSTRAINT_GT:
        if (floorV == kMax) {
            lo = kMax;
            hi = kMin;
            return;
        }
        lo = std::max(lo, floorV + 1);
        break;
    case SQLITE_INDEX_CONSTRAINT_GE:
        lo = std::max(lo, ceilV);
        break;
    case SQLITE_INDEX_CONSTRAINT_LT:
        if (ceilV == kMin) {
            lo = kMax;
            hi = kMin;
            return;
        }
        hi = std::min(hi, ceilV - 1);
        break;
    case SQLITE_INDEX_CONSTRAINT_LE:
        hi = std::min(hi, floorV);
        break;
    default:
        break;
    }
}

int VirtualTable::bestIndex(sqlite3_index_info *info)
{
    info->estimatedCost = 1e6;
    info->estimatedRows = 1000000;
    return SQLITE_OK;
}

} // namespace accelscope::model::sql::detail
