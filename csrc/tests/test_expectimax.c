/* tests/test_expectimax.c: expectimax over a tiny dice game defined here as
 * an sa_game, for two and for three players, so that the search is tested
 * without any real game registered.
 *
 *   pig:  the dice game Pig, shortened. The player to move may `hold` (bank
 *         the turn total, then the next player moves) or `roll` a die of
 *         `faces` faces, face f weighted 1 + (7f mod 4): face 1 loses the
 *         turn total and passes the turn, any other face adds 1 + f mod 3.
 *         The game ends when a banked score reaches `target`, or after `cap`
 *         plies. Two players: +1/-1 by the higher score, 0 when equal (a
 *         chance position's children are decisions of either player, and
 *         terminals). Three players: results are scores, plus 3 for a sole
 *         leader (not zero-sum: max-n).
 *
 * Checks: the value equals a brute-force expectimax over the chance tree
 * written here (every pruning mode, with and without the table, every
 * multipv line); pruning saves nodes; max-n equals its brute force value
 * vector, ties broken in the game's order; a sampled chance position sums
 * to 1, averages to the exact mean with a spread below independent draws;
 * the first chance layer below the root is never sampled; the same
 * seed gives the same report; the stop flag, node and time limits hold; and
 * sa_search picks expectimax for a registered game with chance.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "common/rng.h"
#include "search/expectimax.h"
#include "search/searcher.h"
#include "tests/check.h"

/* -- pig ----------------------------------------------------------------- */

enum { HOLD = 0, ROLL = 1 };

typedef struct pig_state {
    int8_t score[3];
    int8_t turn_total;
    int8_t mover;
    int8_t rolling; /* 1: the die is in the air (a chance position) */
    int8_t plies;
    int8_t players;
    int8_t faces;
    int8_t target;
    int8_t cap;
} pig_state;

static int pig_over(const pig_state *s)
{
    for (int p = 0; p < s->players; p++)
        if (s->score[p] >= s->target)
            return 1;
    return s->plies >= s->cap;
}

static int pig_num_players(const void *state)
{
    return ((const pig_state *)state)->players;
}

static int pig_to_move(const void *state)
{
    const pig_state *s = state;
    return pig_over(s) ? SA_TERMINAL : s->rolling ? SA_CHANCE : s->mover;
}

static int pig_legal_moves(const void *state, sa_move *out)
{
    if (pig_to_move(state) < 0)
        return 0;
    out[0] = HOLD;
    out[1] = ROLL;
    return 2;
}

static uint64_t face_weight(int f)
{
    return 1 + (uint64_t)((7 * f) % 4);
}

static int pig_chance_outcomes(const void *state, sa_move *out, uint64_t *weights)
{
    const pig_state *s = state;
    if (pig_to_move(s) != SA_CHANCE)
        return 0;
    for (int f = 1; f <= s->faces; f++) {
        out[f - 1] = (sa_move)f;
        weights[f - 1] = face_weight(f);
    }
    return s->faces;
}

static void pass_turn(pig_state *s)
{
    s->turn_total = 0;
    s->mover = (int8_t)((s->mover + 1) % s->players);
}

static void pig_apply(void *state, sa_move m)
{
    pig_state *s = state;
    s->plies++;
    if (s->rolling) {
        s->rolling = 0;
        if (m == 1)
            pass_turn(s);
        else
            s->turn_total = (int8_t)(s->turn_total + 1 + (int)m % 3);
    } else if (m == ROLL) {
        s->rolling = 1;
    } else {
        s->score[s->mover] = (int8_t)(s->score[s->mover] + s->turn_total);
        pass_turn(s);
    }
}

static uint64_t pig_hash(const void *state)
{
    const unsigned char *bytes = state;
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < sizeof(pig_state); i++)
        h = (h ^ bytes[i]) * 1099511628211ULL;
    return h;
}

static void pig_result(const void *state, int32_t *out)
{
    const pig_state *s = state;
    if (s->players == 2) {
        out[0] = s->score[0] > s->score[1] ? 1 : s->score[0] < s->score[1] ? -1 : 0;
        out[1] = -out[0];
        return;
    }
    int leader = 0, leaders = 0;
    for (int p = 0; p < s->players; p++)
        leader = s->score[p] > s->score[leader] ? p : leader;
    for (int p = 0; p < s->players; p++)
        leaders += s->score[p] == s->score[leader];
    for (int p = 0; p < s->players; p++)
        out[p] = s->score[p] + (p == leader && leaders == 1 ? 3 : 0);
}

/* Two players: score difference and the turn total, x 100 (zero-sum).
 * Three: the player's score and turn total, in centi-points. */
static int32_t pig_evaluate(const void *state, int player)
{
    const pig_state *s = state;
    int32_t own = s->score[player] * 100 + (s->mover == player ? s->turn_total * 37 : 0);
    if (s->players != 2)
        return own;
    int other = 1 - player;
    return own - s->score[other] * 100 - (s->mover == other ? s->turn_total * 37 : 0);
}

static void pig_move_str(const void *state, sa_move m, char out[SA_MOVE_STR_MAX])
{
    const pig_state *s = state;
    if (s->rolling)
        snprintf(out, SA_MOVE_STR_MAX, "f%d", (int)m);
    else
        snprintf(out, SA_MOVE_STR_MAX, "%s", m == ROLL ? "roll" : "hold");
}

static const sa_game pig_game = {
    .name = "pig",
    .max_players = 2,
    .has_chance = 1,
    .max_moves = 2,
    .max_chance_outcomes = 40,
    .state_size = sizeof(pig_state),
    .move_str = pig_move_str,
    .num_players = pig_num_players,
    .to_move = pig_to_move,
    .legal_moves = pig_legal_moves,
    .chance_outcomes = pig_chance_outcomes,
    .apply = pig_apply,
    .hash = pig_hash,
    .hash_from_scratch = pig_hash,
    .result = pig_result,
    .evaluate = pig_evaluate,
};

/* The same rules as a game of up to three players (max-n). */
static const sa_game pig3_game = {
    .name = "pig3",
    .max_players = 3,
    .has_chance = 1,
    .max_moves = 2,
    .max_chance_outcomes = 40,
    .state_size = sizeof(pig_state),
    .move_str = pig_move_str,
    .num_players = pig_num_players,
    .to_move = pig_to_move,
    .legal_moves = pig_legal_moves,
    .chance_outcomes = pig_chance_outcomes,
    .apply = pig_apply,
    .hash = pig_hash,
    .hash_from_scratch = pig_hash,
    .result = pig_result,
    .evaluate = pig_evaluate,
};

/* Three players with a declared result range (scores of at most 7 + 21
 * banked, plus 3): paranoid search prunes with it as its [L, U]. */
