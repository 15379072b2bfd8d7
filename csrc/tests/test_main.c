/* tests/test_main.c: the C test runner; each test file exports a table. */
#include <stdio.h>

#include "tests/check.h"

int check_failures = 0;

extern const test_case json_tests[];
extern const test_case position_tests[];
extern const test_case turtles_tests[];
extern const test_case zebras_tests[];
extern const test_case ostrich_tests[];
extern const test_case arena_tests[];
extern const test_case mcts_tests[];
extern const test_case mcts_session_tests[];
extern const test_case expectimax_tests[];
extern const test_case specialised_tests[];
extern const test_case perft_stop_tests[];
extern const test_case features_tests[];
extern const test_case rules_tests[];
extern const test_case winchance_tests[];
extern const test_case predictions_tests[];
extern const test_case record_tests[];

/* One suite a line, so that branches adding suites merge cleanly. */
static const test_case *const suites[] = {
    json_tests,
    position_tests,
    turtles_tests,
    zebras_tests,
    ostrich_tests,
    arena_tests,
    mcts_tests,
    mcts_session_tests,
    expectimax_tests,
    specialised_tests,
    perft_stop_tests,
    features_tests,
    rules_tests,
    winchance_tests,
    predictions_tests,
    record_tests,
    NULL,
};

int main(void)
{
    int passed = 0, failed = 0;
    for (int s = 0; suites[s] != NULL; s++) {
        for (const test_case *t = suites[s]; t->name != NULL; t++) {
            int before = check_failures;
            t->run();
            if (check_failures == before) {
                passed++;
            } else {
                failed++;
                fprintf(stderr, "FAILED: %s\n", t->name);
            }
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
