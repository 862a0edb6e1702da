#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
// deflateInit2 is a macro (it passes the library's version and the stream's size): wrapped as a function.
#include <zlib.h>

/// A gzip (not raw deflate, not zlib) compressor at `level`, default memory and strategy.
static inline int czlib_gzip_init(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/// A decompressor of gzip streams (for tests).
static inline int czlib_gunzip_init(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}
#endif
