# The Dear ImGui app: the same sources build a native window (SDL2 + OpenGL ES 3) and the web page
# (SDL2 built for wasm + WebGL2). Dear ImGui and the wasm SDL2 come from scripts/install_deps.sh.
set(ATTN_IMGUI_DIR "${ATTN_THIRD_PARTY}/imgui-1.86" CACHE PATH "Dear ImGui 1.86 source tree")
set(ATTN_WASM_SDL2_DIR "${ATTN_THIRD_PARTY}/sdl2-wasm-2.26.5-video-lean" CACHE PATH
    "SDL2 built for wasm (video and events only, SDL_LEAN_AND_MEAN)")
if(ATTN_WASM_SDL2_DIR STREQUAL "${ATTN_THIRD_PARTY}/sdl2-wasm-2.26.5-video")
  # A build tree configured before SDL2 was built lean keeps the old default: follow the new one.
  set(ATTN_WASM_SDL2_DIR "${ATTN_THIRD_PARTY}/sdl2-wasm-2.26.5-video-lean" CACHE PATH
      "SDL2 built for wasm (video and events only, SDL_LEAN_AND_MEAN)" FORCE)
endif()
set(ATTN_CLOSURE_COMPILER "${ATTN_THIRD_PARTY}/closure-compiler/node_modules/.bin/google-closure-compiler"
    CACHE FILEPATH "google-closure-compiler from npm, for the web build's JavaScript")
if(NOT EXISTS "${ATTN_IMGUI_DIR}/imgui.cpp")
  message(FATAL_ERROR "Dear ImGui not found in ${ATTN_IMGUI_DIR}: run scripts/install_deps.sh first "
                      "(or configure with -DATTN_BUILD_APP=OFF for the core, CLI and tests only)")
endif()

# --- Dear ImGui core, as Debian ships it: what the UI and its tests need; no backend, no GL, no SDL.
# The app drives it with its own platform glue (src/platform/imgui_backend.cpp) and draws its lists
# with the renderer (src/render/ui_renderer.cpp); Dear ImGui's example backends are not linked.
# With it, the item hooks the IMGUI_ENABLE_TEST_ENGINE build calls (src/imgui_hooks/item_report.cpp,
# the project's own file: what the drawing says to a screen reader starts there).
add_library(attn_imgui STATIC
  ${ATTN_IMGUI_DIR}/imgui.cpp ${ATTN_IMGUI_DIR}/imgui_draw.cpp
  ${ATTN_IMGUI_DIR}/imgui_tables.cpp ${ATTN_IMGUI_DIR}/imgui_widgets.cpp
  ${CMAKE_SOURCE_DIR}/src/imgui_hooks/item_report.cpp)
target_include_directories(attn_imgui SYSTEM PUBLIC ${ATTN_IMGUI_DIR})
target_include_directories(attn_imgui PUBLIC ${CMAKE_SOURCE_DIR}/src)
if(EMSCRIPTEN)
  # The page has no files (-sFILESYSTEM=0): no imgui.ini, no fonts from disk, no log files.
  target_compile_definitions(attn_imgui PUBLIC IMGUI_DISABLE_FILE_FUNCTIONS)
endif()
# IMGUI_USE_WCHAR32: text fields hold code points past U+FFFF (an emoji typed into a label or the
# import box stays itself instead of becoming U+FFFD, as it already does through setState).
# IMGUI_ENABLE_TEST_ENGINE: Dear ImGui's own hooks that report each widget's label and state, which
# the drawing says to a screen reader as the keyboard moves (src/ui/keyboard_speech.cpp defines them).
target_compile_definitions(attn_imgui PUBLIC IMGUI_DISABLE_DEMO_WINDOWS IMGUI_DISABLE_OBSOLETE_FUNCTIONS IMGUI_USE_WCHAR32
                                             IMGUI_ENABLE_TEST_ENGINE)

