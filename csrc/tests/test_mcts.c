/* tests/test_mcts.c: MCTS over two tiny games defined here as sa_games, so
 * that the search is tested without any real game registered:
 *
 *   ttt:   tic-tac-toe (two players, decisions only), cells 0..8
 *            0 1 2
 *            3 4 5      a position is written "X..OX.O..", row by row
 *            6 7 8
 *   dice:  player 0 picks die A or B; the die is rolled (chance: faces 0, 1,
 *          2 weighted 1:2:3 for A, 3:2:1 for B); player 0 moves again: keep
 *          the face (worth face - 1 to player 0, the opposite to player 1) or
 *          pass (worth 0). Optimal values: A 1/2, B 1/6.
 *   trio:  three players, each a move in turn, for max-n values.
 *   wide:  rounds of a die choice (0 or 1, players in turn) and a roll of
 *          WIDE_OUTCOMES faces, face i of weight i + 1 worth -1, 0 or 1 to
 *          player 0; the sign of the sum decides. For progressive widening.
 *
 * Checks: forced wins in 1 and 2 are found and proven, an immediate loss is
 * avoided, draws are proven, reports are deterministic for a seed (threads
 * too), chance is sampled by weight, the arena never overflows, and a tree
 * advanced by a move keeps exactly its subtree.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "search/mcts.h"
#include "search/mcts_report.h"
#include "search/mcts_tree.h"
#include "search/searcher.h"
#include "tests/check.h"
#include "tests/mcts_limits.h"

/* -- tic-tac-toe ------------------------------------------------------- */

typedef struct ttt_state {
    int8_t cell[9]; /* -1 empty, else the player */
    int8_t mover;
} ttt_state;

static const int ttt_lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static int ttt_winner(const ttt_state *s)
{
    for (int l = 0; l < 8; l++) {
        int a = s->cell[ttt_lines[l][0]];
        if (a >= 0 && a == s->cell[ttt_lines[l][1]] && a == s->cell[ttt_lines[l][2]])
            return a;
    }
    return -1;
}

static int ttt_full(const ttt_state *s)
{
    for (int i = 0; i < 9; i++)
        if (s->cell[i] < 0)
            return 0;
    return 1;
}

static int ttt_to_move(const void *state)
{
    const ttt_state *s = state;
    return ttt_winner(s) >= 0 || ttt_full(s) ? SA_TERMINAL : s->mover;
}

static int ttt_legal_moves(const void *state, sa_move *out)
{
    const ttt_state *s = state;
    int n = 0;
    if (ttt_to_move(s) < 0)
        return 0;
    for (int i = 0; i < 9; i++)
        if (s->cell[i] < 0)
            out[n++] = (sa_move)i;
    return n;
}

static void ttt_apply(void *state, sa_move m)
{
    ttt_state *s = state;
    s->cell[m] = s->mover;
    s->mover ^= 1;
}

static void ttt_result(const void *state, int32_t *out)
{
    int w = ttt_winner(state);
    out[0] = w < 0 ? 0 : w == 0 ? 1 : -1;
    out[1] = -out[0];
}

static uint64_t ttt_hash(const void *state)
{
    const ttt_state *s = state;
    uint64_t h = (uint64_t)s->mover;
    for (int i = 0; i < 9; i++)
        h = h * 3 + (uint64_t)(s->cell[i] + 1);
    return h;
}

/* Lines still open for `player` minus those open for the other, x 100. */
static int32_t ttt_evaluate(const void *state, int player)
{
    const ttt_state *s = state;
    int32_t v = 0;
    for (int l = 0; l < 8; l++) {
        int mine = 0, theirs = 0;
        for (int k = 0; k < 3; k++) {
            int c = s->cell[ttt_lines[l][k]];
            mine += c == player;
            theirs += c >= 0 && c != player;
        }
        v += (theirs == 0 && mine > 0) - (mine == 0 && theirs > 0);
    }
    return v * 100;
}

static void digit_move_str(const void *state, sa_move m, char out[SA_MOVE_STR_MAX])
{
    (void)state;
    out[0] = (char)('0' + (int)m);
    out[1] = '\0';
}

static int two_players(const void *state)
{
    (void)state;
    return 2;
}

static sa_status no_json(void *state, const sa_json *root, sa_error *err)
{
    (void)state;
    (void)root;
    return sa_error_set(err, SA_ERR_POSITION, "not in the tests");
}

static void empty_json(const void *state, sa_writer *out)
{
    (void)state;
    sa_write(out, "{}");
}

static sa_status ttt_new_position(void *state, const sa_json *rules, sa_error *err)
{
    (void)rules;
    (void)err;
    ttt_state *s = state;
    memset(s->cell, -1, sizeof s->cell);
    s->mover = 0;
    return SA_OK;
}

static int no_chance(const void *state, sa_move *out, uint64_t *weights)
{
    (void)state;
    (void)out;
    (void)weights;
    return 0;
}

