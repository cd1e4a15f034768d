// `accelscope-cli export INPUT... --to png -o OUT.png [--range START_NS:END_NS] [--size WxH]
// [--scale N]`: the timeline drawn off-screen by the raster backend, the same code as the GUI's
// File ▸ Export… PNG (views/export/timelineimage.h). Needs a QGuiApplication, so main() routes
// here before it creates its QCoreApplication; the platform defaults to "offscreen" (no display).
#pragma once

namespace accelscope::app {

/// True when argv is an `export` command asking for png.
bool isPngExport(int argc, char **argv);
/// Runs it; exit code 0 ok, 1 usage, 2 load error, 3 write error.
int runPngExport(int argc, char **argv);

} // namespace accelscope::app
