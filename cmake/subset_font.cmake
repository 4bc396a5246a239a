# cmake -P script: cuts a TrueType font down to the glyphs the UI draws (Latin, Greek, math
# operators, sub/superscripts, arrows, a few shapes), which takes DejaVu Sans from ~740 KB to ~40 KB.
#   -DIN=font.ttf -DOUT=subset.ttf -DPYFTSUBSET=/usr/bin/pyftsubset
set(unicodes "U+0020-007E,U+00A0-00FF,U+0391-03C9,U+1D40,U+1D62-1D65,U+2010-2027,U+2030-203A,U+2070-209C,U+2190-2193,U+21D2,U+2200-2212,U+2219-221E,U+2248,U+2260-2265,U+22C5,U+25A0,U+25B2-25BC,U+25CF,U+2713-2717,U+FFFD")
execute_process(COMMAND "${PYFTSUBSET}" "${IN}" "--unicodes=${unicodes}" "--output-file=${OUT}"
                        --no-hinting --desubroutinize --layout-features=kern,liga
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pyftsubset failed on ${IN}: ${err}\nInstall Debian's fonttools (scripts/install_deps.sh does).")
endif()