static const sa_game ttt_game = {
    .name = "ttt",
    .max_players = 2,
    .has_chance = 0,
    .max_moves = 9,
    .max_chance_outcomes = 0,
    .state_size = sizeof(ttt_state),
    .new_position = ttt_new_position,
    .from_json = no_json,
    .to_json = empty_json,
    .move_str = digit_move_str,
    .num_players = two_players,
    .to_move = ttt_to_move,
    .legal_moves = ttt_legal_moves,
    .chance_outcomes = no_chance,
    .apply = ttt_apply,
    .hash = ttt_hash,
    .hash_from_scratch = ttt_hash,
    .result = ttt_result,
    .evaluate = ttt_evaluate,
};

/* "X..OX.O.." -> a state; X is player 0, and moves first. */
static ttt_state ttt_from(const char *text)
{
    ttt_state s;
    int xs = 0, os = 0;
    for (int i = 0; i < 9; i++) {
        s.cell[i] = text[i] == 'X' ? 0 : text[i] == 'O' ? 1 : -1;
        xs += text[i] == 'X';
        os += text[i] == 'O';
    }
    s.mover = xs > os ? 1 : 0;
    return s;
}

/* -- the dice game --------------------------------------------------------- */

typedef struct dice_state {
    int8_t phase; /* 0 pick a die, 1 roll, 2 keep or pass, 3 over */
    int8_t die;   /* 0 A, 1 B */
    int8_t face;  /* 0..2 */
    int8_t kept;
} dice_state;

static const uint64_t dice_weights[2][3] = {{1, 2, 3}, {3, 2, 1}};

static int dice_to_move(const void *state)
{
    const dice_state *s = state;
    return s->phase == 1 ? SA_CHANCE : s->phase == 3 ? SA_TERMINAL : 0;
}

static int dice_legal_moves(const void *state, sa_move *out)
{
    if (dice_to_move(state) != 0)
        return 0;
    out[0] = 0;
    out[1] = 1;
    return 2;
}

static int dice_chance_outcomes(const void *state, sa_move *out, uint64_t *weights)
{
    const dice_state *s = state;
    if (s->phase != 1)
        return 0;
    for (int f = 0; f < 3; f++) {
        out[f] = (sa_move)f;
        weights[f] = dice_weights[s->die][f];
    }
    return 3;
}

static void dice_apply(void *state, sa_move m)
{
    dice_state *s = state;
    if (s->phase == 0)
        s->die = (int8_t)m;
    else if (s->phase == 1)
        s->face = (int8_t)m;
    else
        s->kept = m == 0;
    s->phase++;
}

static void dice_result(const void *state, int32_t *out)
{
    const dice_state *s = state;
    out[0] = s->kept ? s->face - 1 : 0;
    out[1] = -out[0];
}

static uint64_t dice_hash(const void *state)
{
    const dice_state *s = state;
    return (uint64_t)(s->phase * 64 + s->die * 16 + s->face * 4 + s->kept);
}

static sa_status dice_new_position(void *state, const sa_json *rules, sa_error *err)
{
    (void)rules;
    (void)err;
    memset(state, 0, sizeof(dice_state));
    return SA_OK;
}

static const sa_game dice_game = {
    .name = "dice",
    .max_players = 2,
    .has_chance = 1,
    .max_moves = 2,
    .max_chance_outcomes = 3,
    .state_size = sizeof(dice_state),
    .new_position = dice_new_position,
    .from_json = no_json,
    .to_json = empty_json,
    .move_str = digit_move_str,
    .num_players = two_players,
    .to_move = dice_to_move,
    .legal_moves = dice_legal_moves,
    .chance_outcomes = dice_chance_outcomes,
    .apply = dice_apply,
    .hash = dice_hash,
    .hash_from_scratch = dice_hash,
    .result = dice_result,
    .evaluate = NULL,
};

/* -- a three-player game (max-n) --------------------------------------------
 * Player 0 picks branch X or Y, player 1 picks one of two leaves in it, then
 * player 2 makes a forced move. Results (player 0, 1, 2):
 *   X: (2, 0, 1) or (0, 2, 1)      player 1 takes the second: 0 gets its worst
 *   Y: (1, 2, 0) or (2, 0, 1)      player 1 takes the first:  0 gets the middle
 * so under max-n player 0 plays Y (an "optimistic" player 0 would play X). */

typedef struct trio_state {
    int8_t phase; /* 0, 1, 2: that player to move; 3 over */
    int8_t branch, leaf;
} trio_state;

static const int32_t trio_results[2][2][3] = {{{2, 0, 1}, {0, 2, 1}},
                                              {{1, 2, 0}, {2, 0, 1}}};

static int trio_to_move(const void *state)
{
    const trio_state *s = state;
    return s->phase == 3 ? SA_TERMINAL : s->phase;
}

static int trio_legal_moves(const void *state, sa_move *out)
{
    int who = trio_to_move(state);
    if (who < 0)
        return 0;
    out[0] = 0;
    out[1] = 1;
    return who == 2 ? 1 : 2;
}

