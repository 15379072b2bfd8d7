/* games/ostrich_winchance.c: every player's chance to win the race (rule
 * book 4.10: the highest score wins, ties are shared), from every player's
 * expected score.
 *
 * The model: a softmax of the expected scores E (points),
 *
 *     chance[p] = exp(E[p] / tau) / sum over q of exp(E[q] / tau),
 *
 * with a temperature tau per number of players. It reads E as the centre
 * of each player's final score with a noise of scale tau independent
 * between the players (Gumbel, for which the softmax is exact); the real
 * scores share one finishing
 * order, so tau is not a spread of the scores but a fitted constant. A
 * terminal position's chances are exact: 1/k for each of the k players
 * tied on the highest score, 0 for the others.
 *
 * The constants were fitted by maximum likelihood (each player's share of
 * the win, a tie on top 1/k, as the label) on the training 80% of 1,918
 * recorded races (2-5 players: the engine against greedy players, MCTS
 * against expectimax, expectimax depth 2 against itself), the expected
 * scores being those expectimax (max-n, depth 2) reports at every third
 * decision position; the held-out 20% of the races measure the calibration
 * (ECE 0.041, 0.040, 0.015, 0.023 for 2, 3, 4, 5 players). The command,
 * the data and the tables: bench/ostrich_winchance.py, docs/tuning.md
 * ("ostrich: win chances").
 *
 * Not on a hot path: the searches call it once per completed iteration. */
#include <math.h>

#include "games/ostrich.h"

/* tau in points, [players - 2]. A tau per stage of the race (ostriches
 * home, or the distance the race still needs) fitted no better on held-out
 * games: the spread of the expected scores already narrows and widens
 * with the stage. */
static const double win_tau[OSTRICH_MAX_PLAYERS - 1] = {
    4.03, /* 2 players: 9,607 training positions of 328 games */
    2.64, /* 3 players: 13,344 training positions of 415 games */
    3.13, /* 4 players: 13,630 training positions of 394 games */
    2.89, /* 5 players: 14,559 training positions of 397 games */
};

/* Exact chances at the end: the k players tied on the top score share it. */
static void terminal_chances(const ostrich_state *s, double *out)
{
    int32_t scores[OSTRICH_MAX_PLAYERS];
    ostrich_result(s, scores);
    int32_t top = scores[0];
    for (int p = 1; p < s->players; p++)
        if (scores[p] > top)
            top = scores[p];
    int tied = 0;
    for (int p = 0; p < s->players; p++)
        tied += scores[p] == top;
    for (int p = 0; p < s->players; p++)
        out[p] = scores[p] == top ? 1.0 / tied : 0.0;
}

double ostrich_win_tau(int players)
{
    if (players < 2)
        players = 2;
    if (players > OSTRICH_MAX_PLAYERS)
        players = OSTRICH_MAX_PLAYERS;
    return win_tau[players - 2];
}

void ostrich_win_chances(const void *state, const double *expected, double *out)
{
    const ostrich_state *s = state;
    if (ostrich_to_move(s) == SA_TERMINAL) {
        terminal_chances(s, out);
        return;
    }
    double tau = ostrich_win_tau(s->players);
    double top = expected[0];
    for (int p = 1; p < s->players; p++)
        if (expected[p] > top)
            top = expected[p];
    double sum = 0.0; /* >= 1: the leader's term is exp(0) */
    for (int p = 0; p < s->players; p++) {
        out[p] = exp((expected[p] - top) / tau);
        sum += out[p];
    }
    for (int p = 0; p < s->players; p++)
        out[p] /= sum;
}
