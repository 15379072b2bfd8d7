/* common/features.c: the public features API (safari/features.h) and the
 * process-wide table of weight sets (common/weights.h).
 *
 * Boundary code: it validates, and the table's writer takes a mutex. The
 * evaluations only read table entries already handed out. */
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "common/error.h"
#include "common/weights.h"
#include "safari/search.h"

sa_weight_set sa_weight_sets[SA_MAX_WEIGHT_SETS];
static int n_weight_sets = 1; /* slot 0 stands for the defaults */
static pthread_mutex_t weight_sets_lock = PTHREAD_MUTEX_INITIALIZER;

static const sa_game *linear_game(const char *name)
{
    const sa_game *game = sa_game_find(name);
    return game != NULL && game->n_features > 0 ? game : NULL;
}

int sa_feature_count(const char *game)
{
    const sa_game *g = sa_game_find(game);
    return g == NULL ? -1 : g->n_features;
}

const char *sa_feature_name(const char *game, int i)
{
    const sa_game *g = linear_game(game);
    return g != NULL && i >= 0 && i < g->n_features ? g->feature_names[i] : NULL;
}

int32_t sa_feature_default_weight(const char *game, int i)
{
    const sa_game *g = linear_game(game);
    return g != NULL && i >= 0 && i < g->n_features ? g->default_weights[i] : 0;
}

int32_t sa_feature_one(const char *game)
{
    const sa_game *g = sa_game_find(game);
    return g == NULL ? 0 : g->feature_one > 1 ? g->feature_one : 1;
}

double sa_default_win_scale(const char *game)
{
    const sa_game *g = sa_game_find(game);
    return g == NULL ? 0.0 : g->win_scale;
}

int sa_position_features(const sa_position *pos, int32_t *out)
{
    const sa_game *game = sa_position_game_rules(pos);
    if (game->n_features <= 0)
        return 0;
    game->features(sa_position_state(pos), out);
    return game->n_features;
}

/* Features of `state` for `player` (in range). */
static void features_for(const sa_game *game, const void *state, int player, int32_t *out)
{
    if (game->player_features != NULL) {
        game->player_features(state, player, out);
        return;
    }
    game->features(state, out);
    if (player != 0)
        for (int i = 0; i < game->n_features; i++)
            out[i] = -out[i];
}

int sa_position_player_features(const sa_position *pos, int player, int32_t *out)
{
    const sa_game *game = sa_position_game_rules(pos);
    const void *state = sa_position_state(pos);
    if (game->n_features <= 0)
        return 0;
    if (player < 0 || player >= game->num_players(state))
        return -1;
    features_for(game, state, player, out);
    return game->n_features;
}

sa_status sa_features_batch(const sa_position *const *positions, size_t n, double *out,
                            sa_error *err)
{
    return sa_features_batch_players(positions, NULL, n, out, err);
}

sa_status sa_features_batch_players(const sa_position *const *positions,
                                    const int *players, size_t n, double *out,
                                    sa_error *err)
{
    if (n == 0)
        return SA_OK;
    const sa_game *game = sa_position_game_rules(positions[0]);
    if (game->n_features <= 0)
        return sa_error_set(err, SA_ERR_ARGUMENT,
                            "positions[0]: %s has no evaluation features", game->name);
    for (size_t k = 1; k < n; k++)
        if (sa_position_game_rules(positions[k]) != game)
            return sa_error_set(err, SA_ERR_ARGUMENT,
                                "positions[%zu]: a %s position among %s positions", k,
                                sa_position_game_rules(positions[k])->name, game->name);
    for (size_t k = 0; players != NULL && k < n; k++)
        if (players[k] < 0 ||
            players[k] >= game->num_players(sa_position_state(positions[k])))
            return sa_error_set(err, SA_ERR_ARGUMENT,
                                "players[%zu]: no player %d in the game", k, players[k]);
    int32_t row[SA_MAX_FEATURES];
    int width = game->n_features;
    double one =
        game->feature_one > 1 ? game->feature_one : 1; /* a power of two: exact */
    for (size_t k = 0; k < n; k++) {
        features_for(game, sa_position_state(positions[k]), players ? players[k] : 0,
                     row);
        for (int i = 0; i < width; i++)
            out[k * (size_t)width + (size_t)i] = row[i] / one;
    }
    return SA_OK;
}

static uint8_t *slot_of(const sa_game *game, const void *state)
{
    /* The state belongs to the position (or to the search's copy); the slot
     * is one of its bytes. */
    return (uint8_t *)state + game->weights_offset;
}