static const sa_game pig3_ranged_game = {
    .name = "pig3r",
    .max_players = 3,
    .has_chance = 1,
    .max_moves = 2,
    .max_chance_outcomes = 40,
    .state_size = sizeof(pig_state),
    .move_str = pig_move_str,
    .num_players = pig_num_players,
    .to_move = pig_to_move,
    .legal_moves = pig_legal_moves,
    .chance_outcomes = pig_chance_outcomes,
    .apply = pig_apply,
    .hash = pig_hash,
    .hash_from_scratch = pig_hash,
    .result = pig_result,
    .evaluate = pig_evaluate,
    .result_min = 0,
    .result_max = 40,
};

static pig_state pig_start(int players, int faces, int s0, int s1, int total, int mover)
{
    pig_state s;
    memset(&s, 0, sizeof s);
    s.players = (int8_t)players;
    s.faces = (int8_t)faces;
    s.target = 8;
    s.cap = 14;
    s.score[0] = (int8_t)s0;
    s.score[1] = (int8_t)s1;
    s.turn_total = (int8_t)total;
    s.mover = (int8_t)mover;
    return s;
}

/* -- brute force --------------------------------------------------------- */

/* Two players: player 0's expected result, depth plies deep (every move and
 * every outcome a ply), leaves as expectimax.c maps them. */
static double brute2(const pig_state *s, int depth)
{
    int who = pig_to_move(s);
    if (who == SA_TERMINAL) {
        int32_t r[2];
        pig_result(s, r);
        return r[0];
    }
    if (depth == 0)
        return tanh(pig_evaluate(s, 0) / 400.0);
    sa_move moves[40];
    uint64_t weights[40];
    if (who == SA_CHANCE) {
        int n = pig_chance_outcomes(s, moves, weights);
        double total = 0.0, sum = 0.0;
        for (int i = 0; i < n; i++)
            total += (double)weights[i];
        for (int i = 0; i < n; i++) {
            pig_state c = *s;
            pig_apply(&c, moves[i]);
            sum += (double)weights[i] / total * brute2(&c, depth - 1);
        }
        return sum;
    }
    int n = pig_legal_moves(s, moves);
    double best = who == 0 ? -2.0 : 2.0;
    for (int i = 0; i < n; i++) {
        pig_state c = *s;
        pig_apply(&c, moves[i]);
        double v = brute2(&c, depth - 1);
        best = who == 0 ? fmax(best, v) : fmin(best, v);
    }
    return best;
}

/* Max-n: every player's expected result; equal values for the mover go to
 * the first move. */
static void brute_n(const pig_state *s, int depth, double *out)
{
    int who = pig_to_move(s), np = s->players;
    if (who == SA_TERMINAL) {
        int32_t r[3];
        pig_result(s, r);
        for (int p = 0; p < np; p++)
            out[p] = r[p];
        return;
    }
    if (depth == 0) {
        for (int p = 0; p < np; p++)
            out[p] = pig_evaluate(s, p) / 100.0;
        return;
    }
    sa_move moves[40];
    uint64_t weights[40];
    double child[3];
    if (who == SA_CHANCE) {
        int n = pig_chance_outcomes(s, moves, weights);
        double total = 0.0;
        for (int i = 0; i < n; i++)
            total += (double)weights[i];
        for (int p = 0; p < np; p++)
            out[p] = 0.0;
        for (int i = 0; i < n; i++) {
            pig_state c = *s;
            pig_apply(&c, moves[i]);
            brute_n(&c, depth - 1, child);
            for (int p = 0; p < np; p++)
                out[p] += (double)weights[i] / total * child[p];
        }
        return;
    }
    int n = pig_legal_moves(s, moves);
    double best = -1e9;
    for (int i = 0; i < n; i++) {
        pig_state c = *s;
        pig_apply(&c, moves[i]);
        brute_n(&c, depth - 1, child);
        if (child[who] > best) {
            best = child[who];
            memcpy(out, child, sizeof(double) * (size_t)np);
        }
    }
}

/* Paranoid: player `me`'s expected result, `me` maximising it and every
 * other player minimising it. */
static double brute_paranoid(const pig_state *s, int me, int depth)
{
    int who = pig_to_move(s);
    if (who == SA_TERMINAL) {
        int32_t r[3];
        pig_result(s, r);
        return r[me];
    }
    if (depth == 0)
        return pig_evaluate(s, me) / 100.0;
    sa_move moves[40];
    uint64_t weights[40];
    if (who == SA_CHANCE) {
        int n = pig_chance_outcomes(s, moves, weights);
        double total = 0.0, sum = 0.0;
        for (int i = 0; i < n; i++)
            total += (double)weights[i];
        for (int i = 0; i < n; i++) {
            pig_state c = *s;
            pig_apply(&c, moves[i]);
            sum += (double)weights[i] / total * brute_paranoid(&c, me, depth - 1);
        }
        return sum;
    }
    int n = pig_legal_moves(s, moves);
    double best = who == me ? -1e9 : 1e9;
    for (int i = 0; i < n; i++) {
        pig_state c = *s;
        pig_apply(&c, moves[i]);
        double v = brute_paranoid(&c, me, depth - 1);
        best = who == me ? fmax(best, v) : fmin(best, v);
    }
    return best;
}

/* -- helpers ------------------------------------------------------------- */

static sa_limits limits_for(int depth, sa_pruning pruning, int table, int width)
{
    sa_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.depth = depth;
    limits.multipv = 1;
    limits.threads = 1;
    limits.seed = 7;
    limits.algo = SA_ALGO_EXPECTIMAX;
    limits.hash_mb = 1;
    limits.no_table = !table;
    limits.pruning = pruning;
    limits.chance_width = width;
    limits.multiplayer = SA_MULTI_MAXN;
    return limits;
}

static sa_report *run(const sa_game *game, const pig_state *root, const sa_limits *limits)
{
    static sa_report report;
    sa_error err;
    CHECK(sa_expectimax(game, root, limits, &report, &err) == SA_OK);
    return &report;
}

/* The mover's value in [-1, 1] of a two-player line. */
static double line_value(const sa_line *line, int me)
{
    return 2.0 * line->expected[me] - 1.0;
}

static const int starts[][5] = {
    /* score 0, score 1, turn total, mover */
    {0, 0, 0, 0, 0}, {3, 5, 2, 1, 0}, {6, 6, 1, 0, 0},
    {7, 2, 0, 1, 0}, {2, 7, 3, 0, 0}, {5, 4, 4, 1, 0},
};
#define N_STARTS ((int)(sizeof starts / sizeof starts[0]))

/* -- tests ----------------------------------------------------------------- */

