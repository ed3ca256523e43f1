#include "harness.h"
#include "monotonic.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

int gateway_start(struct gateway *g, const char *const *args)
{
	static int serial;
	memset(g, 0, sizeof *g);
	const char *bin = getenv("WEFT_GATEWAY_BIN");
	if (!bin)
		bin = "build/weft-gateway";
	snprintf(g->log_path, sizeof g->log_path, "/tmp/weft-gateway-test-%d-%d.log", (int)getpid(), ++serial);
	int out[2];
	if (pipe(out) < 0)
		return -1;
	const char *argv[64] = {bin, "--port", "0"};
	int argc = 3;
	for (int i = 0; args && args[i] && argc < 62; i++)
		argv[argc++] = args[i];
	argv[argc] = NULL;
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		dup2(out[1], 1);
		int log = open(g->log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (log >= 0)
			dup2(log, 2);
		close(out[0]);
		close(out[1]);
		execv(bin, (char *const *)argv);
		fprintf(stderr, "cannot run %s: %s\n", bin, strerror(errno));
		_exit(127);
	}
	close(out[1]);
	g->pid = pid;
	char line[256];
	size_t n = 0;
	long long end = monotonic_ms() + 10000;
	while (monotonic_ms() < end && n < sizeof line - 1) {
		struct pollfd p = {.fd = out[0], .events = POLLIN};
		if (poll(&p, 1, 100) <= 0)
			continue;
		ssize_t r = read(out[0], line + n, 1);
		if (r <= 0)
			break;
		if (line[n] == '\n')
			break;
		n++;
	}
	line[n] = '\0';
	close(out[0]);
	const char *colon = strrchr(line, ':');
	if (strncmp(line, "weft-gateway listening on http", 30) != 0 || !colon) {
		fprintf(stderr, "gateway did not start (got \"%s\")\n", line);
		gateway_dump_log(g);
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		g->pid = 0;
		return -1;
	}
	g->port = atoi(colon + 1);
	return 0;
}

int gateway_stop(struct gateway *g, int timeout_ms, long long *elapsed_ms)
{
	if (g->pid <= 0)
		return -1;
	long long start = monotonic_ms();
	kill(g->pid, SIGTERM);
	int status = 0;
	int result = -1;
	while (monotonic_ms() - start < timeout_ms) {
		pid_t r = waitpid(g->pid, &status, WNOHANG);
		if (r == g->pid) {
			result = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
			break;
		}
		usleep(5000);
	}
	if (elapsed_ms)
		*elapsed_ms = monotonic_ms() - start;
	if (result < 0) {
		kill(g->pid, SIGKILL);
		waitpid(g->pid, NULL, 0);
	}
	g->pid = 0;
	if (result == 0 && !getenv("WEFT_KEEP_LOGS"))
		unlink(g->log_path);
	return result;
}

long gateway_status_kib(const struct gateway *g, const char *field)
{
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/%d/status", (int)g->pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	long kib = -1;
	size_t n = strlen(field);
	while (fgets(line, sizeof line, f))
		if (strncmp(line, field, n) == 0 && line[n] == ':')
			kib = strtol(line + n + 1, NULL, 10);
	fclose(f);
	return kib;
}

long gateway_peak_kib(const struct gateway *g) { return gateway_status_kib(g, "VmHWM"); }

void gateway_dump_log(const struct gateway *g)
{
	FILE *f = fopen(g->log_path, "r");
	if (!f)
		return;
	char lines[40][512];
	int n = 0;
	while (fgets(lines[n % 40], sizeof lines[0], f))
		n++;
	fclose(f);
	fprintf(stderr, "--- last lines of %s ---\n", g->log_path);
	for (int i = n > 40 ? n - 40 : 0; i < n; i++)
		fputs(lines[i % 40], stderr);
	fprintf(stderr, "---\n");
}

/* True when buf holds a whole response: headers and Content-Length bytes of body (the gateway
 * may keep the connection open, so its closing cannot be the end marker). */
static bool response_complete(char *buf, size_t n)
{
	buf[n] = '\0';
	char *split = strstr(buf, "\r\n\r\n");
	if (!split)
		return false;
	if (strncmp(buf + 8, " 101", 4) == 0) /* an accepted upgrade: no body follows */
		return true;
	const char *cl = strcasestr(buf, "\r\ncontent-length:");
	if (!cl || cl > split)
		return false;
	size_t want = (size_t)strtoul(cl + 17, NULL, 10);
	return n - (size_t)(split + 4 - buf) >= want;
}

int http_begin(int port, const char *request, size_t len)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0)
		return -1;
	struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0 || write(fd, request, len) != (ssize_t)len) {
		close(fd);
		return -1;
	}
	return fd;
}

int http_finish(int fd, struct http_result *out)
{
	memset(out, 0, sizeof *out);
	if (fd < 0)
		return -1;
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap);
	long long end = monotonic_ms() + 10000;
	while (buf && monotonic_ms() < end) {
		struct pollfd p = {.fd = fd, .events = POLLIN};
		if (poll(&p, 1, 100) <= 0)
			continue;
		if (n + 4096 > cap) {
			char *grown = realloc(buf, cap *= 2);
			if (!grown)
				break;
			buf = grown;
		}
		ssize_t r = read(fd, buf + n, cap - n - 1);
		if (r <= 0)
			break;
		n += (size_t)r;
		if (response_complete(buf, n))
			break;
	}
	close(fd);
	if (!buf)
		return -1;
	buf[n] = '\0';
	char *split = strstr(buf, "\r\n\r\n");
	if (sscanf(buf, "HTTP/1.%*d %d", &out->status) != 1 || !split) {
		free(buf);
		return -1;
	}
	size_t head_len = (size_t)(split - buf);
	snprintf(out->head, sizeof out->head, "%.*s", (int)head_len, buf);
	out->body_len = n - head_len - 4;
	out->body = malloc(out->body_len + 1);
	memcpy(out->body, split + 4, out->body_len);
	out->body[out->body_len] = '\0';
	free(buf);
	return 0;
}

