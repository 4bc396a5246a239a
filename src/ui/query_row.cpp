// Picks the plain or the projected numbers of the query's row out of the result.
#include "ui/query_row.h"

namespace attn::ui {

QueryRow query_row(const FrameInput& in) {
    const State& s = in.state;
    const AttentionResult& r = in.result;
    QueryRow row;
    row.projected = r.has_projection;
    row.pass = &r.shown();
    if (row.projected) {
        const ProjectionResult& p = r.projection;
        row.keys = &p.keys;
        row.query = p.queries.row_vector(s.query);
        row.values = &p.values;
        row.divisor = p.scale_divisor;
        row.key_name = "keys";
        row.key_symbol = "k";
        row.query_code = "query = queries[" + std::to_string(s.query) + "]";
    } else {
        row.keys = &s.inputs;
        row.query = r.query;
        row.values = &s.inputs;
        row.key_name = "inputs";
        row.key_symbol = "x";
        row.query_code = "query = inputs[" + std::to_string(s.query) + "]";
    }
    return row;
}

}  // namespace attn::ui
