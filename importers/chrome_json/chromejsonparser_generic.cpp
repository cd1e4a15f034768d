#define ACCELSCOPE_CHUNK_NS generic
#include "chromejsonparser_impl.inc"
