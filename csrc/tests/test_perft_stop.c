/* tests/test_perft_stop.c: sa_perft_stoppable counts as sa_perft when left
 * alone, and ends at once when its stop flag is raised, before the call or
 * from another thread during a perft that would otherwise run for hours. */
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "safari/safari.h"
#include "tests/check.h"

static void sleep_ms(long ms)
{
    struct timespec pause = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}

static void test_unstopped_counts_as_perft(void)
{
    for (int g = 0; sa_game_name(g) != NULL; g++) {
        sa_error err;
        sa_position *pos = sa_position_new(sa_game_name(g), NULL, &err);
        if (pos == NULL)
            continue;
        volatile int stop = 0;
        int stopped = -1;
        CHECK(sa_perft_stoppable(pos, 3, &stop, &stopped) == sa_perft(pos, 3));
        CHECK(stopped == 0);
        CHECK(sa_perft_stoppable(pos, 2, NULL, NULL) == sa_perft(pos, 2));
        sa_position_free(pos);
    }
}

static void test_raised_flag_stops_before_any_work(void)
{
    sa_error err;
    sa_position *pos = sa_position_new("zebras", NULL, &err);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    volatile int stop = 1;
    int stopped = 0;
    CHECK(sa_perft_stoppable(pos, 40, &stop, &stopped) == 0); /* hours when not stopped */
    CHECK(stopped == 1);
    CHECK(sa_perft_stoppable(pos, 1, &stop, &stopped) ==
          sa_perft(pos, 1)); /* nothing to stop */
    CHECK(stopped == 0);
    sa_position_free(pos);
}

typedef struct deep_perft {
    const sa_position *pos;
    volatile int stop;
    int stopped;
    atomic_int done;
} deep_perft;

static void *run_deep_perft(void *arg)
{
    deep_perft *job = arg;
    sa_perft_stoppable(job->pos, 40, &job->stop, &job->stopped);
    atomic_store(&job->done, 1);
    return NULL;
}

static void test_flag_raised_by_another_thread_ends_the_walk(void)
{
    sa_error err;
    sa_position *pos = sa_position_new("turtles", NULL, &err);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    deep_perft job = {pos, 0, 0, 0};
    pthread_t worker;
    CHECK(pthread_create(&worker, NULL, run_deep_perft, &job) == 0);
    sleep_ms(20);
    CHECK(!atomic_load(&job.done));
    job.stop = 1;
    /* Ends within milliseconds; waited for up to 5 s so that a failure is a
     * failed check, not a hung test run. */
    for (int waited = 0; waited < 5000 && !atomic_load(&job.done); waited++)
        sleep_ms(1);
    CHECK(atomic_load(&job.done));
    if (atomic_load(&job.done)) {
        pthread_join(worker, NULL);
        CHECK(job.stopped == 1);
        sa_position_free(pos);
    } else {
        pthread_detach(worker); /* still walking: leave it its position */
    }
}

const test_case perft_stop_tests[] = {
    {"perft: stoppable counts as perft when not stopped", test_unstopped_counts_as_perft},
    {"perft: a raised flag stops before any work",
     test_raised_flag_stops_before_any_work},
    {"perft: a flag raised by another thread ends the walk",
     test_flag_raised_by_another_thread_ends_the_walk},
    {NULL, NULL},
};
