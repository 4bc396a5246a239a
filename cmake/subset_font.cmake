# cmake -P script: cuts a TrueType font down to the glyphs the UI draws, without hinting (stb_truetype
# ignores it) and without layout tables (ImGui 1.86 uses neither kerning nor ligatures).
#   -DIN=font.ttf -DOUT=subset.ttf -DPYFTSUBSET=/usr/bin/pyftsubset -DSET=text|code
# text: DejaVu Sans, the UI font: Latin-1 (labels in most Western European languages), general
#       punctuation (dashes, quotes, bullets a label may hold), the arrows, math signs and shapes
#       the UI writes (- sqrt infinity approx <= >= dot, a square, a disc, two triangles, ticks and
#       crosses), and of Greek only the Sigma it uses (~740 KB -> ~20 KB). Other code points show
#       as U+FFFD. src/ui/theme.cpp asks the atlas for these ranges.
# code: DejaVu Sans Mono for code and printed tensors: ASCII and the few symbols the code views
#       use (~8 KB). Every other code point is merged in from DejaVu Sans at atlas time.
if(SET STREQUAL "code")
  set(unicodes "U+0020-007E,U+00B7,U+00D7,U+2026,U+2192,U+2212,U+2248")
else()
  set(unicodes "U+0020-007E,U+00A0-00FF,U+03A3,U+1D40,U+2010-2027,U+2190-2193,U+2212,U+2219-221E,U+2248,U+2260-2265,U+22C5,U+25A0,U+25B6,U+25BC,U+25CF,U+2713-2717,U+FFFD")
endif()
execute_process(COMMAND "${PYFTSUBSET}" "${IN}" "--unicodes=${unicodes}" "--output-file=${OUT}"
                        --no-hinting --layout-features= --drop-tables+=GSUB,GPOS,GDEF,kern,FFTM
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pyftsubset failed on ${IN}: ${err}\nInstall Debian's fonttools (scripts/install_deps.sh does).")
endif()
