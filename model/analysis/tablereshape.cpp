#include "tablereshape.h"

namespace accelscope::model::analysis {

Column &addColumnLike(Table &t, const Column &like)
{
    if (like.type == ColumnType::Int)
        return t.addInt(like.id, like.title, like.unit);
    if (like.type == ColumnType::Real)
        return t.addReal(like.id, like.title, like.unit);
    return t.addText(like.id, like.title);
}

Table columnsOf(const Table &t, std::string name, std::string title, const std::vector<std::string_view> &ids)
{
    Table out(std::move(name), std::move(title));
    for (std::string_view id : ids)
        if (const Column *c = t.column(id))
            addColumnLike(out, *c);
    return out;
}

void copyRow(const Table &from, std::size_t r, Table &to)
{
    for (Column &c : to.columns) {
        const Column *src = from.column(c.id);
        if (!src || src->isNull(r))
            c.pushNull();
        else if (c.type == ColumnType::Int)
            c.push(src->ints[r]);
        else if (c.type == ColumnType::Real)
            c.push(src->reals[r]);
        else
            c.push(src->texts[r]);
    }
}

} // namespace accelscope::model::analysis
