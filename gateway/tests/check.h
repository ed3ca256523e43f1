/* A minimal test runner: CHECK records a failure and goes on; RUN runs a test function and
 * counts it; the summary line "N passed, N failed" is what CI reads. */
#ifndef WEFT_CHECK_H
#define WEFT_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_failures_in_test;
static int tests_passed, tests_failed;
static const char *test_filter;

#define CHECK(cond)                                                                                \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "  %s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
			check_failures_in_test++;                                                  \
		}                                                                                  \
	} while (0)

#define CHECK_STR(actual, expected)                                                                       \
	do {                                                                                              \
		const char *a_ = (actual), *e_ = (expected);                                              \
		if (!a_ || strcmp(a_, e_) != 0) {                                                         \
			fprintf(stderr, "  %s:%d: expected \"%s\", got \"%s\"\n", __FILE__, __LINE__, e_, \
				a_ ? a_ : "(null)");                                                      \
			check_failures_in_test++;                                                         \
		}                                                                                         \
	} while (0)

#define CHECK_INT(actual, expected)                                                                                \
	do {                                                                                                       \
		long long a_ = (long long)(actual), e_ = (long long)(expected);                                    \
		if (a_ != e_) {                                                                                    \
			fprintf(stderr, "  %s:%d: %s: expected %lld, got %lld\n", __FILE__, __LINE__, #actual, e_, \
				a_);                                                                               \
			check_failures_in_test++;                                                                  \
		}                                                                                                  \
	} while (0)

#define RUN(test)                                               \
	do {                                                    \
		if (test_filter && !strstr(#test, test_filter)) \
			break;                                  \
		check_failures_in_test = 0;                     \
		fprintf(stderr, "%s\n", #test);                 \
		test();                                         \
		if (check_failures_in_test) {                   \
			tests_failed++;                         \
			fprintf(stderr, "FAIL %s\n", #test);    \
		} else {                                        \
			tests_passed++;                         \
		}                                               \
	} while (0)

static int check_summary(void)
{
	printf("%d passed, %d failed\n", tests_passed, tests_failed);
	return tests_failed ? 1 : 0;
}

#endif
