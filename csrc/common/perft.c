/* common/perft.c: perft over the game interface, for any registered game.
 *
 * Every move and every chance outcome is one ply; a terminal position above
 * the target depth ends its branch and counts nothing. One block holds, for
 * each ply, the move buffer and the child state, so the walk allocates once.
 * The last ply is bulk-counted: the number of moves is the number of leaves.
 * A caller on another thread may raise a stop flag: the walk reads it before
 * expanding each position above the last ply (a few microseconds apart) and
 * then unwinds, so a deep perft ends within milliseconds, like a search.
 */
#include <stdlib.h>
#include <string.h>

#include "safari/game.h"

typedef struct perft_frame {
    sa_move *moves;       /* room for max(max_moves, max_chance_outcomes) */
    uint64_t *weights;    /* chance weights, unused by perft but required */
    unsigned char *child; /* state_size bytes                             */
} perft_frame;

static int list_moves(const sa_game *game, const void *state, perft_frame *f)
{
    int who = game->to_move(state);
    if (who == SA_TERMINAL)
        return 0;
    if (who == SA_CHANCE)
        return game->chance_outcomes(state, f->moves, f->weights);
    return game->legal_moves(state, f->moves);
}

typedef struct perft_walk_ctx {
    const sa_game *game;
    perft_frame *frames;
    const volatile int *stop; /* NULL: never stops */
    int stopped;              /* set once the stop flag was seen */
} perft_walk_ctx;

static int must_stop(perft_walk_ctx *ctx)
{
    if (ctx->stop != NULL && *ctx->stop)
        ctx->stopped = 1;
    return ctx->stopped;
}

static uint64_t perft_walk(perft_walk_ctx *ctx, const void *state, int depth)
{
    const sa_game *game = ctx->game;
    perft_frame *f = &ctx->frames[depth];
    int n = list_moves(game, state, f);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n && !must_stop(ctx); i++) {
        memcpy(f->child, state, game->state_size);
        game->apply(f->child, f->moves[i]);
        total += perft_walk(ctx, f->child, depth - 1);
    }
    return total;
}

uint64_t sa_perft(const sa_position *pos, int depth)
{
    return sa_perft_stoppable(pos, depth, NULL, NULL);
}

uint64_t sa_perft_stoppable(const sa_position *pos, int depth, const volatile int *stop,
                            int *stopped)
{
    if (stopped != NULL)
        *stopped = 0;
    if (depth <= 0)
        return depth == 0 ? 1 : 0;
    const sa_game *game = sa_position_game_rules(pos);
    size_t cap =
        (size_t)(game->max_moves > game->max_chance_outcomes ? game->max_moves
                                                             : game->max_chance_outcomes);
    /* Rounded up to 16 so that every frame's moves stay aligned. */
    size_t frame_bytes =
        (cap * (sizeof(sa_move) + sizeof(uint64_t)) + game->state_size + 15) &
        ~(size_t)15;
    perft_frame *frames = calloc((size_t)depth + 1, sizeof *frames);
    unsigned char *block = malloc(frame_bytes * ((size_t)depth + 1));
    if (frames == NULL || block == NULL) {
        free(frames);
        free(block);
        return 0;
    }
    for (int d = 0; d <= depth; d++) {
        unsigned char *base = block + frame_bytes * (size_t)d;
        frames[d].moves = (sa_move *)base;
        frames[d].weights = (uint64_t *)(base + cap * sizeof(sa_move));
        frames[d].child = base + cap * (sizeof(sa_move) + sizeof(uint64_t));
    }
    perft_walk_ctx ctx = {game, frames, stop, 0};
    uint64_t total = perft_walk(&ctx, sa_position_state(pos), depth);
    free(block);
    free(frames);
    if (stopped != NULL)
        *stopped = ctx.stopped;
    return total;
}
