/* The C reference of scripts/bench: libmicrohttpd answering one file's bytes from memory, with
 * the daemon set up as the Swift server sets up its own (internal polling threads over poll(),
 * one per CPU the process may run on, ITC). What this serves per second is the limit the Swift
 * layer is measured against; scripts/bench builds it with the system compiler.
 *
 *   cc -O2 -o reference scripts/bench-reference.c $(pkg-config --cflags --libs libmicrohttpd)
 *   ./reference FILE [PORT]        # prints "Serving on http://127.0.0.1:PORT/", stops on SIGTERM
 *   WORK_US=40 ./reference FILE    # spends 40 µs of CPU in each request's handler first
 *
 * WORK_US shows what a share of the static file asks of a page: how much work a handler may do
 * and still be answered at that rate (README, "Performance").
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <microhttpd.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static struct MHD_Response *page;
/* WORK_US in nanoseconds: the handler's CPU time before it answers. */
static long work;

/* Spins on this thread's CPU clock, so that time the thread is not running does not count. */
static void
spend (long nanoseconds)
{
  struct timespec start, now;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &start);
  do
    clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  while ((now.tv_sec - start.tv_sec) * 1000000000L + (now.tv_nsec - start.tv_nsec) < nanoseconds);
}

static enum MHD_Result
answer (void *cls, struct MHD_Connection *connection, const char *url, const char *method,
        const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls)
{
  (void) cls; (void) url; (void) method; (void) version; (void) upload_data; (void) upload_data_size;
  /* Answered on the second call, as the Swift server answers (the first only sees headers). */
  if (NULL == *con_cls)
  {
    *con_cls = (void *) 1;
    return MHD_YES;
  }
  if (work > 0)
    spend (work);
  return MHD_queue_response (connection, MHD_HTTP_OK, page);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
  {
    fprintf (stderr, "usage: %s FILE [PORT]\n", argv[0]);
    return 64;
  }
  FILE *file = fopen (argv[1], "rb");
  if (NULL == file)
  {
    perror (argv[1]);
    return 1;
  }
  fseek (file, 0, SEEK_END);
  long size = ftell (file);
  fseek (file, 0, SEEK_SET);
  char *bytes = malloc ((size_t) size);
  if (NULL == bytes || fread (bytes, 1, (size_t) size, file) != (size_t) size)
  {
    fprintf (stderr, "%s: could not read\n", argv[1]);
    return 1;
  }
  fclose (file);
  if (NULL != getenv ("WORK_US"))
    work = atol (getenv ("WORK_US")) * 1000L;
  page = MHD_create_response_from_buffer ((size_t) size, bytes, MHD_RESPMEM_PERSISTENT);
  MHD_add_response_header (page, "Content-Type", "text/html; charset=utf-8");

  /* Blocked before libmicrohttpd's threads start, so that they inherit it and sigwait gets it. */
  sigset_t stop;
  sigemptyset (&stop);
  sigaddset (&stop, SIGTERM);
  sigaddset (&stop, SIGINT);
  sigprocmask (SIG_BLOCK, &stop, NULL);

  cpu_set_t cpus;
  unsigned int threads = 1;
  if (0 == sched_getaffinity (0, sizeof cpus, &cpus) && CPU_COUNT (&cpus) > 0)
    threads = (unsigned int) CPU_COUNT (&cpus);
  struct sockaddr_in address;
  memset (&address, 0, sizeof address);
  address.sin_family = AF_INET;
  address.sin_port = htons ((uint16_t) (argc > 2 ? atoi (argv[2]) : 0));
  address.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  struct MHD_Daemon *daemon = MHD_start_daemon (
    MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC, 0, NULL, NULL, &answer, NULL,
    MHD_OPTION_SOCK_ADDR, (struct sockaddr *) &address,
    MHD_OPTION_THREAD_POOL_SIZE, threads,
    MHD_OPTION_CONNECTION_LIMIT, 1024u,
    MHD_OPTION_CONNECTION_TIMEOUT, 30u,
    MHD_OPTION_END);
  if (NULL == daemon)
  {
    fprintf (stderr, "libmicrohttpd did not start\n");
    return 1;
  }
  const union MHD_DaemonInfo *info = MHD_get_daemon_info (daemon, MHD_DAEMON_INFO_BIND_PORT);
  printf ("Serving on http://127.0.0.1:%u/\n", NULL == info ? 0u : (unsigned int) info->port);
  fflush (stdout);

  int received;
  sigwait (&stop, &received);
  MHD_stop_daemon (daemon);
  MHD_destroy_response (page);
  free (bytes);
  return 0;
}
