#ifndef CSOCKET_SHIM_H
#define CSOCKET_SHIM_H
// The socket calls whose flags differ between Linux and macOS, written once for both: the Swift code above calls
// these and nothing Linux-only.
#include <sys/types.h>
#include <sys/socket.h>
#include <fcntl.h>
#include <unistd.h>

/// A TCP socket of `family` (AF_INET, AF_INET6) that is closed on exec and never raises SIGPIPE; -1 on failure
/// (errno says why).
static inline int csocket_stream(int family) {
#ifdef SOCK_CLOEXEC
    return socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
#else
    int fd = socket(family, SOCK_STREAM, 0);
    if (fd >= 0) {
        fcntl(fd, F_SETFD, FD_CLOEXEC);
#ifdef SO_NOSIGPIPE
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
    }
    return fd;
#endif
}

/// send(2) that reports a closed peer as an error instead of raising SIGPIPE.
static inline ssize_t csocket_send(int fd, const void *bytes, size_t count) {
#ifdef MSG_NOSIGNAL
    return send(fd, bytes, count, MSG_NOSIGNAL);
#else
    return send(fd, bytes, count, 0);  // SO_NOSIGPIPE, set by csocket_stream
#endif
}

/// send(2) that neither waits nor raises SIGPIPE: what the socket takes at once, or -1.
static inline ssize_t csocket_send_now(int fd, const void *bytes, size_t count) {
#ifdef MSG_NOSIGNAL
    return send(fd, bytes, count, MSG_NOSIGNAL | MSG_DONTWAIT);
#else
    return send(fd, bytes, count, MSG_DONTWAIT);  // libmicrohttpd sets SO_NOSIGPIPE on its sockets where it exists
#endif
}

/// Shuts a socket down both ways (its reads and writes end; the descriptor stays open for its owner to close).
static inline int csocket_shutdown(int fd) {
    return shutdown(fd, SHUT_RDWR);
}
#endif
