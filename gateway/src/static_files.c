#include "static_files.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* True when some '/'-separated segment of uri is "..". */
static bool has_dot_dot(const char *uri)
{
	for (const char *s = uri; (s = strstr(s, "..")); s += 2) {
		bool starts = s == uri || s[-1] == '/';
		bool ends = s[2] == '\0' || s[2] == '/';
		if (starts && ends)
			return true;
	}
	return false;
}

/* The page's files: its index.html and what sits under its asset folders; with test_files also
 * its test/ and bench/ folders. Anything else in the web root is not served. */
static bool is_page_file(const char *uri, bool test_files)
{
	static const char *const folders[] = {"/css/", "/js/", "/assets/", "/fonts/", "/img/", "/test/", "/bench/"};
	size_t n_folders = sizeof folders / sizeof folders[0] - (test_files ? 0 : 2);
	if (strcmp(uri, "/") == 0 || strcmp(uri, "/index.html") == 0)
		return true;
	for (size_t i = 0; i < n_folders; i++)
		if (strncmp(uri, folders[i], strlen(folders[i])) == 0 && uri[strlen(folders[i])] != '\0')
			return true;
	return false;
}

/* root + relative (which starts with '/'; one ending in '/' means its index.html) as a regular
 * file inside root, after symlinks; -1 for anything else. */
static int resolve_under(const char *root, const char *relative, char *out, size_t out_len)
{
	char candidate[PATH_MAX];
	size_t n = strlen(relative);
	int written = snprintf(candidate, sizeof candidate, "%s%s%s", root, relative,
			       relative[n - 1] == '/' ? "index.html" : "");
	if (written < 0 || (size_t)written >= sizeof candidate)
		return -1;
	char real[PATH_MAX];
	if (!realpath(candidate, real))
		return -1;
	size_t root_len = strlen(root);
	if (strncmp(real, root, root_len) != 0 || real[root_len] != '/')
		return -1;
	struct stat st;
	if (stat(real, &st) != 0 || !S_ISREG(st.st_mode))
		return -1;
	if (strlen(real) >= out_len)
		return -1;
	strcpy(out, real);
	return 0;
}

/* A path the resolvers may look at: absolute, without ".." segments or backslashes. */
static bool plain_path(const char *uri) { return uri[0] == '/' && !has_dot_dot(uri) && !strchr(uri, '\\'); }

int static_resolve(const char *root, const char *uri, bool test_files, char *out, size_t out_len)
{
	if (!root || !plain_path(uri) || !is_page_file(uri, test_files))
		return -1;
	return resolve_under(root, uri, out, out_len);
}

bool static_is_docs_path(const char *uri) { return strncmp(uri, "/docs", 5) == 0 && (uri[5] == '\0' || uri[5] == '/'); }

int static_resolve_docs(const char *root, const char *uri, char *out, size_t out_len)
{
	if (!root || !plain_path(uri) || !static_is_docs_path(uri))
		return -1;
	const char *relative = uri[5] ? uri + 5 : "/";
	if (resolve_under(root, relative, out, out_len) == 0)
		return 0;
	/* DocC's static pages are folders with an index.html: /docs/documentation/weftlayout. */
	char folder[PATH_MAX];
	int written = snprintf(folder, sizeof folder, "%s/", relative);
	if (relative[strlen(relative) - 1] == '/' || written < 0 || (size_t)written >= sizeof folder)
		return -1;
	return resolve_under(root, folder, out, out_len);
}

const char *static_mime(const char *path)
{
	static const struct {
		const char *ext, *type;
	} types[] = {
		{"html", "text/html; charset=utf-8"},
		{"js", "text/javascript; charset=utf-8"},
		{"mjs", "text/javascript; charset=utf-8"},
		{"css", "text/css; charset=utf-8"},
		{"svg", "image/svg+xml"},
		{"png", "image/png"},
		{"json", "application/json"},
		{"map", "application/json"},
		{"wasm", "application/wasm"},
		{"ico", "image/x-icon"},
		{"txt", "text/plain; charset=utf-8"},
		{"woff2", "font/woff2"},
	};
	const char *slash = strrchr(path, '/');
	const char *dot = strrchr(slash ? slash : path, '.');
	if (dot)
		for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
			if (strcasecmp(dot + 1, types[i].ext) == 0)
				return types[i].type;
	return "application/octet-stream";
}