static void trio_apply(void *state, sa_move m)
{
    trio_state *s = state;
    if (s->phase == 0)
        s->branch = (int8_t)m;
    else if (s->phase == 1)
        s->leaf = (int8_t)m;
    s->phase++;
}

static void trio_result(const void *state, int32_t *out)
{
    const trio_state *s = state;
    memcpy(out, trio_results[s->branch][s->leaf], sizeof trio_results[0][0]);
}

static int three_players(const void *state)
{
    (void)state;
    return 3;
}

static uint64_t trio_hash(const void *state)
{
    const trio_state *s = state;
    return (uint64_t)(s->phase * 4 + s->branch * 2 + s->leaf);
}

static const sa_game trio_game = {
    .name = "trio",
    .max_players = 3,
    .has_chance = 0,
    .max_moves = 2,
    .max_chance_outcomes = 0,
    .state_size = sizeof(trio_state),
    .new_position = dice_new_position,
    .from_json = no_json,
    .to_json = empty_json,
    .move_str = digit_move_str,
    .num_players = three_players,
    .to_move = trio_to_move,
    .legal_moves = trio_legal_moves,
    .chance_outcomes = no_chance,
    .apply = trio_apply,
    .hash = trio_hash,
    .hash_from_scratch = trio_hash,
    .result = trio_result,
    .evaluate = NULL,
};

/* The same game with its results declared as scores of 0..2 points (as
 * ostrich declares 0..24): values are points mapped linearly to [-1, 1]. */
static const sa_game trio_scores_game = {
    .name = "trio_scores",
    .max_players = 3,
    .has_chance = 0,
    .max_moves = 2,
    .max_chance_outcomes = 0,
    .state_size = sizeof(trio_state),
    .new_position = dice_new_position,
    .from_json = no_json,
    .to_json = empty_json,
    .move_str = digit_move_str,
    .num_players = three_players,
    .to_move = trio_to_move,
    .legal_moves = trio_legal_moves,
    .chance_outcomes = no_chance,
    .apply = trio_apply,
    .hash = trio_hash,
    .hash_from_scratch = trio_hash,
    .result = trio_result,
    .evaluate = NULL,
    .result_min = 0,
    .result_max = 2,
};

/* -- the wide game ---------------------------------------------------------- */

#define WIDE_OUTCOMES 200

typedef struct wide_state {
    int8_t rounds_left; /* 0: over */
    int8_t rolling;     /* 1: chance to move */
    int8_t die;         /* the die chosen this round */
    int16_t sum;        /* of the faces' values to player 0 */
} wide_state;

/* What face i of `die` is worth to player 0: -1, 0 or 1, in a pattern that
 * the weights (i + 1) do not average to 0. */
static int wide_face_value(int die, int face)
{
    return (face * face + die * (face / 7)) % 3 - 1;
}

static int wide_to_move(const void *state)
{
    const wide_state *s = state;
    return s->rounds_left == 0 ? SA_TERMINAL
           : s->rolling        ? SA_CHANCE
                               : s->rounds_left % 2;
}

static int wide_legal_moves(const void *state, sa_move *out)
{
    if (wide_to_move(state) < 0)
        return 0;
    out[0] = 0;
    out[1] = 1;
    return 2;
}

static int wide_chance_outcomes(const void *state, sa_move *out, uint64_t *weights)
{
    if (wide_to_move(state) != SA_CHANCE)
        return 0;
    for (int i = 0; i < WIDE_OUTCOMES; i++) {
        out[i] = (sa_move)i;
        weights[i] = (uint64_t)i + 1;
    }
    return WIDE_OUTCOMES;
}

static void wide_apply(void *state, sa_move m)
{
    wide_state *s = state;
    if (!s->rolling) {
        s->die = (int8_t)m;
        s->rolling = 1;
        return;
    }
    s->sum = (int16_t)(s->sum + wide_face_value(s->die, (int)m));
    s->rolling = 0;
    s->rounds_left--;
}

static void wide_result(const void *state, int32_t *out)
{
    const wide_state *s = state;
    out[0] = s->sum > 0 ? 1 : s->sum < 0 ? -1 : 0;
    out[1] = -out[0];
}

static uint64_t wide_hash(const void *state)
{
    const wide_state *s = state;
    return (uint64_t)s->rounds_left << 32 | (uint64_t)s->rolling << 24 |
           (uint64_t)s->die << 16 | (uint16_t)s->sum;
}

static void wide_move_str(const void *state, sa_move m, char out[SA_MOVE_STR_MAX])
{
    (void)state;
    snprintf(out, SA_MOVE_STR_MAX, "%d", (int)m);
}

static sa_status wide_new_position(void *state, const sa_json *rules, sa_error *err)
{
    (void)rules;
    (void)err;
    memset(state, 0, sizeof(wide_state));
    ((wide_state *)state)->rounds_left = 1;
    return SA_OK;
}

