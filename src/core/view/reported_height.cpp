// The height an embedded demo tells the page around it: see reported_height.h.
#include "core/view/reported_height.h"

#include <algorithm>
#include <cstdlib>

namespace attn {

int next_reported_height(ReportedHeight* r, int measured, uint64_t version, int width, bool acted) {
    if (measured <= 0) return 0;
    if (acted || version != r->version || width != r->width) r->following = kReportedHeightSettlePasses;
    r->version = version;
    r->width = width;
    if (r->following > 0) {
        --r->following;
        r->peak = measured;
    } else {
        r->peak = std::max(r->peak, measured);
    }
    if (std::abs(r->peak - r->told) <= 1) return 0;
    r->told = r->peak;
    return r->told;
}

}  // namespace attn
