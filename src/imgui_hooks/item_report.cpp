// Dear ImGui's test-engine hooks, kept as the focused control's report: see item_report.h.
#include "imgui_hooks/item_report.h"

#include <imgui_internal.h>

void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect&, ImGuiID) {}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) {
    return "";  // (ImGui's metrics window prints it with %s)
}
void ImGuiTestEngineHook_ItemInfo(ImGuiContext* ctx, ImGuiID id, const char* label, ImGuiItemStatusFlags flags) {
    auto* report = static_cast<ImGuiItemReport*>(ctx->TestEngine);
    if (!report || id == 0 || id != ctx->NavId || !label) return;
    report->id = id;
    report->item_context = report->context;
    // The words ImGui shows: before "##" (a label's hidden id part).
    report->label.assign(label, ImGui::FindRenderedTextEnd(label));
    report->checkable = (flags & ImGuiItemStatusFlags_Checkable) != 0;
    report->checked = (flags & ImGuiItemStatusFlags_Checked) != 0;
    report->reported = true;
    report->openable = (flags & ImGuiItemStatusFlags_Openable) != 0;
    report->text_field = (ctx->LastItemData.InFlags & ImGuiItemFlags_Inputable) != 0;
    report->disabled = (ctx->LastItemData.InFlags & ImGuiItemFlags_Disabled) != 0;
}
