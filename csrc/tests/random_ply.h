/* tests/random_ply.h: one step of a random playout through the public API,
 * for the C tests that walk seeded random games of a position. */
#ifndef SAFARI_TESTS_RANDOM_PLY_H
#define SAFARI_TESTS_RANDOM_PLY_H

#include <stdint.h>
#include <string.h>

#include "common/rng.h"
#include "safari/game.h"
#include "safari/safari.h"

/* Plays one move or chance outcome of `pos` drawn uniformly by `rng` (the
 * spelling comes from sa_position_moves_text, as a front end reads it). */
static inline sa_status play_random_ply(sa_position *pos, uint64_t *rng, sa_error *err)
{
    static char moves[1 << 17];
    sa_position_moves_text(pos, moves, sizeof moves);
    int count = 1;
    for (char *c = moves; *c; c++)
        count += *c == ' ';
    int pick = (int)(sa_splitmix64(rng) % (uint64_t)count);
    char *move = moves;
    for (int k = 0; k < pick; k++)
        move = strchr(move, ' ') + 1;
    char *end = strchr(move, ' ');
    if (end != NULL)
        *end = '\0';
    char *colon = strrchr(move, ':');
    if (colon != NULL && sa_position_to_move(pos) == SA_CHANCE)
        *colon = '\0'; /* "OUTCOME:WEIGHT", the outcome may hold colons */
    return sa_position_apply(pos, move, err);
}

#endif
