// The theme's colours against WCAG 2.1 AA, in both themes: text in the panels' colours has 4.5:1
// on every background it is drawn on, and the outlines of fields, boxes and radio rings, and the
// keyboard's focus highlight, 3:1.
#include "ui/theme.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/view/colormap.h"

using namespace attn;
using namespace attn::ui;

namespace {

Rgba rgba_of(ImVec4 c) {
    return Rgba{c.x, c.y, c.z, 1};
}
// c at alpha over an opaque background, as ImGui blends it.
Rgba over(ImVec4 c, float alpha, ImVec4 background) {
    return Rgba{c.x * alpha + background.x * (1 - alpha), c.y * alpha + background.y * (1 - alpha),
                c.z * alpha + background.z * (1 - alpha), 1};
}

// The lowest contrast of `ink` on any of the backgrounds, and which one gives it.
std::pair<float, std::string> worst(Rgba ink, const std::vector<std::pair<std::string, Rgba>>& backgrounds) {
    std::pair<float, std::string> low{21.0f, ""};
    for (const auto& [name, background] : backgrounds) low = std::min(low, {contrast_ratio(ink, background), name});
    return low;
}

}  // namespace

TEST_CASE("theme: text colours have 4.5:1 and control outlines 3:1 on every background, light and dark") {
    ImGui::CreateContext();
    // Dark first: apply_theme changes only a theme other than the one on (a new context's default
    // colours count as light, so light first would test ImGui's defaults).
    for (bool dark : {true, false}) {
        apply_theme(dark);
        const std::string theme = dark ? "dark: " : "light: ";
        const ImVec4* c = ImGui::GetStyle().Colors;
        // Where text is drawn: the page, the panels, striped and header rows, the query's row tint.
        const std::vector<std::pair<std::string, Rgba>> backgrounds = {
            {"window", rgba_of(c[ImGuiCol_WindowBg])},
            {"panel", rgba_of(c[ImGuiCol_ChildBg])},
            {"striped row", rgba_of(c[ImGuiCol_TableRowBgAlt])},
            {"header row", rgba_of(c[ImGuiCol_TableHeaderBg])},
            {"query row", over(query_color(), 0.14f, c[ImGuiCol_ChildBg])},
        };
        const std::vector<std::pair<std::string, ImVec4>> inks = {
            {"text", c[ImGuiCol_Text]}, {"disabled text", c[ImGuiCol_TextDisabled]},
            {"query", query_color()},   {"context", context_color()},
            {"token", token_color()},   {"loop", loop_color()},
            {"muted", muted_text()},    {"error", error_color()},
            {"ok", ok_color()},
        };
        for (const auto& [name, ink] : inks) {
            const auto [ratio, where] = worst(rgba_of(ink), backgrounds);
            CHECK_MESSAGE(ratio >= 4.5f, (theme + name + " on " + where + " has " + std::to_string(ratio)));
        }
        const std::vector<std::pair<std::string, Rgba>> around = {
            {"window", rgba_of(c[ImGuiCol_WindowBg])},
            {"panel", rgba_of(c[ImGuiCol_ChildBg])},
            {"field", rgba_of(c[ImGuiCol_FrameBg])},
        };
        const auto [border, border_on] = worst(rgba_of(c[ImGuiCol_Border]), around);
        CHECK_MESSAGE(border >= 3.0f, (theme + "outline on " + border_on + " has " + std::to_string(border)));
        // The keyboard's focus highlight, around buttons and fields on every background (2.4.7, 1.4.11).
        CHECK(c[ImGuiCol_NavHighlight].w == 1.0f);
        const auto [focus, focus_on] = worst(rgba_of(c[ImGuiCol_NavHighlight]), around);
        CHECK_MESSAGE(focus >= 3.0f, (theme + "focus highlight on " + focus_on + " has " + std::to_string(focus)));
        const float mark = contrast_ratio(rgba_of(c[ImGuiCol_CheckMark]), rgba_of(c[ImGuiCol_FrameBg]));
        CHECK_MESSAGE(mark >= 3.0f, (theme + "check mark has " + std::to_string(mark)));
        // The current step's number on its button, filled with the query colour.
        CHECK(contrast_ratio(rgba_of(on_query_color()), rgba_of(query_color())) >= 4.5f);
    }
    ImGui::DestroyContext();
}
