// Two-finger pinch from raw touch points, for zooming the embedding view on phones and tablets.
// No SDL here: the platform layer feeds finger events in window pixels, the app reads the scale
// once per frame. With two fingers down, the change in their distance is the pinch; a third
// finger or a lifted one ends it.
#pragma once
#include <cstdint>
#include <vector>

namespace attn {

class PinchTracker {
public:
    void finger_down(int64_t id, float x, float y);
    void finger_move(int64_t id, float x, float y);
    void finger_up(int64_t id);
    void clear() { fingers_.clear(), scale_ = 1.0f; }

    // Finger distance now / at the last call (1: no pinch; above 1: spreading), then restarts.
    float take_scale();
    int fingers() const { return int(fingers_.size()); }

private:
    struct Finger {
        int64_t id;
        float x, y;
    };
    std::vector<Finger> fingers_;
    float scale_ = 1.0f;
};

}  // namespace attn