# --- Embedded assets: shaders (text) and the subset UI fonts (binary), generated at build time.
set(ATTN_GENERATED "${CMAKE_BINARY_DIR}/generated")
file(GLOB ATTN_SHADER_FILES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/shaders/*.vert ${CMAKE_SOURCE_DIR}/shaders/*.frag)
add_custom_command(
  OUTPUT ${ATTN_GENERATED}/shaders_embedded.h
  COMMAND ${CMAKE_COMMAND} -DOUT=${ATTN_GENERATED}/shaders_embedded.h -DNAMESPACE=attn::shaders
          "-DTEXT_FILES=${ATTN_SHADER_FILES}" -P ${CMAKE_SOURCE_DIR}/cmake/embed_files.cmake
  DEPENDS ${ATTN_SHADER_FILES} ${CMAKE_SOURCE_DIR}/cmake/embed_files.cmake
  COMMENT "Embedding shaders" VERBATIM)

find_program(ATTN_PYFTSUBSET pyftsubset)
set(ATTN_FONT_DIR "/usr/share/fonts/truetype/dejavu" CACHE PATH "Where DejaVu Sans and Sans Mono are")
if(NOT ATTN_PYFTSUBSET OR NOT EXISTS "${ATTN_FONT_DIR}/DejaVuSans.ttf")
  message(FATAL_ERROR "pyftsubset or DejaVu fonts missing: run scripts/install_deps.sh (fonttools, fonts-dejavu-core)")
endif()
set(ATTN_FONT_OUTPUTS "")
foreach(font DejaVuSans DejaVuSansMono)
  set(glyph_set text)
  if(font STREQUAL "DejaVuSansMono")
    set(glyph_set code)
  endif()
  add_custom_command(
    OUTPUT ${ATTN_GENERATED}/${font}-subset.ttf
    COMMAND ${CMAKE_COMMAND} -DIN=${ATTN_FONT_DIR}/${font}.ttf -DOUT=${ATTN_GENERATED}/${font}-subset.ttf
            -DPYFTSUBSET=${ATTN_PYFTSUBSET} -DSET=${glyph_set} -P ${CMAKE_SOURCE_DIR}/cmake/subset_font.cmake
    DEPENDS ${CMAKE_SOURCE_DIR}/cmake/subset_font.cmake
    COMMENT "Subsetting ${font}" VERBATIM)
  list(APPEND ATTN_FONT_OUTPUTS ${ATTN_GENERATED}/${font}-subset.ttf)
endforeach()
add_custom_command(
  OUTPUT ${ATTN_GENERATED}/fonts_embedded.h
  COMMAND ${CMAKE_COMMAND} -DOUT=${ATTN_GENERATED}/fonts_embedded.h -DNAMESPACE=attn::fonts
          "-DBINARY_FILES=${ATTN_FONT_OUTPUTS}" -P ${CMAKE_SOURCE_DIR}/cmake/embed_files.cmake
  DEPENDS ${ATTN_FONT_OUTPUTS} ${CMAKE_SOURCE_DIR}/cmake/embed_files.cmake
  COMMENT "Embedding fonts" VERBATIM)
add_custom_target(attn_generated DEPENDS ${ATTN_GENERATED}/shaders_embedded.h ${ATTN_GENERATED}/fonts_embedded.h)

# --- UI: ImGui calls only. It gets the ImGui include path but no GL or SDL one.
file(GLOB ATTN_UI_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/ui/*.cpp)
add_library(attn_ui STATIC ${ATTN_UI_SOURCES})
target_link_libraries(attn_ui PUBLIC attn_core attn_imgui)
target_include_directories(attn_ui PUBLIC ${ATTN_GENERATED})
add_dependencies(attn_ui attn_generated)
target_compile_options(attn_ui PRIVATE -Wall -Wextra -Wshadow)

# --- Renderer: the only code that includes GL.
file(GLOB ATTN_RENDER_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/render/*.cpp)
add_library(attn_render STATIC ${ATTN_RENDER_SOURCES})
target_link_libraries(attn_render PUBLIC attn_view attn_math attn_imgui)
target_include_directories(attn_render PUBLIC ${ATTN_GENERATED})
add_dependencies(attn_render attn_generated)
target_compile_options(attn_render PRIVATE -Wall -Wextra -Wshadow)

# --- The app itself: its platform layer (SDL2), the app state and frame, main.
file(GLOB ATTN_PLATFORM_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/platform/*.cpp)
file(GLOB ATTN_APP_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/app/*.cpp)
add_executable(attention-explainer ${CMAKE_SOURCE_DIR}/src/main.cpp ${ATTN_APP_SOURCES} ${ATTN_PLATFORM_SOURCES})
target_link_libraries(attention-explainer PRIVATE attn_ui attn_render attn_core)
target_compile_options(attention-explainer PRIVATE -Wall -Wextra -Wshadow)

if(EMSCRIPTEN)
  # SDL2 from the wasm build in the cache (Emscripten's own port cannot download here).
  target_include_directories(attention-explainer SYSTEM PRIVATE ${ATTN_WASM_SDL2_DIR}/include)
  target_link_libraries(attention-explainer PRIVATE ${ATTN_WASM_SDL2_DIR}/libSDL2.a)
  # Size (the page budget is 350 KB gzip): link-time optimisation everywhere, -Oz for the UI
  # libraries; the core keeps -O2 so the attention math stays fast. See bench/page_budget.mjs.
  foreach(t ${ATTN_CORE_ROOMS} attn_imgui attn_ui attn_render attention-explainer)
    target_compile_options(${t} PRIVATE -flto)
  endforeach()
  foreach(t attn_imgui attn_ui attn_render attention-explainer)
    target_compile_options(${t} PRIVATE -Oz)
  endforeach()
  set(ATTN_WEB_EXPORTS "_main,_malloc,_free,_attn_get_state,_attn_set_state,_attn_results,_attn_stats,_attn_wake,_attn_set_visible,_attn_layout,_attn_summary,_attn_fragment,_attn_apply_fragment,_attn_set_page_options,_attn_canvas_resized,_attn_text_input,_attn_text_key,_attn_paste,_attn_pointer_lifted,_attn_touch_belongs,_attn_touch_scrolls,_attn_touch_scroll_by,_attn_svg,_attn_lesson_status,_attn_load_lesson,_attn_lesson_unavailable,_attn_lesson_file,_attn_lesson_restore,_attn_lesson_set_range,_attn_lesson_set_pass,_attn_lesson_view,_attn_lesson_intent,_attn_numbers_view,_attn_kv_memory,_attn_page_refused,_attn_set_language,_attn_code_loaded,_attn_code_unavailable")
  set(ATTN_WEB_LINK_OPTIONS
    -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web
    -Oz -flto -sFILESYSTEM=0 -sMALLOC=emmalloc -sASSERTIONS=0 -sSUPPORT_LONGJMP=0 -sTEXTDECODER=2
    -sDYNAMIC_EXECUTION=0 -sHTML5_SUPPORT_DEFERRING_USER_SENSITIVE_REQUESTS=0
    # wasm-opt repeats its -Oz passes until the module stops shrinking: about 2 KB gzip. It inlines
    # a function with one caller only when it is small (-ocimfs, in Binaryen's size units): the
    # lesson's split points (ATTN_LESSON_ENTRY) stay functions, and the module is 5 KB gzip smaller
    # than with every one-caller function inlined.
    -sBINARYEN_EXTRA_PASSES=--converge,-ocimfs=40
    "-sINCOMING_MODULE_JS_API=[canvas,print,printErr,setStatus,onAbort,loadSplitModule]")
  # The lesson's code is not part of the first view: emcc links with function names and the JS
  # that loads a split module (-sSPLIT_MODULE), then cmake/split_lesson_code.py cuts the linked
  # module (attention-explainer.wasm.orig) at the ATTN_LESSON_ENTRY functions into the page's
  # attention-explainer.wasm and attention-explainer.deferred.wasm, which web/attention.js fetches
  # with the lesson's files. Neither keeps the names.
  target_link_options(attention-explainer PRIVATE ${ATTN_WEB_LINK_OPTIONS}
    -sEXPORTED_FUNCTIONS=${ATTN_WEB_EXPORTS}
    -sEXPORTED_RUNTIME_METHODS=UTF8ToString
    --profiling-funcs -sSPLIT_MODULE=1 -Wno-experimental)
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  add_custom_command(TARGET attention-explainer POST_BUILD
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/cmake/split_lesson_code.py
            --wasm $<TARGET_FILE_DIR:attention-explainer>/attention-explainer.wasm.orig
            --sources ${CMAKE_SOURCE_DIR}/src
            --primary $<TARGET_FILE_DIR:attention-explainer>/attention-explainer.wasm
            --deferred $<TARGET_FILE_DIR:attention-explainer>/attention-explainer.deferred.wasm
    VERBATIM)
  # The benchmark's floor (bench/floor): SDL2, Dear ImGui and its GLES3 backend, the text font,
  # built with the page's compile and link flags, and no project code. Only bench/floor_bench.sh
  # asks for it.
  option(ATTN_BUILD_FLOOR "Build the benchmark's floor page (bench/floor)" OFF)
  set(ATTN_WEB_TARGETS attention-explainer)
  if(ATTN_BUILD_FLOOR)
    add_executable(attention-floor ${CMAKE_SOURCE_DIR}/bench/floor/floor_main.cpp
                                   ${ATTN_IMGUI_DIR}/backends/imgui_impl_sdl.cpp
                                   ${ATTN_IMGUI_DIR}/backends/imgui_impl_opengl3.cpp)
    add_dependencies(attention-floor attn_generated)
    target_include_directories(attention-floor PRIVATE ${ATTN_GENERATED} ${ATTN_IMGUI_DIR}/backends)
    target_include_directories(attention-floor SYSTEM PRIVATE ${ATTN_WASM_SDL2_DIR}/include)
    target_link_libraries(attention-floor PRIVATE attn_imgui ${ATTN_WASM_SDL2_DIR}/libSDL2.a)
    target_compile_definitions(attention-floor PRIVATE IMGUI_IMPL_OPENGL_ES3)
    target_compile_options(attention-floor PRIVATE -flto -Oz)
    target_link_options(attention-floor PRIVATE ${ATTN_WEB_LINK_OPTIONS} -sEXPORTED_FUNCTIONS=_main,_floor_frames)
    list(APPEND ATTN_WEB_TARGETS attention-floor)
  endif()
  # Closure Compiler (advanced mode) on Emscripten's JavaScript: 35 KB gzip becomes 18 KB, and
  # the wasm's import names shrink with it. Debian's emcc finds it only through
  # EM_CLOSURE_COMPILER, so the link step runs with that set. The page's own scripts read Module's
  # properties quoted (Module["onEvent"]), which Closure leaves alone.
  if(EXISTS "${ATTN_CLOSURE_COMPILER}")
    foreach(t ${ATTN_WEB_TARGETS})
      target_link_options(${t} PRIVATE --closure 1)
      set_property(TARGET ${t} PROPERTY RULE_LAUNCH_LINK
                   "${CMAKE_COMMAND} -E env EM_CLOSURE_COMPILER=${ATTN_CLOSURE_COMPILER}")
    endforeach()
  else()
    message(WARNING "google-closure-compiler not found at ${ATTN_CLOSURE_COMPILER}: the page's JavaScript "
                    "is built without it (about 17 KB gzip larger). scripts/install_deps.sh fetches it.")
  endif()
else()
  find_package(SDL2 REQUIRED)
  find_library(ATTN_GLES_LIBRARY GLESv2 REQUIRED)
  target_link_libraries(attn_render PUBLIC ${ATTN_GLES_LIBRARY})
  target_link_libraries(attention-explainer PRIVATE SDL2::SDL2 ${ATTN_GLES_LIBRARY} attn_builtin_lesson)
endif()