static void test_two_players_equal_brute_force(void)
{
    const sa_pruning modes[] = {SA_PRUNE_NONE, SA_PRUNE_STAR1, SA_PRUNE_STAR2};
    for (int k = 0; k < N_STARTS; k++) {
        pig_state root =
            pig_start(2, 6, starts[k][0], starts[k][1], starts[k][2], starts[k][3]);
        for (int depth = 1; depth <= 7; depth++) {
            double want = brute2(&root, depth);
            if (root.mover == 1)
                want = -want;
            for (int m = 0; m < 3; m++)
                for (int table = 0; table <= 1; table++) {
                    sa_limits limits = limits_for(depth, modes[m], table, 0);
                    sa_report *r = run(&pig_game, &root, &limits);
                    CHECK(r->depth == depth);
                    CHECK(fabs(line_value(&r->lines[0], root.mover) - want) < 1e-9);
                    CHECK(fabs(r->lines[0].expected[0] + r->lines[0].expected[1] - 1.0) <
                          1e-12);
                }
        }
    }
}

/* Both root moves as lines: each one's exact value, best first. */
static void test_multipv_lines_are_exact(void)
{
    for (int k = 0; k < N_STARTS; k++) {
        pig_state root =
            pig_start(2, 6, starts[k][0], starts[k][1], starts[k][2], starts[k][3]);
        double v[2];
        for (int m = 0; m < 2; m++) {
            pig_state child = root;
            pig_apply(&child, (sa_move)m);
            v[m] = brute2(&child, 4) * (root.mover == 0 ? 1 : -1);
        }
        sa_limits limits = limits_for(5, SA_PRUNE_STAR2, 1, 0);
        limits.multipv = 2;
        sa_report *r = run(&pig_game, &root, &limits);
        CHECK(r->n_lines == 2);
        CHECK(fabs(line_value(&r->lines[0], root.mover) - fmax(v[0], v[1])) < 1e-9);
        CHECK(fabs(line_value(&r->lines[1], root.mover) - fmin(v[0], v[1])) < 1e-9);
    }
}

static void test_pruning_saves_nodes(void)
{
    uint64_t nodes[4] = {0, 0, 0, 0};
    for (int k = 0; k < N_STARTS; k++) {
        pig_state root =
            pig_start(2, 6, starts[k][0], starts[k][1], starts[k][2], starts[k][3]);
        for (int m = SA_PRUNE_NONE; m <= SA_PRUNE_STAR2; m++) {
            sa_limits limits = limits_for(7, (sa_pruning)m, 1, 0);
            nodes[m] += run(&pig_game, &root, &limits)->nodes;
        }
    }
    printf(
        "expectimax pig, depth 7, %d positions: nodes plain %llu, star1 %llu, star2 %llu\n",
        N_STARTS, (unsigned long long)nodes[SA_PRUNE_NONE],
        (unsigned long long)nodes[SA_PRUNE_STAR1],
        (unsigned long long)nodes[SA_PRUNE_STAR2]);
    CHECK(nodes[SA_PRUNE_STAR1] < nodes[SA_PRUNE_NONE]);
    CHECK(nodes[SA_PRUNE_STAR2] < nodes[SA_PRUNE_NONE]);
}

static void test_three_players_equal_brute_force(void)
{
    for (int k = 0; k < N_STARTS; k++) {
        pig_state root =
            pig_start(3, 6, starts[k][0], starts[k][1], starts[k][2], starts[k][3]);
        root.score[2] = (int8_t)(k % 4);
        root.mover = (int8_t)(k % 3);
        for (int depth = 1; depth <= 6; depth++) {
            double want[3];
            brute_n(&root, depth, want);
            for (int table = 0; table <= 1; table++) {
                sa_limits limits = limits_for(depth, SA_PRUNE_AUTO, table, 0);
                sa_report *r = run(&pig3_game, &root, &limits);
                CHECK(r->lines[0].n_expected == 3);
                for (int p = 0; p < 3; p++)
                    CHECK(fabs(r->lines[0].expected[p] - want[p]) < 1e-9);
                CHECK(r->lines[0].score == (int32_t)lround(100.0 * want[root.mover]));
                CHECK(r->win_probability < 0.0);
            }
        }
    }
}

/* -- paranoid ------------------------------------------------------------ */

/* A three-player pig position: start k's scores, player 2's score k % 4 +
 * extra, the mover k % 3. */
static pig_state pig3_start(int k, int extra)
{
    pig_state root =
        pig_start(3, 6, starts[k][0], starts[k][1], starts[k][2], starts[k][3]);
    root.score[2] = (int8_t)(k % 4 + extra);
    root.mover = (int8_t)(k % 3);
    return root;
}

/* The value of `root` searched below its root by paranoid expectimax. */
static double paranoid_value(const sa_game *game, const pig_state *root,
                             const sa_limits *limits)
{
    volatile int abort_flag = 0;
    ex_search *s = ex_new(game, root, limits, 1, &abort_flag);
    CHECK(s != NULL && s->paranoid && s->maximiser == root->mover);
    double v = ex_star_node(s, root, 0, limits->depth, -EX_INF, EX_INF);
    ex_free(s);
    return v;
}

/* The tree's value and the root's choice equal the brute force, with every
 * pruning mode, with and without the table; without a declared result
 * range (pig3) the search does not prune and still agrees. */
static void test_paranoid_equals_brute_force(void)
{
    const sa_pruning modes[] = {SA_PRUNE_NONE, SA_PRUNE_STAR1, SA_PRUNE_STAR2};
    const sa_game *games[] = {&pig3_ranged_game, &pig3_game};
    for (int k = 0; k < N_STARTS; k++) {
        pig_state root = pig3_start(k, 0);
        for (int depth = 1; depth <= 6; depth++) {
            double want = brute_paranoid(&root, root.mover, depth);
            double child[2];
            for (int m = 0; m < 2; m++) {
                pig_state c = root;
                pig_apply(&c, (sa_move)m);
                child[m] = brute_paranoid(&c, root.mover, depth - 1);
            }
            for (int g = 0; g < 2; g++)
                for (int m = 0; m < 3; m++)
                    for (int table = 0; table <= 1; table++) {
                        sa_limits limits = limits_for(depth, modes[m], table, 0);
                        limits.multiplayer = SA_MULTI_PARANOID;
                        CHECK(fabs(paranoid_value(games[g], &root, &limits) - want) <
                              1e-9);
                        sa_report *r = run(games[g], &root, &limits);
                        CHECK(r->depth == depth && r->n_lines == 1);
                        CHECK(r->lines[0].n_expected == 0 && r->win_probability < 0.0);
                        CHECK(r->lines[0].score == (int32_t)lround(100.0 * want));
                        if (fabs(child[0] - child[1]) > 1e-9)
                            CHECK(strcmp(r->lines[0].pv,
                                         child[0] > child[1] ? "hold" : "roll") == 0 ||
                                  strncmp(r->lines[0].pv,
                                          child[0] > child[1] ? "hold " : "roll ",
                                          5) == 0);
                    }
        }
    }
}

