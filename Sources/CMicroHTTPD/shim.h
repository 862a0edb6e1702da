#ifndef CMHD_SHIM_H
#define CMHD_SHIM_H
// Thin, non-variadic wrappers for the parts of libmicrohttpd that Swift cannot call directly.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The daemon's event loop: epoll on Linux, poll elsewhere (macOS has no epoll), each with its internal threads.
static inline unsigned int cmhd_internal_event_loop(void) {
#ifdef __linux__
    return MHD_USE_EPOLL_INTERNAL_THREAD;
#else
    return MHD_USE_POLL_INTERNAL_THREAD;
#endif
}

/// MHD_start_daemon with every option passed as one MHD_OPTION_ARRAY (Swift cannot call variadic C functions).
static inline struct MHD_Daemon *cmhd_start_daemon(unsigned int flags, MHD_AccessHandlerCallback handler, void *handler_cls,
                                                   struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The numeric value of a connection's `Content-Length`, or -1 when absent or malformed.
static inline long long cmhd_content_length(struct MHD_Connection *connection) {
    const char *value = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (value == NULL || *value == '\0') return -1;
    long long n = 0;
    for (const char *p = value; *p; p++) {
        if (*p < '0' || *p > '9') return -1;
        if (n > (1LL << 55)) return (1LL << 55);
        n = n * 10 + (*p - '0');
    }
    return n;
}

/// The client's address of a connection (for logs), or NULL.
static inline const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

#endif
