# Writes a man page from a program's own --help texts, so the manual never drifts from the code.
# cmake -DPROGRAM=exe -DNAME=accelscope-cli -DSUMMARY="..." -DVERSION=0.1.0 -DSYNOPSIS="line^^line"
#       -DINVOCATIONS="--help|analyze --help" -DOUTPUT=accelscope-cli.1 -P manpage.cmake
# Each invocation (separated by |) becomes a section; its output (stdout and stderr) is shown
# verbatim. Qt's start-up warnings on machines without a session are left out.
cmake_minimum_required(VERSION 3.25)

function(roff_escape text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  # A line that starts with . or ' would be read as a request.
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

string(TOUPPER "${NAME}" upper_name)
roff_escape("${SUMMARY}" summary)
set(page ".TH ${upper_name} 1 \"\" \"Accelscope ${VERSION}\" \"User Commands\"\n")
string(APPEND page ".SH NAME\n${NAME} \\- ${summary}\n")
string(APPEND page ".SH SYNOPSIS\n.nf\n")
string(REPLACE "^^" "\n" synopsis "${SYNOPSIS}")
roff_escape("${synopsis}" synopsis)
string(APPEND page "${synopsis}\n.fi\n")
string(APPEND page ".SH DESCRIPTION\n.B ${NAME}\n\\(em ${summary}.\nThe sections below are the program's own help texts.\n")

string(REPLACE "|" ";" invocations "${INVOCATIONS}")
foreach(invocation IN LISTS invocations)
  separate_arguments(args UNIX_COMMAND "${invocation}")
  execute_process(COMMAND "${PROGRAM}" ${args} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  set(text "${out}${err}")
  string(REGEX REPLACE "QStandardPaths:[^\n]*\n" "" text "${text}")
  # The usage line names the program by the path it was run from; the page names it plainly.
  string(REGEX REPLACE "Usage: [^ \n]*${NAME}" "Usage: ${NAME}" text "${text}")
  string(STRIP "${text}" text)
  if(text STREQUAL "")
    message(FATAL_ERROR "manpage: '${PROGRAM} ${invocation}' printed nothing (exit ${rc})")
  endif()
  string(STRIP "${NAME} ${invocation}" heading)
  roff_escape("${heading}" heading)
  roff_escape("${text}" text)
  string(APPEND page ".SH \"${heading}\"\n.nf\n${text}\n.fi\n")
endforeach()

string(APPEND page ".SH SEE ALSO\n${SEE_ALSO}\n")
file(WRITE "${OUTPUT}.tmp" "${page}")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