/* -- random trees: where max-n and paranoid part ---------------------------
 *
 * A game whose positions are the nodes of a seeded random tree of three
 * players: each inner node is a decision of a random player or a chance
 * node of random weights, with 2 or 3 children; leaves hold results 0..10
 * per player, inner nodes a random evaluation in the same range. Pig's
 * players hardly touch each other's score, so max-n and paranoid choose
 * alike there; in these trees they often do not. */

typedef struct tree_node {
    int8_t kind; /* 0..2 a player, SA_CHANCE, SA_TERMINAL */
    int8_t n;
    int32_t child[3];
    uint8_t weight[3];
    int8_t value[3]; /* results (leaves) or evaluation (inner) */
} tree_node;

#define TREE_MAX 4096
static tree_node tree_nodes[TREE_MAX];
static int tree_size;

typedef struct tree_state {
    int32_t node;
} tree_state;

static int tree_new_node(sa_rng *rng, int depth, int kind)
{
    int at = tree_size++;
    tree_node *t = &tree_nodes[at];
    memset(t, 0, sizeof *t);
    for (int p = 0; p < 3; p++)
        t->value[p] = (int8_t)(sa_rng_next(rng) % 11);
    if (depth == 0 || (kind < -2 && sa_rng_next(rng) % 8 == 0)) {
        t->kind = SA_TERMINAL;
        return at;
    }
    t->kind = (int8_t)(kind >= -2                  ? kind
                       : sa_rng_next(rng) % 4 == 0 ? SA_CHANCE
                                                   : (int)(sa_rng_next(rng) % 3));
    t->n = (int8_t)(2 + sa_rng_next(rng) % 2);
    for (int i = 0; i < t->n; i++) {
        t->weight[i] = (uint8_t)(1 + sa_rng_next(rng) % 5);
        int child = tree_new_node(rng, depth - 1, -3);
        tree_nodes[at].child[i] = child;
    }
    return at;
}

/* A tree of `depth` levels whose root is a decision of `mover`. */
static void tree_generate(uint64_t seed, int depth, int mover)
{
    sa_rng rng;
    sa_rng_seed(&rng, seed);
    tree_size = 0;
    tree_new_node(&rng, depth, mover);
}

static int tree_num_players(const void *state)
{
    (void)state;
    return 3;
}

static int tree_to_move(const void *state)
{
    return tree_nodes[((const tree_state *)state)->node].kind;
}

static int tree_legal_moves(const void *state, sa_move *out)
{
    const tree_node *t = &tree_nodes[((const tree_state *)state)->node];
    if (t->kind < 0)
        return 0;
    for (int i = 0; i < t->n; i++)
        out[i] = (sa_move)i;
    return t->n;
}

static int tree_chance_outcomes(const void *state, sa_move *out, uint64_t *weights)
{
    const tree_node *t = &tree_nodes[((const tree_state *)state)->node];
    if (t->kind != SA_CHANCE)
        return 0;
    for (int i = 0; i < t->n; i++) {
        out[i] = (sa_move)i;
        weights[i] = t->weight[i];
    }
    return t->n;
}

static void tree_apply(void *state, sa_move m)
{
    tree_state *s = state;
    s->node = tree_nodes[s->node].child[m];
}

static uint64_t tree_hash(const void *state)
{
    return ((uint64_t)((const tree_state *)state)->node + 1) * 0xD6E8FEB86659FD93ULL;
}

static void tree_result(const void *state, int32_t *out)
{
    const tree_node *t = &tree_nodes[((const tree_state *)state)->node];
    for (int p = 0; p < 3; p++)
        out[p] = t->value[p];
}

static int32_t tree_evaluate(const void *state, int player)
{
    return tree_nodes[((const tree_state *)state)->node].value[player] * 100;
}

static void tree_move_str(const void *state, sa_move m, char out[SA_MOVE_STR_MAX])
{
    (void)state;
    snprintf(out, SA_MOVE_STR_MAX, "m%d", (int)m);
}

static const sa_game tree_game = {
    .name = "tree3",
    .max_players = 3,
    .has_chance = 1,
    .max_moves = 3,
    .max_chance_outcomes = 3,
    .state_size = sizeof(tree_state),
    .move_str = tree_move_str,
    .num_players = tree_num_players,
    .to_move = tree_to_move,
    .legal_moves = tree_legal_moves,
    .chance_outcomes = tree_chance_outcomes,
    .apply = tree_apply,
    .hash = tree_hash,
    .hash_from_scratch = tree_hash,
    .result = tree_result,
    .evaluate = tree_evaluate,
    .result_min = 0,
    .result_max = 10,
};

#define TREE_MAXN (-1)
#define TREE_MARGIN (-2)

/* What the mover k maximises in a vector: its value, or under margin its
 * value less the others' mean. */
static double tree_key(const double *v, int k, int margin)
{
    return margin ? v[k] - (v[0] + v[1] + v[2] - v[k]) / 2.0 : v[k];
}

/* Node `at`'s value `depth` plies deep: paranoid for `me` (me >= 0) into
 * out[0], or max-n (TREE_MAXN) or margin (TREE_MARGIN) into out[0..3),
 * equal values to the first move. */
static void tree_brute(int at, int me, int depth, double *out)
{
    const tree_node *t = &tree_nodes[at];
    int np = me >= 0 ? 1 : 3;
    if (t->kind == SA_TERMINAL || depth == 0) {
        for (int p = 0; p < np; p++)
            out[p] = t->value[me >= 0 ? me : p];
        return;
    }
    double child[3], total = 0.0;
    for (int i = 0; i < t->n; i++)
        total += t->weight[i];
    for (int p = 0; p < np; p++)
        out[p] = t->kind == SA_CHANCE ? 0.0 : -1e9;
    for (int i = 0; i < t->n; i++) {
        tree_brute(t->child[i], me, depth - 1, child);
        if (t->kind == SA_CHANCE) {
            for (int p = 0; p < np; p++)
                out[p] += t->weight[i] / total * child[p];
        } else if (me >= 0) {
            int maximising = t->kind == me;
            double v = maximising ? child[0] : -child[0];
            if (i == 0 || v > (maximising ? out[0] : -out[0]))
                out[0] = child[0];
        } else if (i == 0 || tree_key(child, t->kind, me == TREE_MARGIN) >
                                 tree_key(out, t->kind, me == TREE_MARGIN)) {
            memcpy(out, child, sizeof child);
        }
    }
}

/* The brute force's choice at the root (mover 0) under `model` (0:
 * paranoid, TREE_MAXN, TREE_MARGIN): the best move's index, -1 when the best
 * two are within 1e-6; *own: the mover's value of that move. */
