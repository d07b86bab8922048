#ifndef RELOPS_CZLIB_SHIM_H
#define RELOPS_CZLIB_SHIM_H
#include <zlib.h>

/* inflateInit2 is a macro over inflateInit2_ (it passes the version and the stream size). */
static inline int relops_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -MAX_WBITS);
}
#endif