static const sa_game wide_game = {
    .name = "wide",
    .max_players = 2,
    .has_chance = 1,
    .max_moves = 2,
    .max_chance_outcomes = WIDE_OUTCOMES,
    .state_size = sizeof(wide_state),
    .new_position = wide_new_position,
    .from_json = no_json,
    .to_json = empty_json,
    .move_str = wide_move_str,
    .num_players = two_players,
    .to_move = wide_to_move,
    .legal_moves = wide_legal_moves,
    .chance_outcomes = wide_chance_outcomes,
    .apply = wide_apply,
    .hash = wide_hash,
    .hash_from_scratch = wide_hash,
    .result = wide_result,
    .evaluate = NULL,
};

/* The exact value to player 0 of rolling `die` in a one-round game. */
static double wide_die_value(int die)
{
    double sum = 0.0, total = 0.0;
    for (int i = 0; i < WIDE_OUTCOMES; i++) {
        sum += (i + 1.0) * wide_face_value(die, i);
        total += i + 1.0;
    }
    return sum / total;
}

/* -- helpers --------------------------------------------------------------- */

static sa_report search_ttt(const char *board, const sa_limits *limits)
{
    ttt_state s = ttt_from(board);
    sa_report report;
    sa_error err;
    CHECK(sa_mcts(&ttt_game, &s, limits, &report, &err) == SA_OK);
    return report;
}

/* Every node's links and counts agree: parent before child, the parent's
 * list holds the child, visits cover the children's, a parent's reserved
 * slots follow its newest child and are free. */
static int tree_is_ok(const sa_mcts_tree *tree)
{
    for (uint32_t i = 0; i < tree->n_nodes; i++) {
        const mcts_node *node = mcts_node_at(tree, i);
        if (node->mover == MCTS_FREE_SLOT)
            continue;
        if ((i == 0) != (node->parent == MCTS_NONE) || (i > 0 && node->parent >= i))
            return 0;
        uint64_t sum = 0;
        uint32_t count = 0;
        for (uint32_t c = node->first_child; c != MCTS_NONE;
             c = mcts_node_at(tree, c)->next_sibling) {
            if (c >= tree->n_nodes || mcts_node_at(tree, c)->parent != i)
                return 0;
            sum += mcts_node_at(tree, c)->visits;
            count++;
        }
        if (count != node->n_children || sum > node->visits)
            return 0;
        for (uint32_t k = 1; k <= node->n_spare; k++)
            if (node->first_child + k >= tree->n_nodes ||
                mcts_node_at(tree, node->first_child + k)->mover != MCTS_FREE_SLOT)
                return 0;
    }
    return 1;
}

/* Nodes in use, reserved slots not counted. */
static uint32_t used_nodes(const sa_mcts_tree *tree)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < tree->n_nodes; i++)
        n += mcts_node_at(tree, i)->mover != MCTS_FREE_SLOT;
    return n;
}

static uint32_t subtree_size(const sa_mcts_tree *tree, uint32_t idx)
{
    uint32_t n = 1;
    for (uint32_t c = mcts_node_at(tree, idx)->first_child; c != MCTS_NONE;
         c = mcts_node_at(tree, c)->next_sibling)
        n += subtree_size(tree, c);
    return n;
}

/* -- tests ------------------------------------------------------------------ */

static void test_win_in_one(void)
{
    sa_limits limits = mcts_limits(2000, 1);
    sa_report r = search_ttt("X..OX.O..", &limits);
    CHECK(r.algo == SA_ALGO_MCTS);
    CHECK(strcmp(r.lines[0].pv, "8") == 0);
    CHECK(r.lines[0].exact && r.lines[0].score == SA_SCORE_WIN - 1);
    CHECK(r.win_probability == 1.0);
}

static void test_win_in_two(void)
{
    /* Only 4 wins (a double threat on 1 and 3); proven: win in 3 plies. */
    sa_limits limits = mcts_limits(20000, 2);
    sa_report r = search_ttt(".....XOXO", &limits);
    CHECK(strncmp(r.lines[0].pv, "4 ", 2) == 0);
    CHECK(r.lines[0].exact && r.lines[0].score == SA_SCORE_WIN - 3);
    CHECK(r.lines[0].n_pv == 3);
    /* The solver stops the search once the root is proven. */
    CHECK(r.nodes < 20000);
    r = search_ttt("...O.XXO.", &limits); /* only 2 wins here */
    CHECK(strncmp(r.lines[0].pv, "2 ", 2) == 0);
    CHECK(r.lines[0].score == SA_SCORE_WIN - 3);
}

