// Compiled with -mavx2 -mbmi -mpclmul -mlzcnt (see importers/CMakeLists.txt); only called
// after a runtime CPU check.
#define ACCELSCOPE_CHUNK_NS avx2
#include "jsonchunkparser_impl.inc"