static int tree_choice(int model, int depth, double *own)
{
    const tree_node *root = &tree_nodes[0];
    double best = -1e9, second = -1e9, v[3];
    int choice = -1;
    for (int i = 0; i < root->n; i++) {
        tree_brute(root->child[i], model, depth - 1, v);
        double key = model == 0 ? v[0] : tree_key(v, 0, model == TREE_MARGIN);
        if (key > best) {
            second = best;
            best = key;
            choice = i;
            *own = v[0];
        } else if (key > second) {
            second = key;
        }
    }
    return best - second < 1e-6 ? -1 : choice;
}

/* The search of the tree's root: its choice (the first move of its line)
 * and the value (the score, centi-points). */
static int tree_search_choice(sa_multiplayer model, sa_pruning pruning, int table,
                              int depth, int32_t *score)
{
    tree_state root = {0};
    sa_limits limits = limits_for(depth, pruning, table, 0);
    limits.multiplayer = model;
    static sa_report report;
    sa_error err;
    CHECK(sa_expectimax(&tree_game, &root, &limits, &report, &err) == SA_OK);
    sa_report *r = &report;
    *score = r->lines[0].score;
    return r->lines[0].pv[1] - '0';
}

/* On 300 seeded trees, the three models choose and value the root as their
 * brute forces do (paranoid in every pruning mode, with and without the
 * table; margin, and auto, which is margin, with the mover's own value as
 * the score); and on a good share of the trees paranoid and max-n, and
 * margin and max-n, choose differently, so the options are not no-ops. */
static void test_paranoid_and_maxn_differ(void)
{
    const sa_pruning modes[] = {SA_PRUNE_NONE, SA_PRUNE_STAR1, SA_PRUNE_STAR2};
    int differ = 0, compared = 0, margin_differ = 0, margin_compared = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        tree_generate(seed, 5, 0);
        for (int depth = 2; depth <= 5; depth++) {
            double own_maxn, own_paranoid, own_margin;
            int maxn = tree_choice(TREE_MAXN, depth, &own_maxn);
            int paranoid = tree_choice(0, depth, &own_paranoid);
            int margin = tree_choice(TREE_MARGIN, depth, &own_margin);
            double want;
            tree_brute(0, 0, depth, &want);
            int32_t score;
            if (maxn >= 0)
                CHECK(tree_search_choice(SA_MULTI_MAXN, SA_PRUNE_AUTO, 1, depth,
                                         &score) == maxn);
            if (margin >= 0)
                for (int table = 0; table <= 1; table++) {
                    CHECK(tree_search_choice(SA_MULTI_MARGIN, SA_PRUNE_AUTO, table, depth,
                                             &score) == margin);
                    CHECK(score == (int32_t)lround(100.0 * own_margin));
                    CHECK(tree_search_choice(SA_MULTI_AUTO, SA_PRUNE_AUTO, table, depth,
                                             &score) == margin);
                }
            margin_compared += maxn >= 0 && margin >= 0;
            margin_differ += maxn >= 0 && margin >= 0 && maxn != margin;
            for (int m = 0; m < 3; m++)
                for (int table = 0; table <= 1; table++) {
                    int got = tree_search_choice(SA_MULTI_PARANOID, modes[m], table,
                                                 depth, &score);
                    CHECK(score == (int32_t)lround(100.0 * want));
                    if (paranoid >= 0)
                        CHECK(got == paranoid);
                }
            compared += maxn >= 0 && paranoid >= 0;
            differ += maxn >= 0 && paranoid >= 0 && maxn != paranoid;
        }
    }
    printf("random 3-player trees: max-n and paranoid choose differently in %d of %d, "
           "max-n and margin in %d of %d\n",
           differ, compared, margin_differ, margin_compared);
    CHECK(differ * 10 > compared);
    CHECK(margin_differ * 10 > margin_compared);
}

/* Star1/Star2 cut paranoid trees as they cut two-player ones. */
static void test_paranoid_pruning_saves_nodes(void)
{
    uint64_t nodes[4] = {0, 0, 0, 0};
    for (int k = 0; k < N_STARTS; k++) {
        pig_state root = pig3_start(k, 0);
        for (int m = SA_PRUNE_NONE; m <= SA_PRUNE_STAR2; m++) {
            sa_limits limits = limits_for(7, (sa_pruning)m, 1, 0);
            limits.multiplayer = SA_MULTI_PARANOID;
            nodes[m] += run(&pig3_ranged_game, &root, &limits)->nodes;
        }
    }
    printf("paranoid pig3, depth 7: nodes plain %llu, star1 %llu, star2 %llu\n",
           (unsigned long long)nodes[SA_PRUNE_NONE],
           (unsigned long long)nodes[SA_PRUNE_STAR1],
           (unsigned long long)nodes[SA_PRUNE_STAR2]);
    CHECK(nodes[SA_PRUNE_STAR1] < nodes[SA_PRUNE_NONE]);
    CHECK(nodes[SA_PRUNE_STAR2] < nodes[SA_PRUNE_NONE]);
}

/* Which model runs: two players never change; a chance root is max-n or
 * margin. */
static void test_multiplayer_mode(void)
{
    sa_limits limits = limits_for(2, SA_PRUNE_AUTO, 1, 0);
    pig_state two = pig_start(2, 6, 0, 0, 0, 0), three = pig3_start(0, 0);
    limits.multiplayer = SA_MULTI_PARANOID;
    CHECK(ex_mode_for(&pig_game, &two, &limits) == EX_TWO_PLAYER);
    CHECK(ex_mode_for(&pig3_game, &three, &limits) == EX_PARANOID);
    three.rolling = 1;
    CHECK(ex_mode_for(&pig3_game, &three, &limits) == EX_MAXN);
    three.rolling = 0;
    limits.multiplayer = SA_MULTI_MAXN;
    CHECK(ex_mode_for(&pig3_game, &three, &limits) == EX_MAXN);
    limits.multiplayer = SA_MULTI_MARGIN;
    CHECK(ex_mode_for(&pig3_game, &three, &limits) == EX_MARGIN);
    three.rolling = 1; /* a chance root keeps the choosers' model below it */
    CHECK(ex_mode_for(&pig3_game, &three, &limits) == EX_MARGIN);
    three.rolling = 0;
    CHECK(ex_mode_for(&pig_game, &two, &limits) == EX_TWO_PLAYER);
    limits.multiplayer = SA_MULTI_AUTO; /* the measured best: margin */
    CHECK(ex_mode_for(&pig3_game, &three, &limits) == EX_MARGIN);
    limits.multiplayer = (sa_multiplayer)4;
    sa_report report;
    sa_error err;
    CHECK(sa_expectimax(&pig3_game, &three, &limits, &report, &err) == SA_ERR_ARGUMENT);
    CHECK(strstr(err.message, "multiplayer") != NULL);
}

/* 40 faces, more than the width: a systematic sample. Every face at least
 * 1/width probable is in it, probabilities sum to 1, most probable first;
 * over many seeds the estimate of a face function averages to its exact
 * mean, with a spread well below that of independent draws. */