static void test_avoids_immediate_loss(void)
{
    /* O to move: X threatens 6 (6-7-8); every other move loses at once. */
    sa_limits limits = mcts_limits(5000, 3);
    limits.multipv = 6;
    sa_report r = search_ttt("....O..XX", &limits);
    CHECK(strcmp(r.lines[0].pv, "6") == 0 || strncmp(r.lines[0].pv, "6 ", 2) == 0);
    CHECK(!(r.lines[0].exact && r.lines[0].score < 0));
    CHECK(r.n_lines == 6);
    for (int k = 1; k < r.n_lines; k++) /* the others: proven losses in 2 plies */
        CHECK(r.lines[k].exact && r.lines[k].score == -(SA_SCORE_WIN - 2));
}

static void test_proves_draw(void)
{
    sa_limits limits = mcts_limits(200000, 4);
    sa_report r = search_ttt("....O.OXX", &limits);
    CHECK(r.lines[0].exact && r.lines[0].score == 0);
    CHECK(r.win_probability == 0.5);
    CHECK(r.nodes < 200000);
}

static void test_deterministic_for_a_seed(void)
{
    for (int threads = 1; threads <= 2; threads++) {
        sa_limits limits = mcts_limits(3000, 42);
        limits.multipv = 4;
        limits.threads = threads;
        sa_report a = search_ttt("X........", &limits);
        sa_report b = search_ttt("X........", &limits);
        a.seconds = b.seconds = 0;
        CHECK(a.nodes == 3000 && b.nodes == 3000);
        CHECK(memcmp(&a, &b, sizeof a) == 0);
    }
}

static void test_threads_sum_root_visits(void)
{
    sa_limits limits = mcts_limits(4001, 5);
    limits.threads = 3;
    sa_report r = search_ttt("X..OX.O..", &limits);
    CHECK(strcmp(r.lines[0].pv, "8") == 0);
    CHECK(r.lines[0].exact);
    limits = mcts_limits(3001, 5);
    limits.threads = 3;
    r = search_ttt(".........", &limits);
    CHECK(r.nodes == 3001);
}

static void test_heuristic_leaves(void)
{
    ttt_state s = ttt_from("X..OX.O..");
    sa_limits limits = mcts_limits(3000, 6);
    sa_mcts_options opt;
    sa_mcts_options_default(&opt);
    opt.leaf = SA_MCTS_LEAF_EVALUATE;
    sa_mcts_tree *tree = sa_mcts_tree_new(&ttt_game, &s, 4000);
    sa_report r;
    sa_error err;
    CHECK(sa_mcts_tree_search(tree, &opt, &limits, &r, &err) == SA_OK);
    CHECK(strcmp(r.lines[0].pv, "8") == 0);
    sa_mcts_tree_free(tree);
    dice_state d = {0, 0, 0, 0}; /* dice has no evaluate() */
    tree = sa_mcts_tree_new(&dice_game, &d, 10);
    CHECK(sa_mcts_tree_search(tree, &opt, &limits, &r, &err) == SA_ERR_ARGUMENT);
    sa_mcts_tree_free(tree);
}

/* The share of the chance node's visits that went to each face. */
static void face_shares(const sa_mcts_tree *tree, uint32_t chance, double share[3])
{
    const mcts_node *node = mcts_node_at(tree, chance);
    CHECK(node->mover == SA_CHANCE);
    for (uint32_t c = node->first_child; c != MCTS_NONE;
         c = mcts_node_at(tree, c)->next_sibling)
        share[mcts_node_at(tree, c)->move] =
            (double)mcts_node_at(tree, c)->visits / node->visits;
}

static void test_chance_sampled_by_weight(void)
{
    dice_state d = {0, 0, 0, 0};
    sa_limits limits = mcts_limits(60000, 7);
    limits.multipv = 2;
    sa_mcts_tree *tree = sa_mcts_tree_new(&dice_game, &d, 60001);
    sa_report r;
    sa_error err;
    CHECK(sa_mcts_tree_search(tree, NULL, &limits, &r, &err) == SA_OK);
    /* Die A (worth 1/2) over die B (worth 1/6); means near the expectations,
     * scored as expectimax scores a game with chance (100 x the result). */
    CHECK(strncmp(r.lines[0].pv, "0 ", 2) == 0 && r.n_lines == 2);
    CHECK(!r.lines[0].exact && abs(r.lines[0].score - 50) <= 2);
    CHECK(abs(r.lines[1].score - 17) <= 10);
    CHECK(fabs(r.win_probability - 0.75) < 0.05);
    /* Win probabilities of both players, on every line. */
    CHECK(r.lines[0].n_expected == 2 && r.lines[1].n_expected == 2);
    CHECK(fabs(r.lines[0].expected[0] - 0.75) < 0.01);
    CHECK(fabs(r.win_probability - r.lines[0].expected[0]) < 1e-12);
    CHECK(fabs(r.lines[0].expected[0] + r.lines[0].expected[1] - 1.0) < 1e-9);
    for (uint32_t c = mcts_node_at(tree, 0)->first_child; c != MCTS_NONE;
         c = mcts_node_at(tree, c)->next_sibling) {
        double share[3] = {0, 0, 0};
        int die = (int)mcts_node_at(tree, c)->move;
        face_shares(tree, c, share);
        for (int f = 0; f < 3; f++)
            CHECK(fabs(share[f] - dice_weights[die][f] / 6.0) < (die == 0 ? 0.01 : 0.06));
    }
    CHECK(tree_is_ok(tree));
    sa_mcts_tree_free(tree);
}

