#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#if defined(__linux__)
#include <malloc.h>
#include <sys/epoll.h>
#include <unistd.h>
#endif
#include <sched.h>
#include <poll.h>
#include <pthread.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/*
 * Swift does not import C variadic functions, so the two variadic calls the
 * server needs get typed wrappers here. Doing the varargs in C also lets the
 * compiler pass each option with the exact type libmicrohttpd reads back
 * (unsigned int, size_t or a pointer), which Swift's CVarArg could not check.
 */

/* Percent-decodes a URL path or query component with libmicrohttpd's own
 * decoder, except that a component containing "%00" is left encoded:
 * libmicrohttpd hands the path to the access handler as a C string, so a
 * decoded NUL would silently cut it ("/a.css%00.png" would arrive as "/a.css")
 * and the handler could not tell. */
static inline size_t
shim_unescape (void *cls, struct MHD_Connection *connection, char *component)
{
  (void) cls;
  (void) connection;
  if (NULL != strstr (component, "%00"))
    return strlen (component);
  return MHD_http_unescape (component);
}

/* Starts a daemon bound to `address` (MHD_OPTION_SOCK_ADDR: the port argument
 * of MHD_start_daemon is then ignored). Returns NULL when it cannot start. */
static inline struct MHD_Daemon *
shim_start_daemon (unsigned int flags,
                   const struct sockaddr *address,
                   MHD_AccessHandlerCallback handler, void *handler_cls,
                   MHD_RequestCompletedCallback completed, void *completed_cls,
                   MHD_NotifyConnectionCallback notify, void *notify_cls,
                   unsigned int threads,
                   unsigned int connection_limit,
                   unsigned int per_ip_connection_limit,
                   unsigned int connection_timeout,
                   size_t connection_memory_limit)
{
  return MHD_start_daemon (flags, 0, NULL, NULL, handler, handler_cls,
                           MHD_OPTION_SOCK_ADDR, address,
                           MHD_OPTION_THREAD_POOL_SIZE, threads,
                           MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                           MHD_OPTION_PER_IP_CONNECTION_LIMIT,
                           per_ip_connection_limit,
                           MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
                           MHD_OPTION_CONNECTION_MEMORY_LIMIT,
                           connection_memory_limit,
                           MHD_OPTION_NOTIFY_COMPLETED, completed,
                           completed_cls,
                           MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls,
                           MHD_OPTION_UNESCAPE_CALLBACK, &shim_unescape, NULL,
                           /* 400 for HTTP/1.1 without Host, spaces in the URL
                            * or in header names. */
                           MHD_OPTION_STRICT_FOR_CLIENT, (int) 1,
                           MHD_OPTION_END);
}

/* The port the daemon's listening socket is bound to (the real one when 0 was
 * asked for), or 0 when libmicrohttpd cannot tell. */
static inline uint16_t
shim_bound_port (struct MHD_Daemon *daemon)
{
  const union MHD_DaemonInfo *info =
    MHD_get_daemon_info (daemon, MHD_DAEMON_INFO_BIND_PORT);
  return (NULL == info) ? 0 : info->port;
}