static void test_sampled_chance_positions(void)
{
    pig_state root = pig_start(3, 40, 1, 2, 0, 0);
    root.rolling = 1;
    sa_move moves[40], raw[40];
    double prob[40];
    uint64_t weights[40];
    ex_ranked ranked[40];
    int draws[40];
    ex_chance set = {0, 0, moves, prob, raw, weights, ranked, draws};
    const int width = 16;
    double exact = 0.0, square = 0.0, total = 0.0, mean = 0.0, spread = 0.0;
    for (int f = 1; f <= 40; f++) {
        exact += (double)face_weight(f) * f * f;
        square += (double)face_weight(f) * f * f * f * f;
        total += (double)face_weight(f);
    }
    exact /= total;
    square /= total;
    const int seeds = 4000;
    for (int seed = 0; seed < seeds; seed++) {
        ex_chance_collect(&pig3_game, &root, width, (uint64_t)seed, &set);
        CHECK(set.sampled && set.n <= width);
        double sum = 0.0, estimate = 0.0;
        int heaviest = 0;
        for (int i = 0; i < set.n; i++) {
            sum += set.prob[i];
            estimate += set.prob[i] * (double)(set.moves[i] * set.moves[i]);
            heaviest += face_weight((int)set.moves[i]) == 4;
            if (i > 0)
                CHECK(set.prob[i] <= set.prob[i - 1]);
        }
        CHECK(fabs(sum - 1.0) < 1e-12);
        /* weight 4 of 100: 1/25 < 1/16, so not always; weight-4 faces are
         * 10 of 40 and spread along the order, so some always are */
        CHECK(heaviest >= 1);
        mean += estimate / seeds;
        spread += (estimate - exact) * (estimate - exact) / seeds;
    }
    CHECK(fabs(mean - exact) < 0.01 * exact);
    /* independent draws: variance (E[v^2] - E[v]^2) / width */
    double independent = (square - exact * exact) / width;
    CHECK(spread < 0.25 * independent);
    ex_chance_collect(&pig3_game, &root, 40, 1, &set);
    CHECK(!set.sampled && set.n == 40);
    ex_chance_collect(&pig3_game, &root, 0, 1, &set);
    CHECK(!set.sampled && set.n == 40);
}

/* A die of 40 faces and the default width (32): the first chance layer
 * below a decision root is still searched whole, so up to that layer (depth 3: the
 * move, the roll, the next decision) the value equals the brute force; and
 * deeper (sampled) layers give the same values with and without the table
 * (values above and below the first layer are kept apart in it). */
static void test_first_chance_layer_is_whole(void)
{
    for (int k = 0; k < N_STARTS; k++) {
        pig_state root =
            pig_start(3, 40, starts[k][0], starts[k][1], starts[k][2], starts[k][3]);
        root.mover = (int8_t)(k % 3);
        double want[3];
        brute_n(&root, 3, want);
        for (int table = 0; table <= 1; table++) {
            sa_limits limits = limits_for(3, SA_PRUNE_AUTO, table, 0);
            sa_report *r = run(&pig3_game, &root, &limits);
            for (int p = 0; p < 3; p++)
                CHECK(fabs(r->lines[0].expected[p] - want[p]) < 1e-9);
        }
        sa_limits with = limits_for(6, SA_PRUNE_AUTO, 1, 0), without = with;
        without.no_table = 1;
        double v[3];
        sa_report *r = run(&pig3_game, &root, &with);
        memcpy(v, r->lines[0].expected, sizeof v);
        r = run(&pig3_game, &root, &without);
        for (int p = 0; p < 3; p++)
            CHECK(fabs(r->lines[0].expected[p] - v[p]) < 1e-9);
    }
}

/* A node limit that lets a depth's cheap pass (first layer sampled) finish
 * but stops its whole pass: the report keeps that depth, with the cheap
 * pass's values, those of a search given chance_width 32 (one pass, every
 * layer sampled). Max-n has no pruning, so node counts add up exactly. */
static void test_a_stopped_whole_pass_keeps_the_depth(void)
{
    pig_state root = pig_start(3, 40, 1, 2, 0, 0);
    sa_limits sampled2 = limits_for(2, SA_PRUNE_AUTO, 1, 32);
    uint64_t cheap2 = run(&pig3_game, &root, &sampled2)->nodes;
    sa_limits sampled3 = limits_for(3, SA_PRUNE_AUTO, 1, 32);
    sa_report *r = run(&pig3_game, &root, &sampled3);
    uint64_t cheap3 = r->nodes - cheap2;
    double want[3];
    memcpy(want, r->lines[0].expected, sizeof want);
    sa_limits whole2 = limits_for(2, SA_PRUNE_AUTO, 1, 0);
    uint64_t both2 = run(&pig3_game, &root, &whole2)->nodes;
    sa_limits whole3 = limits_for(3, SA_PRUNE_AUTO, 1, 0);
    uint64_t both3 = run(&pig3_game, &root, &whole3)->nodes;
    CHECK(both3 > both2 + cheap3 + 64); /* the whole pass is searched */
    sa_limits cut = limits_for(0, SA_PRUNE_AUTO, 1, 0);
    cut.nodes = both2 + cheap3 + 32;
    r = run(&pig3_game, &root, &cut);
    CHECK(r->depth == 3);
    for (int p = 0; p < 3; p++)
        CHECK(fabs(r->lines[0].expected[p] - want[p]) < 1e-9);
}

static int same_report(const sa_report *a, const sa_report *b)
{
    if (a->nodes != b->nodes || a->depth != b->depth || a->n_lines != b->n_lines)
        return 0;
    for (int k = 0; k < a->n_lines; k++) {
        if (strcmp(a->lines[k].pv, b->lines[k].pv) != 0 ||
            a->lines[k].score != b->lines[k].score)
            return 0;
        for (int p = 0; p < a->lines[k].n_expected; p++)
            if (a->lines[k].expected[p] != b->lines[k].expected[p])
                return 0;
    }
    return 1;
}

static void test_same_seed_same_report(void)
{
    pig_state root = pig_start(3, 40, 2, 1, 2, 1);
    root.cap = 40;
    sa_limits limits = limits_for(5, SA_PRUNE_AUTO, 1, 0);
    sa_report first = *run(&pig3_game, &root, &limits);
    sa_report again = *run(&pig3_game, &root, &limits);
    CHECK(same_report(&first, &again));
    limits.seed = 8;
    sa_report other = *run(&pig3_game, &root, &limits);
    limits.seed = 7;
    sa_report back = *run(&pig3_game, &root, &limits);
    CHECK(same_report(&first, &back));
    (void)other;
    pig_state root2 = pig_start(2, 40, 2, 1, 2, 1);
    root2.cap = 40;
    sa_limits limits2 = limits_for(6, SA_PRUNE_AUTO, 1, 0);
    sa_report a = *run(&pig_game, &root2, &limits2);
    sa_report b = *run(&pig_game, &root2, &limits2);
    CHECK(same_report(&a, &b));
}