/* Searches the wide game of `rounds` rounds for `nodes` simulations with
 * widening constant c (0: off); the tree is the caller's to free. */
static sa_mcts_tree *search_wide(int rounds, uint64_t nodes, double c, int threads,
                                 sa_report *r)
{
    wide_state w = {(int8_t)rounds, 0, 0, 0};
    sa_limits limits = mcts_limits(nodes, 11);
    limits.threads = threads;
    sa_mcts_options opt;
    sa_mcts_options_default(&opt);
    opt.chance_widening = c;
    sa_mcts_tree *tree =
        sa_mcts_tree_new(&wide_game, &w, sa_mcts_capacity(&wide_game, &w, &limits));
    sa_error err;
    CHECK(sa_mcts_tree_search(tree, &opt, &limits, r, &err) == SA_OK);
    return tree;
}

/* Every chance node has children for at most ceil(C v^alpha) outcomes, v its
 * visits; without widening nearly every simulation through a chance node
 * ends in a new outcome's node there. */
static void test_chance_widening_caps_outcomes(void)
{
    sa_report r;
    sa_mcts_tree *tree = search_wide(3, 5000, SA_MCTS_CHANCE_WIDENING, 1, &r);
    uint32_t chance_nodes = 0;
    for (uint32_t i = 0; i < tree->n_nodes; i++) {
        const mcts_node *node = mcts_node_at(tree, i);
        if (node->mover != SA_CHANCE)
            continue;
        chance_nodes++;
        double cap =
            ceil(SA_MCTS_CHANCE_WIDENING * pow(node->visits, SA_MCTS_CHANCE_ALPHA));
        CHECK(node->n_children <= cap);
        CHECK(node->n_children >= 1 || node->visits == 1); /* a new leaf has none */
    }
    CHECK(chance_nodes > 2 && tree_is_ok(tree));
    sa_mcts_tree_free(tree);
    tree = search_wide(3, 5000, 0.0, 1, &r);
    const mcts_node *first_roll = mcts_node_at(tree, mcts_node_at(tree, 0)->first_child);
    CHECK(first_roll->n_children > 4 * ceil(sqrt(first_roll->visits)));
    sa_mcts_tree_free(tree);
}

/* With the same simulations the tree grows deeper with widening. */
static void test_chance_widening_deepens(void)
{
    sa_report wide, flat;
    sa_mcts_tree_free(search_wide(6, 20000, SA_MCTS_CHANCE_WIDENING, 1, &wide));
    sa_mcts_tree_free(search_wide(6, 20000, 0.0, 1, &flat));
    CHECK(wide.depth >= flat.depth + 2);
}

/* Unbiased: as simulations grow every outcome gets a node, the visits of the
 * outcomes approach their probabilities, and each roll's mean its exact
 * expectation. Same seed, same report, on one thread and on two. */
static void test_chance_widening_converges(void)
{
    sa_report r;
    sa_mcts_tree *tree = search_wide(1, 200000, SA_MCTS_CHANCE_WIDENING, 1, &r);
    for (uint32_t c = mcts_node_at(tree, 0)->first_child; c != MCTS_NONE;
         c = mcts_node_at(tree, c)->next_sibling) {
        const mcts_node *roll = mcts_node_at(tree, c);
        double exact = wide_die_value((int)roll->move);
        CHECK(fabs(mcts_node_mean(roll, 0) - exact) < 4.0 / sqrt(roll->visits) + 0.005);
        if (roll->visits < 60000)
            continue;
        CHECK(roll->n_children == WIDE_OUTCOMES);
        double distance = 0.0; /* total variation, visits against probabilities */
        for (uint32_t o = roll->first_child; o != MCTS_NONE;
             o = mcts_node_at(tree, o)->next_sibling) {
            const mcts_node *outcome = mcts_node_at(tree, o);
            double p =
                (outcome->move + 1.0) / (WIDE_OUTCOMES * (WIDE_OUTCOMES + 1) / 2.0);
            distance += 0.5 * fabs((double)outcome->visits / roll->visits - p);
            CHECK(fabs(outcome->chance_weight - p) < 1e-6);
        }
        CHECK(distance < 0.05);
    }
    sa_mcts_tree_free(tree);
    for (int threads = 1; threads <= 2; threads++) {
        sa_report a, b;
        sa_mcts_tree_free(search_wide(4, 6000, SA_MCTS_CHANCE_WIDENING, threads, &a));
        sa_mcts_tree_free(search_wide(4, 6000, SA_MCTS_CHANCE_WIDENING, threads, &b));
        a.seconds = b.seconds = 0;
        CHECK(a.nodes == 6000 && memcmp(&a, &b, sizeof a) == 0);
    }
}

