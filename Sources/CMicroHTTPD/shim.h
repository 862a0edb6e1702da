#ifndef CMHD_SHIM_H
#define CMHD_SHIM_H
// Thin, non-variadic wrappers for the parts of libmicrohttpd that Swift cannot call directly.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <microhttpd.h>

#ifdef __linux__
#include <sys/syscall.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <unistd.h>
#endif

/// The CPUs this process may run on (its affinity mask, as `taskset` sets it), or 0 when unknown: with
/// `ProcessorBudget`, the default number of event loops.
static inline int cmhd_cpus_allowed(void) {
#ifdef __linux__
    unsigned long mask[16] = {0};  /* 1,024 CPUs; the raw call needs no _GNU_SOURCE and answers the bytes it wrote */
    long bytes = syscall(SYS_sched_getaffinity, 0, sizeof mask, mask);
    if (bytes <= 0) return 0;
    int count = 0;
    for (long i = 0; i < bytes / (long)sizeof mask[0]; i++) count += __builtin_popcountl(mask[i]);
    return count;
#else
    return 0;
#endif
}

/// Names the calling thread (as `top -H` and debuggers show it), where the system allows.
static inline void cmhd_name_this_thread(const char *name) {
#ifdef __linux__
    prctl(PR_SET_NAME, name, 0, 0, 0);
#else
    (void)name;
#endif
}

/// The flags of a daemon run by a loop of the server's own (`EventLoop`): epoll on Linux, poll elsewhere (macOS
/// has no epoll).
static inline unsigned int cmhd_event_loop_flags(void) {
#ifdef __linux__
    return MHD_USE_EPOLL;
#else
    return MHD_USE_POLL;
#endif
}

/// A descriptor that `cmhd_wake` signals to end an event loop's wait early (`EventLoop`): an eventfd on Linux, -1
/// elsewhere.
static inline int cmhd_wake_open(void) {
#ifdef __linux__
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
#else
    return -1;
#endif
}

static inline void cmhd_wake(int wake) {
#ifdef __linux__
    uint64_t one = 1;
    (void)!write(wake, &one, sizeof one);
#else
    (void)wake;
#endif
}

/// The epoll set of a daemon that uses epoll (`EventLoop` waits on it), or -1.
static inline int cmhd_epoll_fd(struct MHD_Daemon *daemon) {
#ifdef __linux__
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_EPOLL_FD);
    return info ? info->epoll_fd : -1;
#else
    (void)daemon;
    return -1;
#endif
}

/// The number of connections a daemon holds (`MHD_get_daemon_info` is variadic).
static inline unsigned int cmhd_connection_count(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info ? info->num_connections : 0;
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

/// The client's IP address as the 16 bytes of its IPv6 form (IPv4 as ::ffff:a.b.c.d), big-endian halves;
/// returns 0 when unknown.
static inline int cmhd_client_address_halves(struct MHD_Connection *connection, uint64_t *high, uint64_t *low) {
    const struct sockaddr *address = cmhd_client_address(connection);
    if (address == NULL) return 0;
    const unsigned char *b;
    unsigned char mapped[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0};
    if (address->sa_family == AF_INET) {
        const unsigned char *v4 = (const unsigned char *)&((const struct sockaddr_in *)address)->sin_addr;
        for (int i = 0; i < 4; i++) mapped[12 + i] = v4[i];
        b = mapped;
    } else if (address->sa_family == AF_INET6) {
        b = (const unsigned char *)&((const struct sockaddr_in6 *)address)->sin6_addr;
    } else {
        return 0;
    }
    uint64_t h = 0, l = 0;
    for (int i = 0; i < 8; i++) h = h << 8 | b[i];
    for (int i = 8; i < 16; i++) l = l << 8 | b[i];
    *high = h;
    *low = l;
    return 1;
}

/// The per-connection pointer set in the MHD_OPTION_NOTIFY_CONNECTION callback, or NULL.
static inline void *cmhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/// The daemon a connection belongs to, or NULL.
static inline struct MHD_Daemon *cmhd_connection_daemon(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_DAEMON);
    return info ? info->daemon : NULL;
}

/// A connection's socket, or -1.
static inline int cmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// Milliseconds since the kernel last received data on a TCP socket (Linux's TCP_INFO), or -1 when unknown.
static inline long long cmhd_ms_since_last_receive(int fd) {
#ifdef TCP_INFO
    struct tcp_info info;
    socklen_t length = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -1;
    return info.tcpi_last_data_recv;
#else
    (void)fd;
    return -1;
#endif
}

/// Receives each request header's name and its value as the client sent it (see `cmhd_headers_as_sent`); `moved`
/// when libmicrohttpd moved the line out of the head (a folded line).
typedef void (*cmhd_header_visitor)(void *cls, const char *name, size_t name_size, const char *value,
                                    size_t value_size, int moved);

struct cmhd_header_walk {
    cmhd_header_visitor visit;
    void *cls;
    const char *head, *head_end;
    const char *name, *value;
    size_t name_size, value_size;
    int pending;
};

/// Hands the pending header to the visitor: its value runs to `next_line` (the next line's first byte), less the
/// line ends (up to `line_ends` NULs) before it, when both lie in the head in that order.
static inline void cmhd_header_emit(struct cmhd_header_walk *walk, const char *next_line, size_t line_ends) {
    const char *value = walk->value;
    size_t size = walk->value_size;
    int moved = walk->name < walk->head || walk->name >= walk->head_end;
    if (!moved && value != NULL && next_line != NULL && value >= walk->name + walk->name_size
        && value + size <= next_line && next_line <= walk->head_end) {
        size_t raw = (size_t)(next_line - value);
        for (size_t n = 0; n < line_ends && raw > size && value[raw - 1] == '\0'; n++) raw--;
        size = raw;
    }
    walk->visit(walk->cls, walk->name, walk->name_size, value, size, moved);
}

static enum MHD_Result cmhd_header_step(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                        const char *value, size_t value_size) {
    (void)kind;
    struct cmhd_header_walk *walk = cls;
    if (walk->pending) cmhd_header_emit(walk, key, 2);
    walk->name = key;
    walk->name_size = key_size;
    walk->value = value;
    walk->value_size = value_size;
    walk->pending = 1;
    return MHD_YES;
}

/// Calls `visit` with each request header, in order, as the client sent it, once the head is in (`method` is the
/// access handler's: the head's first byte). libmicrohttpd 0.9.75 parses the head in place, in the connection's
/// memory: it overwrites each colon and line end (CR LF, or a bare LF) with NULs and reports a value's size as its
/// strlen, so a NUL inside a value cuts it short and hides the rest. A value's bytes run on to the next line (the
/// next header's name, or after the last one the end of the head, `method` plus
/// MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE): those, less the line end (and the empty line's after the last header),
/// are the value as sent. A line found outside the head (a folded line, which libmicrohttpd joins elsewhere) is
/// given as libmicrohttpd reports it, `moved`. One shape stays hidden: a NUL just before a bare LF reads as CR LF.
static inline void cmhd_headers_as_sent(struct MHD_Connection *connection, const char *method,
                                        cmhd_header_visitor visit, void *cls) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    const char *end = info != NULL && method != NULL ? method + info->header_size : NULL;
    struct cmhd_header_walk walk = {visit, cls, method, end, NULL, NULL, 0, 0, 0};
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, cmhd_header_step, &walk);
    if (walk.pending) cmhd_header_emit(&walk, end, 4);
}

#endif
