/* The web inspector's static files and the API documentation: maps a request path to a regular file inside the web root
 * (no directory listing, nothing outside the root) and names its MIME type. */
#ifndef WEFT_STATIC_FILES_H
#define WEFT_STATIC_FILES_H

#include <stdbool.h>
#include <stddef.h>

/* Resolves uri ("/", "/app.mjs", "/css/x.css") under root (an absolute, symlink-free path).
 * "/" and paths ending in "/" mean their index.html. Fills out with the file's path and returns
 * 0, or returns -1 (answer 404) for anything that is not one of the page's files (index.html, or
 * a file under css/, js/, assets/, fonts/ or img/; with test_files also test/ and bench/, the
 * page's own tests and benchmark) or not a regular file inside root: ".." segments, backslashes,
 * directories, missing files, symlinks leading out. */
int static_resolve(const char *root, const char *uri, bool test_files, char *out, size_t out_len);

/* Whether uri is under /docs (the API documentation's site, served from its own root). */
bool static_is_docs_path(const char *uri);

/* Resolves "/docs/..." under root (the site `make docs` builds): the rest of the path as a file
 * inside root, or, when that is a folder, its index.html (DocC's pages); "/docs" and "/docs/"
 * mean root's index.html. The same refusals as static_resolve (returns -1: answer 404). */
int static_resolve_docs(const char *root, const char *uri, char *out, size_t out_len);

/* The Content-Type for a file name (by extension); application/octet-stream when unknown. */
const char *static_mime(const char *path);

#endif