static void test_arena_never_overflows(void)
{
    ttt_state s = ttt_from(".........");
    sa_limits limits = mcts_limits(100000, 8);
    sa_mcts_tree *tree = sa_mcts_tree_new(&ttt_game, &s, 100);
    sa_report r;
    sa_error err;
    CHECK(sa_mcts_tree_search(tree, NULL, &limits, &r, &err) == SA_OK);
    /* Simulations added a node each until no slot was left (the last ones
     * may be reserved for siblings); then the search went on to its limit
     * over the nodes it had, every simulation reaching the root. */
    CHECK(sa_mcts_tree_size(tree) == 100 && used_nodes(tree) <= 100);
    CHECK(r.nodes == 100000 && r.n_lines == 1 && r.lines[0].n_pv >= 1);
    CHECK(mcts_node_at(tree, 0)->visits >= 100000);
    CHECK(tree_is_ok(tree));
    /* Full already: a second search still runs to its limit, in place. */
    CHECK(sa_mcts_tree_search(tree, NULL, &limits, &r, &err) == SA_OK);
    CHECK(r.nodes == 100000 && r.n_lines == 1 && r.lines[0].n_pv >= 1);
    CHECK(mcts_node_at(tree, 0)->visits >= 200000 && used_nodes(tree) <= 100);
    CHECK(tree_is_ok(tree));
    sa_mcts_tree_free(tree);
    /* A one-shot search allocates its node limit plus the root. */
    /* A one-shot search allocates room for its node limit, reserved sibling
     * slots included, so it always completes it. */
    for (uint64_t nodes = 1; nodes <= 4000; nodes = nodes * 3 + 1) {
        limits = mcts_limits(nodes, 8);
        CHECK(sa_mcts_capacity(&ttt_game, &s, &limits) >= nodes + 1);
        r = search_ttt(".........", &limits);
        CHECK(r.nodes == nodes);
    }
}

/* An arena with room for the root and its two chance nodes only: the faces
 * get no nodes, yet every simulation samples one by weight and values it (a
 * random keep-or-pass rollout: die A is worth 1/2 x 1/3, die B 1/2 x -1/3),
 * so the search runs to its limit and the chance values stay unbiased. */
static void test_full_arena_keeps_sampling_chance(void)
{
    dice_state d = {0, 0, 0, 0};
    sa_limits limits = mcts_limits(20000, 5);
    sa_mcts_tree *tree = sa_mcts_tree_new(&dice_game, &d, 3);
    sa_report r;
    sa_error err;
    CHECK(sa_mcts_tree_search(tree, NULL, &limits, &r, &err) == SA_OK);
    CHECK(r.nodes == 20000 && used_nodes(tree) == 3 && tree_is_ok(tree));
    CHECK(strcmp(r.lines[0].pv, "0") == 0);
    CHECK(fabs(r.lines[0].score - 100.0 / 6) < 3);
    sa_mcts_tree_free(tree);
}

static void test_tree_reuse(void)
{
    ttt_state s = ttt_from(".........");
    sa_limits limits = mcts_limits(5000, 9);
    sa_mcts_tree *tree = sa_mcts_tree_new(&ttt_game, &s, 20000);
    sa_report r;
    sa_error err;
    CHECK(sa_mcts_tree_search(tree, NULL, &limits, &r, &err) == SA_OK);
    uint32_t best = mcts_best_child(tree, 0);
    sa_move m = mcts_node_at(tree, best)->move;
    uint32_t visits = mcts_node_at(tree, best)->visits, kept = subtree_size(tree, best);
    /* At most one node per simulation (none when it ends on a known result). */
    CHECK(tree_is_ok(tree) && used_nodes(tree) <= 5001 && used_nodes(tree) > 1000);
    CHECK(sa_mcts_tree_size(tree) > used_nodes(tree)); /* some reserved */
    CHECK(sa_mcts_tree_advance(tree, m) == kept);
    CHECK(sa_mcts_tree_size(tree) == kept && mcts_node_at(tree, 0)->visits == visits);
    CHECK(tree_is_ok(tree));
    ttt_state after = s;
    ttt_apply(&after, m);
    CHECK(memcmp(sa_mcts_tree_root(tree), &after, sizeof after) == 0);
    CHECK(mcts_node_at(tree, 0)->mover == 1);
    CHECK(sa_mcts_tree_search(tree, NULL, &limits, &r, &err) == SA_OK);
    CHECK(r.nodes == 5000 && tree_is_ok(tree));
    CHECK(mcts_node_at(tree, 0)->visits == visits + 5000);
    sa_mcts_tree_free(tree);
    /* A move never searched: an empty tree at the new root. */
    tree = sa_mcts_tree_new(&ttt_game, &s, 10);
    CHECK(sa_mcts_tree_advance(tree, 4) == 1);
    CHECK(mcts_node_at(tree, 0)->visits == 0 && tree_is_ok(tree));
    sa_mcts_tree_free(tree);
}

