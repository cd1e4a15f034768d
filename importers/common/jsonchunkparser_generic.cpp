#define ACCELSCOPE_CHUNK_NS generic
#include "jsonchunkparser_impl.inc"
