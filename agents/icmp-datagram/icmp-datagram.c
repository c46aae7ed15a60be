/*
 * open(family) -> file descriptor of a non-blocking ICMP datagram socket ("ping socket"):
 * socket(AF_INET, SOCK_DGRAM, IPPROTO_ICMP) or socket(AF_INET6, SOCK_DGRAM, IPPROTO_ICMPV6).
 *
 * Linux lets a process open one without root or CAP_NET_RAW when its group is inside the
 * net.ipv4.ping_group_range sysctl (per network namespace, so a pod can set it). Node cannot
 * create such a socket itself, but its dgram module wraps an existing datagram descriptor
 * (socket.bind({ fd })): all I/O then goes through libuv, and this addon does nothing else.
 * A refusal throws an Error whose `errno` is the system's (EACCES outside the group range).
 */
#include <errno.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <node_api.h>

static napi_value throw_errno(napi_env env, int number) {
  napi_value message, code, error;
  napi_create_string_utf8(env, strerror(number), NAPI_AUTO_LENGTH, &message);
  napi_create_int32(env, number, &code);
  napi_create_error(env, NULL, message, &error);
  napi_set_named_property(env, error, "errno", code);
  napi_throw(env, error);
  return NULL;
}

static napi_value open_socket(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  int32_t family = 0;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 1 || napi_get_value_int32(env, argv[0], &family) != napi_ok || (family != 4 && family != 6)) {
    napi_throw_type_error(env, NULL, "family must be 4 or 6");
    return NULL;
  }
  int flags = SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC;
  int fd = family == 4 ? socket(AF_INET, flags, IPPROTO_ICMP) : socket(AF_INET6, flags, IPPROTO_ICMPV6);
  if (fd < 0) return throw_errno(env, errno);
  napi_value result;
  napi_create_int32(env, fd, &result);
  return result;
}

NAPI_MODULE_INIT() {
  napi_value open;
  napi_create_function(env, "open", NAPI_AUTO_LENGTH, open_socket, NULL, &open);
  napi_set_named_property(env, exports, "open", open);
  return exports;
}