/* The socket of a connection, or -1 when libmicrohttpd cannot tell. */
static inline int
shim_connection_socket (struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info (connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return (NULL == info) ? -1 : (int) info->connect_fd;
}

/* An IPv4 address as dotted decimal, as inet_ntop writes it: glibc's inet_ntop formats IPv4
 * through sprintf, a fifth of a microsecond on every request. Returns 0 when `size` is short. */
static inline int
shim_format_ipv4 (const unsigned char *address, char *text, size_t size)
{
  if (size < 16)
    return 0;
  char *end = text;
  for (int part = 0; part < 4; part++)
  {
    unsigned int value = address[part];
    if (value >= 100)
      *end++ = (char) ('0' + value / 100);
    if (value >= 10)
      *end++ = (char) ('0' + value / 10 % 10);
    *end++ = (char) ('0' + value % 10);
    *end++ = part < 3 ? '.' : '\0';
  }
  return 1;
}

/* The connection's peer address as text ("127.0.0.1", "::1"; an IPv4 client of an IPv6
 * socket in its IPv4 form), written into `text`, which holds `size` bytes (INET6_ADDRSTRLEN
 * is enough). Returns 0, writing nothing, when libmicrohttpd cannot tell. */
static inline int
shim_client_address (struct MHD_Connection *connection, char *text, size_t size)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info (connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (NULL == info || NULL == info->client_addr)
    return 0;
  const struct sockaddr *address = info->client_addr;
  if (AF_INET == address->sa_family)
    return shim_format_ipv4 ((const unsigned char *) &((const struct sockaddr_in *) address)->sin_addr,
                             text, size);
  if (AF_INET6 == address->sa_family)
  {
    const struct in6_addr *v6 = &((const struct sockaddr_in6 *) address)->sin6_addr;
    if (IN6_IS_ADDR_V4MAPPED (v6))
      return shim_format_ipv4 (&v6->s6_addr[12], text, size);
    return NULL != inet_ntop (AF_INET6, v6, text, (socklen_t) size);
  }
  return 0;
}

/* Whether the peer of each socket has closed it or its sending side, without waiting:
 * libmicrohttpd does not watch a suspended connection, so nothing else would notice.
 * Writes 1 or 0 into `closed` for each of the `count` sockets. POLLRDHUP is Linux's and
 * needs _GNU_SOURCE, which this header cannot define (see below): its value is spelled out. */
static inline void
shim_peers_closed (const int *sockets, unsigned char *closed, size_t count)
{
  struct pollfd fds[256];
  for (size_t start = 0; start < count; start += 256)
  {
    size_t n = (count - start < 256) ? count - start : 256;
    for (size_t i = 0; i < n; i++)
    {
      fds[i].fd = sockets[start + i];
#ifdef __linux__
      fds[i].events = 0x2000; /* POLLRDHUP */
#else
      fds[i].events = 0;
#endif
      fds[i].revents = 0;
    }
    (void) poll (fds, (nfds_t) n, 0);
    for (size_t i = 0; i < n; i++)
      closed[start + i] = (0 != (fds[i].revents & (0x2000 | POLLHUP | POLLERR | POLLNVAL))) ? 1 : 0;
  }
}

/* A watch for peers that close their side of many long-lived connections (event streams),
 * whose cost is what closes rather than what is open: an epoll set in which each socket is
 * registered once, for EPOLLRDHUP, with a key of the caller's. A closed socket leaves the set
 * by itself. Returns -1 where there is no epoll (the caller then polls). */
static inline int
shim_hangup_watch_create (void)
{
#ifdef __linux__
  return epoll_create1 (EPOLL_CLOEXEC);
#else
  return -1;
#endif
}

/* Adds `socket` to the watch under `key`, reported once. Returns 0, or -1. */
static inline int
shim_hangup_watch_add (int watch, int socket, uint64_t key)
{
#ifdef __linux__
  struct epoll_event event;
  memset (&event, 0, sizeof event);
  event.events = EPOLLRDHUP | EPOLLHUP | EPOLLERR | EPOLLONESHOT;
  event.data.u64 = key;
  return epoll_ctl (watch, EPOLL_CTL_ADD, socket, &event);
#else
  (void) watch; (void) socket; (void) key;
  return -1;
#endif
}

/* The keys of up to `count` watched sockets whose peer has closed, without waiting; how many. */
static inline int
shim_hangup_watch_closed (int watch, uint64_t *keys, int count)
{
#ifdef __linux__
  struct epoll_event events[64];
  int total = 0;
  while (total < count)
  {
    int want = (count - total < 64) ? count - total : 64;
    int got = epoll_wait (watch, events, want, 0);
    if (got <= 0)
      break;
    for (int i = 0; i < got; i++)
      keys[total + i] = events[i].data.u64;
    total += got;
    if (got < want)
      break;
  }
  return total;
#else
  (void) watch; (void) keys; (void) count;
  return 0;
#endif
}

static inline void
shim_hangup_watch_close (int watch)
{
#ifdef __linux__
  if (watch >= 0)
    close (watch);
#else
  (void) watch;
#endif
}

/* glibc's M_TRIM_THRESHOLD: how much freed memory at the top of a malloc arena
 * is kept rather than returned to the kernel. A macro, which Swift does not
 * import. Elsewhere (macOS's allocator has no such setting) it does nothing. */
static inline void
shim_set_malloc_trim_threshold (int bytes)
{
#if defined(__linux__)
  mallopt (M_TRIM_THRESHOLD, bytes);
#else
  (void) bytes;
#endif
}

#ifdef __linux__
/* glibc declares it only under _GNU_SOURCE, which this header cannot define: the system
 * headers it includes are shared with Swift's own Glibc module. */
extern int sched_getaffinity (pid_t pid, size_t size, cpu_set_t *set);
#endif

/* How many CPUs this process may run on (its affinity mask, as `taskset` or a
 * container's cpuset sets it), or 0 when the kernel does not say. */
static inline int
shim_available_cpus (void)
{
#ifdef __linux__
  cpu_set_t set;
  memset (&set, 0, sizeof set);
  if (0 != sched_getaffinity (0, sizeof set, &set))
    return 0;
  int count = 0;
  for (size_t i = 0; i < sizeof set.__bits / sizeof set.__bits[0]; i++)
    count += __builtin_popcountl (set.__bits[i]);
  return count;
#else
  return 0;
#endif
}

/* Names the calling thread (at most 15 bytes), as tools show it. Declared here: glibc
 * declares it only under _GNU_SOURCE, which the Swift importer does not set. */
extern int pthread_setname_np (pthread_t thread, const char *name);

static inline void
shim_name_thread (const char *name)
{
  (void) pthread_setname_np (pthread_self (), name);
}

#endif
