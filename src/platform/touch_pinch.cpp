#include "platform/touch_pinch.h"

#include <algorithm>
#include <cmath>

namespace attn {
namespace {

// Below this finger distance (pixels) a ratio says more about jitter than about a pinch.
constexpr float kMinDistance = 8.0f;
constexpr size_t kMaxFingers = 10;  // touch screens report at most ten; a stuck id cannot grow this

}  // namespace

void PinchTracker::finger_down(int64_t id, float x, float y) {
    finger_up(id);  // a repeated id replaces its old point
    if (fingers_.size() < kMaxFingers) fingers_.push_back({id, x, y});
}

void PinchTracker::finger_move(int64_t id, float x, float y) {
    auto it = std::find_if(fingers_.begin(), fingers_.end(), [id](const Finger& f) { return f.id == id; });
    if (it == fingers_.end()) return;
    if (fingers_.size() != 2) {
        it->x = x, it->y = y;
        return;
    }
    const float before = std::hypot(fingers_[0].x - fingers_[1].x, fingers_[0].y - fingers_[1].y);
    it->x = x, it->y = y;
    const float after = std::hypot(fingers_[0].x - fingers_[1].x, fingers_[0].y - fingers_[1].y);
    if (before >= kMinDistance && after >= kMinDistance && std::isfinite(after)) scale_ *= after / before;
}

void PinchTracker::finger_up(int64_t id) {
    fingers_.erase(std::remove_if(fingers_.begin(), fingers_.end(), [id](const Finger& f) { return f.id == id; }),
                   fingers_.end());
}

float PinchTracker::take_scale() {
    const float s = scale_;
    scale_ = 1.0f;
    return s;
}

}  // namespace attn