static void test_stop_and_time(void)
{
    volatile int stop = 1;
    sa_limits limits = mcts_limits(0, 10);
    limits.stop = &stop;
    sa_report r = search_ttt(".........", &limits);
    CHECK(r.nodes == 0 && r.n_lines == 1 && strcmp(r.lines[0].pv, "0") == 0);
    limits = mcts_limits(0, 10);
    limits.movetime_ms = 30;
    int64_t start = sa_now_ms();
    r = search_ttt(".........", &limits);
    int64_t took = sa_now_ms() - start;
    CHECK(took >= 30 &&
          took < 30 + 1000); /* honoured, not timed: loose for loaded machines */
    CHECK(r.nodes > 0 && r.n_lines == 1);
}

static void test_three_players_max_n(void)
{
    trio_state t = {0, 0, 0};
    sa_limits limits = mcts_limits(20000, 12);
    limits.multipv = 2;
    sa_report r;
    sa_error err;
    CHECK(sa_mcts(&trio_game, &t, &limits, &r, &err) == SA_OK);
    /* Y then player 1's first leaf then 2's forced move; results normalised
     * to [-1, 1] per game end: Y is worth 0 to player 0, X -1. */
    CHECK(strcmp(r.lines[0].pv, "1 0 0") == 0);
    CHECK(!r.lines[0].exact && abs(r.lines[0].score) <= 50);
    /* X: -1 for player 0, but for player 1's few tries of its worse leaf. */
    CHECK(r.n_lines == 2 && strcmp(r.lines[1].pv, "0 1 0") == 0 &&
          r.lines[1].score <= -700);
}

static void test_three_players_scores(void)
{
    trio_state t = {0, 0, 0};
    sa_limits limits = mcts_limits(20000, 12);
    limits.multipv = 2;
    sa_report r;
    sa_error err;
    CHECK(sa_mcts(&trio_scores_game, &t, &limits, &r, &err) == SA_OK);
    /* Max-n picks Y: (1, 2, 0) points, reported as every player's expected
     * score; the score is the mover's in centi-points, and there is neither
     * a win probability nor a proof (the solver is for zero-sum games). */
    CHECK(strcmp(r.lines[0].pv, "1 0 0") == 0 && !r.lines[0].exact);
    CHECK(r.lines[0].n_expected == 3);
    CHECK(fabs(r.lines[0].expected[0] - 1.0) < 0.02 &&
          fabs(r.lines[0].expected[1] - 2.0) < 0.02);
    CHECK(fabs(r.lines[0].expected[2]) < 0.02 && abs(r.lines[0].score - 100) <= 2);
    CHECK(r.win_probability < 0.0);
    /* X: player 1 takes its second leaf, (0, 2, 1), but for a few tries. */
    CHECK(strcmp(r.lines[1].pv, "0 1 0") == 0 && r.lines[1].score <= 30);
    CHECK(fabs(r.lines[1].expected[2] - 1.0) < 1e-9);
}

static void test_refuses_non_decision_root(void)
{
    ttt_state s = ttt_from("XXXOO....");
    sa_limits limits = mcts_limits(10, 11);
    sa_report r;
    sa_error err;
    CHECK(sa_mcts(&ttt_game, &s, &limits, &r, &err) == SA_ERR_ARGUMENT);
    dice_state d = {1, 0, 0, 0};
    CHECK(sa_mcts(&dice_game, &d, &limits, &r, &err) == SA_ERR_ARGUMENT);
    CHECK(strstr(err.message, "chance") != NULL);
}

const test_case mcts_tests[] = {
    {"mcts: win in one", test_win_in_one},
    {"mcts: win in two, proven", test_win_in_two},
    {"mcts: avoids an immediate loss", test_avoids_immediate_loss},
    {"mcts: proves a draw", test_proves_draw},
    {"mcts: deterministic for a seed", test_deterministic_for_a_seed},
    {"mcts: root parallelism", test_threads_sum_root_visits},
    {"mcts: heuristic leaves", test_heuristic_leaves},
    {"mcts: chance sampled by weight", test_chance_sampled_by_weight},
    {"mcts: chance widening caps the outcomes", test_chance_widening_caps_outcomes},
    {"mcts: chance widening deepens the tree", test_chance_widening_deepens},
    {"mcts: chance widening converges", test_chance_widening_converges},
    {"mcts: arena never overflows", test_arena_never_overflows},
    {"mcts: a full arena keeps sampling chance", test_full_arena_keeps_sampling_chance},
    {"mcts: tree reuse", test_tree_reuse},
    {"mcts: stop flag and movetime", test_stop_and_time},
    {"mcts: three players, max-n", test_three_players_max_n},
    {"mcts: three players, scores", test_three_players_scores},
    {"mcts: refuses non-decision roots", test_refuses_non_decision_root},
    {NULL, NULL},
};