static void test_limits_hold(void)
{
    pig_state root = pig_start(3, 40, 0, 0, 0, 0);
    root.cap = 100;
    root.target = 100;
    volatile int stop = 1;
    sa_limits limits = limits_for(0, SA_PRUNE_AUTO, 1, 0);
    limits.stop = &stop;
    sa_report *r = run(&pig3_game, &root, &limits);
    CHECK(r->n_lines == 1 && r->nodes < 100);

    limits = limits_for(0, SA_PRUNE_AUTO, 1, 0);
    limits.nodes = 5000;
    r = run(&pig3_game, &root, &limits);
    CHECK(r->nodes <= 5000 + 16 && r->n_lines == 1);

    limits = limits_for(0, SA_PRUNE_AUTO, 1, 0);
    /* Without the limit these searches deepen for far longer than a second;
     * the bound is loose so that a loaded machine cannot fail it (this is a
     * check that the limit is honoured, not a timing). */
    limits.movetime_ms = 40;
    int64_t start = sa_now_ms();
    r = run(&pig3_game, &root, &limits);
    CHECK(sa_now_ms() - start < 40 + 1000);
    CHECK(r->depth >= 1 && r->n_lines == 1);

    pig_state root2 = pig_start(2, 40, 0, 0, 0, 0);
    root2.cap = 100;
    root2.target = 100;
    limits.movetime_ms = 40;
    start = sa_now_ms();
    r = run(&pig_game, &root2, &limits);
    CHECK(sa_now_ms() - start < 40 + 1000);
    CHECK(r->depth >= 1 && r->n_lines == 1);
}

/* sa_search picks expectimax for every registered game with chance under a
 * depth limit, and sa_search_algo says auto runs it by time alone too. */
static void test_search_dispatches_chance_games(void)
{
    for (int i = 0; sa_games[i] != NULL; i++) {
        const sa_game *game = sa_games[i];
        if (!game->has_chance)
            continue;
        sa_error err;
        sa_position *pos = sa_position_new(game->name, NULL, &err);
        CHECK(pos != NULL);
        if (pos == NULL)
            continue;
        char text[1 << 16];
        for (int guard = 0; guard < 50 && sa_position_to_move(pos) == SA_CHANCE;
             guard++) {
            sa_position_moves_text(pos, text, sizeof text);
            char *space = strchr(text, ' ');
            if (space != NULL)
                *space = '\0';
            *strrchr(text, ':') = '\0'; /* the first outcome, without ":WEIGHT" */
            CHECK(sa_position_apply(pos, text, &err) == SA_OK);
        }
        sa_limits limits = limits_for(2, SA_PRUNE_AUTO, 1, 0);
        limits.algo = SA_ALGO_AUTO;
        sa_report report;
        CHECK(sa_search(pos, &limits, &report, &err) == SA_OK);
        CHECK(report.algo == SA_ALGO_EXPECTIMAX && report.depth == 2);
        CHECK(report.n_lines == 1 &&
              report.lines[0].n_expected == sa_position_num_players(pos));
        /* auto by time alone: expectimax too (docs/search-expectimax.md) */
        sa_limits timed = limits;
        timed.depth = 0;
        timed.movetime_ms = 20;
        CHECK(sa_search_algo(pos, &limits) == SA_ALGO_EXPECTIMAX);
        CHECK(sa_search_algo(pos, &timed) == SA_ALGO_EXPECTIMAX);
        timed.nodes = 500;
        CHECK(sa_search_algo(pos, &timed) == SA_ALGO_EXPECTIMAX);
        sa_position_free(pos);
    }
}

/* -- chance roots and threads ------------------------------------------- */

/* Outcome `face` of a rolling pig position. */
static pig_state after_face(const pig_state *root, int face)
{
    pig_state c = *root;
    pig_apply(&c, (sa_move)face);
    return c;
}

/* The report of a chance root (a rolling pig) at `depth` on `threads`
 * threads, checked against brute force: every outcome valued, most probable
 * first, exact probabilities, each outcome's expected results those of its
 * child at depth - 1, the position's their weighted mean. */
static void check_chance_root(const sa_game *game, const pig_state *root, int depth,
                              int threads)
{
    int np = root->players;
    sa_limits limits = limits_for(depth, SA_PRUNE_AUTO, 1, 0);
    limits.threads = threads;
    sa_report r;
    sa_error err;
    CHECK(sa_expectimax(game, root, &limits, &r, &err) == SA_OK);
    CHECK(r.chance == 1 && r.n_lines == 0 && r.depth == depth && r.threads == threads);
    CHECK(r.n_outcomes == root->faces && r.n_valued == root->faces && r.n_expected == np);
    double mean[3] = {0, 0, 0};
    uint64_t total = 0;
    for (int j = 0; j < r.n_outcomes; j++) {
        const sa_outcome_value *o = &r.outcomes[j];
        int face = atoi(o->outcome + 1); /* "f3" */
        CHECK(face >= 1 && face <= root->faces && o->valued);
        CHECK(o->weight == face_weight(face));
        if (j > 0)
            CHECK(o->weight <= r.outcomes[j - 1].weight);
        total += o->weight;
        pig_state child = after_face(root, face);
        double want[3];
        if (np == 2) {
            double v = brute2(&child, depth - 1);
            want[0] = (1.0 + v) / 2.0;
            want[1] = (1.0 - v) / 2.0;
        } else {
            brute_n(&child, depth - 1, want);
        }
        for (int p = 0; p < np; p++) {
            CHECK(fabs(o->expected[p] - want[p]) < 1e-9);
            mean[p] += (double)o->weight * want[p];
        }
    }
    CHECK(total == r.total_weight);
    for (int p = 0; p < np; p++)
        CHECK(fabs(r.expected[p] - mean[p] / (double)total) < 1e-9);
    sa_report_free(&r);
    CHECK(r.outcomes == NULL);
    sa_report_free(&r); /* twice is harmless */
}

static void test_chance_root_equals_brute_force(void)
{
    for (int k = 0; k < N_STARTS; k++) {
        pig_state two =
            pig_start(2, 6, starts[k][0], starts[k][1], starts[k][2], starts[k][3]);
        two.rolling = 1;
        pig_state three = two;
        three.players = 3;
        three.score[2] = (int8_t)(k % 4);
        three.mover = (int8_t)(k % 3);
        for (int depth = 1; depth <= 6; depth++)
            for (int threads = 1; threads <= 3; threads += 2) {
                check_chance_root(&pig_game, &two, depth, threads);
                check_chance_root(&pig3_game, &three, depth, threads);
            }
    }
}