/* The slot holding (game, w, win_scale), added when new; -1 when full. */
static int find_or_add_set(const sa_game *game, const int32_t *w, double win_scale)
{
    size_t bytes = sizeof(int32_t) * (size_t)game->n_features;
    int found = -1;
    pthread_mutex_lock(&weight_sets_lock);
    for (int k = 1; k < n_weight_sets && found < 0; k++)
        if (sa_weight_sets[k].game == game && sa_weight_sets[k].win_scale == win_scale &&
            memcmp(sa_weight_sets[k].w, w, bytes) == 0)
            found = k;
    if (found < 0 && n_weight_sets < SA_MAX_WEIGHT_SETS) {
        sa_weight_set *set = &sa_weight_sets[n_weight_sets];
        set->game = game;
        set->win_scale = win_scale;
        memcpy(set->w, w, bytes);
        found = n_weight_sets++;
    }
    pthread_mutex_unlock(&weight_sets_lock);
    return found;
}

sa_status sa_position_set_weights(sa_position *pos, const int32_t *weights, int n,
                                  double win_scale, sa_error *err)
{
    const sa_game *game = sa_position_game_rules(pos);
    if (game->n_features <= 0)
        return sa_error_set(err, SA_ERR_ARGUMENT,
                            "weights: %s's evaluation has no features to weigh",
                            game->name);
    if (n != game->n_features)
        return sa_error_set(err, SA_ERR_ARGUMENT, "weights: %s has %d features, got %d",
                            game->name, game->n_features, n);
    for (int i = 0; i < n; i++)
        if (weights[i] > SA_MAX_WEIGHT || weights[i] < -SA_MAX_WEIGHT)
            return sa_error_set(
                err, SA_ERR_ARGUMENT, "weights: '%s' must be -%d..%d, got %d",
                game->feature_names[i], SA_MAX_WEIGHT, SA_MAX_WEIGHT, (int)weights[i]);
    if (game->win_scale == 0.0 && win_scale != 0.0)
        return sa_error_set(
            err, SA_ERR_ARGUMENT,
            "weights: %s has no win-probability scale, win_scale must be 0, "
            "got %g",
            game->name, win_scale);
    if (game->win_scale != 0.0 && (!(win_scale > 0.0) || !isfinite(win_scale)))
        return sa_error_set(err, SA_ERR_ARGUMENT,
                            "weights: win_scale must be > 0, got %g", win_scale);
    int slot = 0;
    if (memcmp(weights, game->default_weights, sizeof(int32_t) * (size_t)n) != 0 ||
        win_scale != game->win_scale)
        slot = find_or_add_set(game, weights, win_scale);
    if (slot < 0)
        return sa_error_set(err, SA_ERR_MEMORY,
                            "weights: the table of %d weight sets is full",
                            SA_MAX_WEIGHT_SETS - 1);
    *slot_of(game, sa_position_state(pos)) = (uint8_t)slot;
    return SA_OK;
}

int sa_position_weights(const sa_position *pos, int32_t *out, double *win_scale)
{
    const sa_game *game = sa_position_game_rules(pos);
    if (game->n_features <= 0)
        return 0;
    uint8_t slot = *slot_of(game, sa_position_state(pos));
    memcpy(out, sa_weights_of(slot, game->default_weights),
           sizeof(int32_t) * (size_t)game->n_features);
    *win_scale = slot ? sa_weight_sets[slot].win_scale : game->win_scale;
    return game->n_features;
}

double sa_score_win_probability(const sa_game *game, const void *state, int32_t score)
{
    if (!(game->win_scale > 0.0))
        return -1.0;
    if (score >= SA_SCORE_WIN_MIN)
        return 1.0;
    if (score <= -SA_SCORE_WIN_MIN)
        return 0.0;
    uint8_t slot = game->n_features > 0 ? *slot_of(game, state) : 0;
    double k = slot ? sa_weight_sets[slot].win_scale : game->win_scale;
    return 1.0 / (1.0 + exp(-(double)score / k));
}

double sa_expected_win_probability(const sa_game *game, const void *state, double p)
{
    if (game->calibrate_win == NULL || !(p > 0.0 && p < 1.0))
        return p;
    if (game->n_features > 0 && *slot_of(game, state) != 0)
        return p; /* the calibration was fitted on the default evaluation */
    return game->calibrate_win(state, p);
}

double sa_position_expected_win_probability(const sa_position *pos, double p)
{
    return sa_expected_win_probability(sa_position_game_rules(pos),
                                       sa_position_state(pos), p);
}

double sa_position_win_probability(const sa_position *pos, int32_t score)
{
    return sa_score_win_probability(sa_position_game_rules(pos), sa_position_state(pos),
                                    score);
}

int sa_position_win_chances(const sa_position *pos, const double *expected, double *out)
{
    const sa_game *game = sa_position_game_rules(pos);
    if (game->win_chances == NULL)
        return 0;
    const void *state = sa_position_state(pos);
    game->win_chances(state, expected, out);
    return game->num_players(state);
}