int http_raw(int port, const char *request, size_t len, struct http_result *out)
{
	return http_finish(http_begin(port, request, len), out);
}

/* The bytes of a request with Host: 127.0.0.1:port, extra header lines and an optional body. */
static char *format_request(int port, const char *method, const char *path, const char *headers, const char *body)
{
	char *req = NULL;
	int n;
	if (body)
		n = asprintf(
			&req,
			"%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n%sContent-Length: %zu\r\n\r\n%s",
			method, path, port, headers ? headers : "", strlen(body), body);
	else
		n = asprintf(&req, "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n%s\r\n", method, path,
			     port, headers ? headers : "");
	return n < 0 ? NULL : req;
}

int http_simple_begin(int port, const char *method, const char *path, const char *headers, const char *body)
{
	char *req = format_request(port, method, path, headers, body);
	int fd = req ? http_begin(port, req, strlen(req)) : -1;
	free(req);
	return fd;
}

int http_simple(int port, const char *method, const char *path, const char *headers, const char *body,
		struct http_result *out)
{
	return http_finish(http_simple_begin(port, method, path, headers, body), out);
}

void http_result_free(struct http_result *r)
{
	free(r->body);
	r->body = NULL;
}

int raw_ws_open(int port, const char *path) { return raw_ws_open_sending(port, path, NULL, 0); }

int raw_ws_open_sending(int port, const char *path, const void *early, size_t early_len)
{
	char req[1024];
	int head_len = snprintf(req, sizeof req,
				"GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
				"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
				"Sec-WebSocket-Protocol: weft.v1\r\n\r\n",
				path, port);
	if (head_len < 0 || (size_t)head_len + early_len > sizeof req)
		return -1;
	if (early_len)
		memcpy(req + head_len, early, early_len);
	int fd = http_begin(port, req, (size_t)head_len + early_len);
	char head[1024];
	size_t n = 0;
	long long end = monotonic_ms() + 3000;
	while (fd >= 0 && n < sizeof head - 1 && monotonic_ms() < end) {
		struct pollfd p = {.fd = fd, .events = POLLIN};
		if (poll(&p, 1, 50) <= 0)
			continue;
		if (read(fd, head + n, 1) != 1)
			break;
		head[++n] = '\0';
		if (n >= 4 && strcmp(head + n - 4, "\r\n\r\n") == 0) {
			if (strstr(head, " 101 "))
				return fd;
			break;
		}
	}
	if (fd >= 0)
		close(fd);
	return -1;
}

bool raw_ws_head(int fd, size_t len, bool masked, bool final)
{
	unsigned char h[14];
	size_t n = 0;
	h[n++] = (unsigned char)((final ? 0x80 : 0) | 0x1);
	unsigned char mask = masked ? 0x80 : 0;
	if (len < 126) {
		h[n++] = (unsigned char)(mask | len);
	} else if (len <= 0xffff) {
		h[n++] = mask | 126;
		h[n++] = (unsigned char)(len >> 8);
		h[n++] = (unsigned char)len;
	} else {
		h[n++] = mask | 127;
		for (int k = 7; k >= 0; k--)
			h[n++] = (unsigned char)((unsigned long long)len >> (8 * k));
	}
	if (masked)
		for (int k = 0; k < 4; k++)
			h[n++] = 0;
	return write(fd, h, n) == (ssize_t)n;
}

bool raw_ws_text(int fd, const char *text, bool masked)
{
	size_t len = strlen(text);
	return raw_ws_head(fd, len, masked, true) && write(fd, text, len) == (ssize_t)len;
}

int raw_ws_watch(int fd, int ms, int *texts)
{
	long long end = monotonic_ms() + ms;
	unsigned char buf[65536];
	size_t have = 0;
	while (monotonic_ms() < end) {
		struct pollfd p = {.fd = fd, .events = POLLIN};
		if (poll(&p, 1, 20) <= 0)
			continue;
		ssize_t r = read(fd, buf + have, sizeof buf - have);
		if (r <= 0)
			return 1006;
		have += (size_t)r;
		for (;;) { /* whole frames from the front (the gateway's frames here are small) */
			if (have < 2)
				break;
			size_t len = buf[1] & 0x7f, off = 2;
			if (len == 126) {
				if (have < 4)
					break;
				len = (size_t)buf[2] << 8 | buf[3];
				off = 4;
			}
			if (len > sizeof buf - off) /* bigger than this reader keeps: gone as unread */
				return 0;
			if (have < off + len)
				break;
			int opcode = buf[0] & 0xf;
			if (opcode == 0x8)
				return len >= 2 ? (buf[off] << 8 | buf[off + 1]) : 1005;
			if (opcode == 0x1 && texts)
				(*texts)++;
			memmove(buf, buf + off + len, have - off - len);
			have -= off + len;
		}
	}
	return 0;
}
