/* tests/check.h: a minimal unit-test harness for the C tests.
 *
 * CHECK(cond) records a failure with file and line and goes on; each test is a
 * function registered in run_tests.c's table. The runner exits non-zero when
 * any check failed and prints "N passed, N failed". */
#ifndef SAFARI_TESTS_CHECK_H
#define SAFARI_TESTS_CHECK_H

#include <stdio.h>

extern int check_failures;

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            check_failures++;                                                            \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);     \
        }                                                                                \
    } while (0)

typedef struct test_case {
    const char *name;
    void (*run)(void);
} test_case;

#endif
