/* tools/sa_cli.c: the C core from the command line, without Python.
 *
 *   sa_cli perft GAME DEPTH [RULES_JSON]   perft from the start position
 *   sa_cli perft-json FILE DEPTH           perft from a position file
 *   sa_cli playouts GAME COUNT [SEED]      random playouts from the start: speed
 *   sa_cli chance FILE COUNT               chance-outcome generation at a position: speed
 *
 * Used to run perft under the sanitizers and to embed-test the library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "safari/game.h"
#include "safari/safari.h"

static int usage(void)
{
    fprintf(stderr, "usage: sa_cli perft GAME DEPTH [RULES_JSON]\n"
                    "       sa_cli perft-json FILE DEPTH\n"
                    "       sa_cli playouts GAME COUNT [SEED]\n"
                    "       sa_cli chance FILE COUNT\n");
    return 2;
}

static sa_position *read_position_file(const char *path, sa_error *err)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err->message, sizeof err->message, "cannot open %s", path);
        err->field[0] = '\0';
        return NULL;
    }
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    return sa_position_from_json(text, n, err);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int run_playouts(const char *game, uint64_t count, uint64_t seed)
{
    sa_error err;
    sa_position *pos = sa_position_new(game, NULL, &err);
    if (pos == NULL) {
        fprintf(stderr, "error: %s\n", err.message);
        return 1;
    }
    double started = now_seconds();
    uint64_t plies = sa_random_playouts(pos, count, seed);
    double seconds = now_seconds() - started;
    printf("%s: %llu playouts, %llu plies in %.3f s: %.0f playouts/s, %.0f plies/s\n",
           game, (unsigned long long)count, (unsigned long long)plies, seconds,
           (double)count / seconds, (double)plies / seconds);
    sa_position_free(pos);
    return 0;
}

/* Lists the chance outcomes of the position in `path` `count` times. */
static int run_chance(const char *path, uint64_t count)
{
    sa_error err = {SA_OK, "", ""};
    sa_position *pos = read_position_file(path, &err);
    if (pos == NULL) {
        fprintf(stderr, "error: %s\n", err.message);
        return 1;
    }
    const sa_game *game = sa_position_game_rules(pos);
    sa_move *moves = malloc(sizeof *moves * (size_t)game->max_chance_outcomes + 1);
    uint64_t *weights = malloc(sizeof *weights * (size_t)game->max_chance_outcomes + 1);
    uint64_t listed = 0;
    double started = now_seconds();
    for (uint64_t k = 0; moves != NULL && weights != NULL && k < count; k++)
        listed += (uint64_t)game->chance_outcomes(sa_position_state(pos), moves, weights);
    double seconds = now_seconds() - started;
    printf("%s: %llu calls, %llu outcomes in %.3f s: %.0f calls/s, %.0f outcomes/s\n",
           game->name, (unsigned long long)count, (unsigned long long)listed, seconds,
           (double)count / seconds, (double)listed / seconds);
    free(moves);
    free(weights);
    sa_position_free(pos);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && strcmp(argv[1], "chance") == 0)
        return run_chance(argv[2], strtoull(argv[3], NULL, 10));
    if (argc >= 4 && strcmp(argv[1], "playouts") == 0)
        return run_playouts(argv[2], strtoull(argv[3], NULL, 10),
                            argc > 4 ? strtoull(argv[4], NULL, 10) : 1);
    if (argc < 4)
        return usage();
    sa_error err = {SA_OK, "", ""};
    sa_position *pos = NULL;
    if (strcmp(argv[1], "perft") == 0)
        pos = sa_position_new(argv[2], argc > 4 ? argv[4] : NULL, &err);
    else if (strcmp(argv[1], "perft-json") == 0)
        pos = read_position_file(argv[2], &err);
    else
        return usage();
    if (pos == NULL) {
        fprintf(stderr, "error: %s\n", err.message);
        return 1;
    }
    int depth = atoi(argv[3]);
    for (int d = 1; d <= depth; d++)
        printf("perft %d %llu\n", d, (unsigned long long)sa_perft(pos, d));
    sa_position_free(pos);
    return 0;
}