/* A decision root on 4 threads: the same values as on one. */
static void test_threads_give_the_same_values(void)
{
    for (int k = 0; k < N_STARTS; k++) {
        pig_state root =
            pig_start(3, 6, starts[k][0], starts[k][1], starts[k][2], starts[k][3]);
        root.mover = (int8_t)(k % 3);
        pig_state root2 =
            pig_start(2, 6, starts[k][0], starts[k][1], starts[k][2], starts[k][3]);
        for (int depth = 1; depth <= 6; depth++) {
            sa_limits limits = limits_for(depth, SA_PRUNE_AUTO, 1, 0);
            limits.multipv = 2;
            sa_report one = *run(&pig3_game, &root, &limits);
            sa_report one2 = *run(&pig_game, &root2, &limits);
            limits.threads = 4;
            sa_report four = *run(&pig3_game, &root, &limits);
            sa_report four2 = *run(&pig_game, &root2, &limits);
            CHECK(four.threads == 4 && one.threads == 1);
            CHECK(one.n_lines == four.n_lines && one2.n_lines == four2.n_lines);
            for (int l = 0; l < one.n_lines; l++)
                for (int p = 0; p < 3; p++)
                    CHECK(fabs(one.lines[l].expected[p] - four.lines[l].expected[p]) <
                          1e-9);
            for (int l = 0; l < one2.n_lines; l++)
                CHECK(fabs(one2.lines[l].expected[0] - four2.lines[l].expected[0]) <
                      1e-9);
        }
    }
}

/* A node limit that stops the first iteration at a chance root of 40
 * outcomes: the outcomes reached are valued, the others not, and the
 * position's estimate, over many seeds, averages to its exact value (the
 * Horvitz-Thompson estimate over a seeded uniform sample, with the root's
 * evaluation as a control variate, is unbiased). */
static void test_chance_root_estimate_is_unbiased(void)
{
    pig_state root = pig_start(3, 40, 1, 2, 3, 0);
    root.rolling = 1;
    root.cap = 60;
    root.target = 60;
    sa_limits limits = limits_for(1, SA_PRUNE_AUTO, 1, 0);
    sa_report r;
    sa_error err;
    CHECK(sa_expectimax(&pig3_game, &root, &limits, &r, &err) == SA_OK);
    double exact = r.expected[0];
    CHECK(r.n_valued == 40);
    sa_report_free(&r);
    const int seeds = 3000;
    double mean = 0.0;
    limits.depth = 0;
    limits.nodes = 10;
    for (int seed = 0; seed < seeds; seed++) {
        limits.seed = (uint64_t)seed;
        CHECK(sa_expectimax(&pig3_game, &root, &limits, &r, &err) == SA_OK);
        CHECK(r.depth == 0 && r.n_valued > 0 && r.n_valued < 40);
        double sum = 0.0, c = pig_evaluate(&root, 0) / 100.0; /* the control variate */
        int valued = 0;
        for (int j = 0; j < r.n_outcomes; j++) {
            sum += r.outcomes[j].valued * (double)r.outcomes[j].weight /
                   (double)r.total_weight * (r.outcomes[j].expected[0] - c);
            valued += r.outcomes[j].valued;
        }
        CHECK(valued == r.n_valued);
        CHECK(fabs(r.expected[0] - (c + sum * 40.0 / valued)) < 1e-9);
        mean += r.expected[0] / seeds;
        sa_report_free(&r);
    }
    CHECK(fabs(mean - exact) < 0.02 * exact);

    /* the stop flag, raised before the search, on 4 threads */
    volatile int stop = 1;
    limits = limits_for(0, SA_PRUNE_AUTO, 1, 0);
    limits.stop = &stop;
    limits.threads = 4;
    CHECK(sa_expectimax(&pig3_game, &root, &limits, &r, &err) == SA_OK);
    CHECK(r.nodes < 4 * 32 && r.n_valued < 40);
    sa_report_free(&r);
}

/* sa_search at a registered dice game's chance root: outcomes and their
 * mean; another algorithm there is refused by name. */
static void test_search_values_chance_roots(void)
{
    for (int i = 0; sa_games[i] != NULL; i++) {
        const sa_game *game = sa_games[i];
        if (!game->has_chance)
            continue;
        sa_error err;
        sa_position *pos = sa_position_new(game->name, NULL, &err);
        CHECK(pos != NULL);
        if (pos == NULL)
            continue;
        CHECK(sa_position_to_move(pos) == SA_CHANCE);
        sa_limits limits = limits_for(1, SA_PRUNE_AUTO, 1, 0);
        limits.algo = SA_ALGO_AUTO;
        sa_report report;
        CHECK(sa_search(pos, &limits, &report, &err) == SA_OK);
        CHECK(report.chance && report.n_lines == 0 && report.n_outcomes > 1);
        CHECK(report.n_valued == report.n_outcomes);
        double sum = 0.0;
        for (int j = 0; j < report.n_outcomes; j++)
            sum += (double)report.outcomes[j].weight / (double)report.total_weight *
                   report.outcomes[j].expected[0];
        CHECK(fabs(sum - report.expected[0]) < 1e-9);
        sa_report_free(&report);
        limits.algo = SA_ALGO_MCTS;
        CHECK(sa_search(pos, &limits, &report, &err) == SA_ERR_ARGUMENT);
        CHECK(strstr(err.message, "chance position") != NULL);
        sa_report_free(&report);
        sa_position_free(pos);
    }
}

const test_case expectimax_tests[] = {
    {"expectimax: two players equal brute force", test_two_players_equal_brute_force},
    {"expectimax: multipv lines exact", test_multipv_lines_are_exact},
    {"expectimax: pruning saves nodes", test_pruning_saves_nodes},
    {"expectimax: max-n equals brute force", test_three_players_equal_brute_force},
    {"expectimax: paranoid equals brute force", test_paranoid_equals_brute_force},
    {"expectimax: paranoid and max-n differ", test_paranoid_and_maxn_differ},
    {"expectimax: paranoid pruning saves nodes", test_paranoid_pruning_saves_nodes},
    {"expectimax: multiplayer mode", test_multiplayer_mode},
    {"expectimax: sampled chance positions", test_sampled_chance_positions},
    {"expectimax: the first chance layer is whole", test_first_chance_layer_is_whole},
    {"expectimax: a stopped whole pass keeps the depth",
     test_a_stopped_whole_pass_keeps_the_depth},
    {"expectimax: same seed same report", test_same_seed_same_report},
    {"expectimax: limits hold", test_limits_hold},
    {"expectimax: sa_search dispatches chance games",
     test_search_dispatches_chance_games},
    {"expectimax: chance root equals brute force", test_chance_root_equals_brute_force},
    {"expectimax: threads give the same values", test_threads_give_the_same_values},
    {"expectimax: chance root estimate unbiased", test_chance_root_estimate_is_unbiased},
    {"expectimax: sa_search values chance roots", test_search_values_chance_roots},
    {NULL, NULL},
};
