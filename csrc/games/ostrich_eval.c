/* games/ostrich_eval.c: the heuristic value of an ostrich race position:
 * `player`'s expected final score, in centi-points (0 .. 2400), under a
 * simple model of how the race will end.
 *
 * 1. Distance. Each ostrich still racing gets an effective distance d (in
 *    movement points) to the finish: the cheapest way forward over the track
 *    (steps l/s/r, no lane change touching a curve, never into rock or
 *    ravine; other ostriches, hence jumps, ignored), each step costing 1
 *    plus a stop penalty for entering a face-down berry (berry_trigger
 *    "enter") or quicksand (quicksand "stop"). Then:
 *      + a bewitched ostrich loses turns until someone flips it: + bewitched;
 *      + with the lion in play, an ostrich the lion can reach and stands
 *        within lion_reach king steps of it may be sent home:
 *        + lion_catch * (d_nest - d);
 *      an ostrich off the track (waiting for a nest) counts from the nearest
 *      nest.
 * 2. Finishing order. Finished ostriches keep their places. The others
 *    finish in Plackett-Luce order with strengths exp(-d / T): the next place
 *    goes to ostrich i with probability w_i / (sum of the w still in), and so
 *    on. The temperature grows with the time the race still needs:
 *    T = temp_base + temp_scale * sqrt(S), S = the sum of the d of the
 *    ostriches that would fill the open top-3 places if the order held. So
 *    a race about to end is read almost as it stands.
 * 3. Last place. Of the two ostriches left when the third crosses, j is last
 *    with probability logistic((d_j - d_k + 1/2) / T) under last_tie "both"
 *    (a level finish counts both), logistic((d_j - d_k - 1/2) / T) under
 *    "none": the final gap read as d_j - d_k plus logistic noise of scale
 *    T, a gap below half a point being a tie. For two ostriches this is the
 *    same Plackett-Luce pair probability, shifted by the tie.
 * 4. Score (rule book 4.10): every ordered top three (at most 5*4*3 = 60)
 *    is enumerated with its probability; the player's tile scores 5/4/3 for
 *    an exact place, 2 for a top-3 ostrich in another top-3 place, and the
 *    total is doubled with the probability that the predicted last is last.
 *
 * A player whose tile is not dealt yet (phase deal) gets the mean over the
 * tiles nobody holds. A terminal position gets its exact result * 100.
 * No allocation. The model (points 1-3, and the place marginals of point
 * 4) is the same for every player and every roll of the dice, so each
 * thread keeps the last one built, keyed by what it reads (cached_model): a
 * search evaluating a leaf for all players, or the outcomes of one roll,
 * builds it once, and each further player costs one tile's 15 products. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "games/ostrich.h"

/* All weights in one place (distances in movement points). */
static const struct ostrich_weights {
    double berry_stop;     /* entering a face-down berry ends the move         */
    double quicksand_stop; /* entering quicksand ends the move ("stop")        */
    double bewitched;      /* turns lost until someone flips it back           */
    double lion_catch;     /* chance of being caught, times the way back home  */
    int lion_reach;        /* king steps from the lion that count as in danger */
    double temp_base;      /* T at the very end of the race                    */
    double temp_scale;     /* T's growth with sqrt(distance still to race)     */
} weights = {
    .berry_stop = 0.5,
    .quicksand_stop = 1.0,
    .bewitched = 3.0,
    .lion_catch = 0.25,
    .lion_reach = 3,
    .temp_base = 0.5,
    .temp_scale = 1.0,
};

#define FAR 1e6

static int face_down_berry(const ostrich_state *s, int sp)
{
    return (int)(s->berry_bb[sp >> 6] >> (sp & 63) & 1);
}

/* dist[sp] for every space from row `from_row` on: the cheapest way to the
 * finish, as in point 1 above (FAR when there is none). */
static void track_distances(const ostrich_state *s, int from_row, double dist[OSTRICH_MAX_SPACES])
{
    const ostrich_track *t = &s->track;
    int last = t->n_rows - 1;
    for (int l = 0; l < 3; l++)
        dist[last * 3 + l] = 0.0;
    for (int row = last - 1; row >= from_row; row--) {
        for (int lane = 0; lane < 3; lane++) {
            int sp = row * 3 + lane;
            double best = FAR;
            for (int dl = -1; dl <= 1; dl++) {
                int nl = lane + dl, to = (row + 1) * 3 + nl;
                if (nl < 0 || nl > 2 || (dl != 0 && (t->row_curve[row] || t->row_curve[row + 1])))
                    continue;
                int ter = t->terrain[to];
                if (ter == T_ROCK || ter == T_RAVINE)
                    continue;
                double c = 1.0 + dist[to];
                if (ter != T_FINISH) {
                    if (!s->trigger_end && face_down_berry(s, to))
                        c += weights.berry_stop;
                    if (s->quicksand_stop && ter == T_QUICKSAND)
                        c += weights.quicksand_stop;
                }
                if (c < best)
                    best = c;
            }
            dist[sp] = best;
        }
    }
}

/* The race model shared by every tile: places already taken, the
 * effective distances and the temperature. */
typedef struct race_model {
    int n_fin;          /* ostriches finished (0..2)                       */
    int fin[3];         /* their letters in order                          */
    int n_open;         /* ostriches not finished (5 - n_fin)              */
    int open[5];        /* their letters                                   */
    double d[5];        /* effective distance per letter                   */
    double w[5];        /* Plackett-Luce strength per letter               */
    double temp;
    double last[5][5];  /* last[j][k]: j is last when j and k are left     */
    double place[5][3]; /* P(x finishes in place q)                        */
    double joint[5][5][3]; /* joint[l][x][q]: P(x in place q, l last)      */
} race_model;

static void enumerate_orders(race_model *m);

static inline double logistic(double x) { return 1.0 / (1.0 + exp(-x)); }

static void build_model(const ostrich_state *s, race_model *m)
{
    int min_row = s->track.n_rows - 1;
    for (int x = 0; x < 5; x++)
        if (s->ost_where[x] == AT_TRACK && sp_row(s->ost_space[x]) < min_row)
            min_row = sp_row(s->ost_space[x]);
    int any_off = 0;
    for (int x = 0; x < 5; x++)
        any_off |= s->ost_where[x] == AT_OFF;
    if (any_off || s->lion_space != OSTRICH_NO_SPACE)
        min_row = 0; /* the nests' distances are needed */
    double dist[OSTRICH_MAX_SPACES];
    track_distances(s, min_row, dist);

    double d_nest = FAR;
    if (min_row == 0)
        for (int sp = 0; sp < 3 * s->track.n_rows; sp++)
            if (s->track.terrain[sp] == T_NEST && dist[sp] < d_nest)
                d_nest = dist[sp];

    int lion_mask = 0;
    if ((s->lion_state == LION_ACTIVE || s->lion_state == LION_EXHAUSTED) &&
        s->lion_space != OSTRICH_NO_SPACE) {
        int lr = sp_row(s->lion_space), ll = sp_lane(s->lion_space), near = 0;
        for (int x = 0; x < 5; x++) {
            if (s->ost_where[x] != AT_TRACK)
                continue;
            int dr = abs(sp_row(s->ost_space[x]) - lr), dl = abs(sp_lane(s->ost_space[x]) - ll);
            if ((dr > dl ? dr : dl) <= weights.lion_reach)
                near |= 1 << x;
        }
        if (near)
            lion_mask = near & ostrich_lion_reachable(s);
    }

    m->n_fin = s->n_finished < 3 ? s->n_finished : 3;
    for (int i = 0; i < m->n_fin; i++)
        m->fin[i] = s->finished[i];
    m->n_open = 0;
    for (int x = 0; x < 5; x++) {
        if (s->ost_where[x] == AT_FINISHED) {
            m->d[x] = 0.0;
            continue;
        }
        double d = s->ost_where[x] == AT_TRACK ? dist[s->ost_space[x]] : d_nest;
        if (d > FAR / 2)
            d = 3.0 * s->track.n_rows; /* no way forward: cannot happen on a valid track */
        if (s->bewitched >> x & 1)
            d += weights.bewitched;
        if (lion_mask >> x & 1 && d_nest < FAR / 2 && d_nest > d)
            d += weights.lion_catch * (d_nest - d);
        m->d[x] = d;
        m->open[m->n_open++] = x;
    }

    /* S: the distances of the ostriches that would take the open places. */
    double sorted[5];
    for (int i = 0; i < m->n_open; i++) {
        double v = m->d[m->open[i]];
        int j = i;
        while (j > 0 && sorted[j - 1] > v) {
            sorted[j] = sorted[j - 1];
            j--;
        }
        sorted[j] = v;
    }
    double S = 0.0;
    for (int i = 0; i < 3 - m->n_fin && i < m->n_open; i++)
        S += sorted[i];
    m->temp = weights.temp_base + weights.temp_scale * sqrt(S);
    /* Strengths relative to the nearest ostrich, so exp never underflows
     * to 0 for all of them. */
    double dmin = m->n_open ? sorted[0] : 0.0;
    for (int i = 0; i < m->n_open; i++)
        m->w[m->open[i]] = exp(-fmin((m->d[m->open[i]] - dmin) / m->temp, 700.0));
    double tie_shift = s->last_tie_both ? 0.5 : -0.5;
    for (int i = 0; i < m->n_open; i++)
        for (int k = i + 1; k < m->n_open; k++) {
            int xj = m->open[i], xk = m->open[k];
            double gap = m->d[xj] - m->d[xk];
            m->last[xj][xk] = logistic((gap + tie_shift) / m->temp);
            m->last[xk][xj] = logistic((-gap + tie_shift) / m->temp);
        }
    enumerate_orders(m);
}

/* What ostrich x finishing in place q (0..2) adds to a tile's score: 5-q
 * if the tile predicts x there, 2 if it predicts x elsewhere in its top
 * three, else 0 (rule book 4.10, before the last doubling). */
static int place_value(const char *tile, int x, int q)
{
    if (tile[q] - 'A' == x)
        return 5 - q;
    return tile[0] - 'A' == x || tile[1] - 'A' == x || tile[2] - 'A' == x ? 2 : 0;
}

/* The strength of the open ostriches not yet placed (summed afresh, not by
 * subtraction, which would cancel when one strength dwarfs the others). */
static double strength_left(const race_model *m, const int in[5])
{
    double sum = 0.0;
    for (int i = 0; i < m->n_open; i++)
        if (!in[i])
            sum += m->w[m->open[i]];
    return sum;
}

/* Every ordered top three (at most 60) with its probability, summed into
 * the marginals m->place and m->joint, which do not depend on the tile. */
static void enumerate_orders(race_model *m)
{
    memset(m->place, 0, sizeof m->place);
    memset(m->joint, 0, sizeof m->joint);
    int top[3], in[5] = {0};
    for (int i = 0; i < m->n_fin; i++)
        top[i] = m->fin[i];
    /* Ordered choices of the open places: nested loops over the open set,
     * unused depths fixed to a single pass. */
    int need = 3 - m->n_fin;
    double total = strength_left(m, in);
    for (int a = 0; a < m->n_open; a++) {
        int xa = m->open[a];
        double pa = m->w[xa] / total;
        in[a] = 1;
        top[m->n_fin] = xa;
        int b_n = need >= 2 ? m->n_open : 1;
        for (int b = 0; b < b_n; b++) {
            double pb = 1.0;
            if (need >= 2) {
                if (in[b])
                    continue;
                top[m->n_fin + 1] = m->open[b];
                pb = m->w[m->open[b]] / strength_left(m, in);
                in[b] = 1;
            }
            int c_n = need >= 3 ? m->n_open : 1;
            for (int c = 0; c < c_n; c++) {
                double pc = 1.0;
                if (need >= 3) {
                    if (in[c])
                        continue;
                    top[2] = m->open[c];
                    pc = m->w[m->open[c]] / strength_left(m, in);
                    in[c] = 1;
                }
                /* The two left: j, k. */
                int j = -1, kk = -1;
                for (int i = 0; i < m->n_open; i++)
                    if (!in[i]) {
                        if (j < 0)
                            j = m->open[i];
                        else
                            kk = m->open[i];
                    }
                double p = pa * pb * pc;
                double pj = j >= 0 && kk >= 0 ? p * m->last[j][kk] : 0.0;
                double pk = j >= 0 && kk >= 0 ? p * m->last[kk][j] : 0.0;
                for (int q = 0; q < 3; q++) {
                    m->place[top[q]][q] += p;
                    if (j >= 0 && kk >= 0) {
                        m->joint[j][top[q]][q] += pj;
                        m->joint[kk][top[q]][q] += pk;
                    }
                }
                if (need >= 3)
                    in[c] = 0;
            }
            if (need >= 2)
                in[b] = 0;
        }
        in[a] = 0;
    }
}

/* A tile's expected score (points): E[S (1 + [last is last])] with S the
 * top-three points, from the marginals. */
static double tile_score(const race_model *m, int t)
{
    const char *tile = ostrich_tiles[t];
    int xl = tile[3] - 'A';
    double e = 0.0;
    for (int x = 0; x < 5; x++)
        for (int q = 0; q < 3; q++) {
            int v = place_value(tile, x, q);
            if (v)
                e += v * (m->place[x][q] + m->joint[xl][x][q]);
        }
    return e;
}

/* The searches evaluate one leaf for every player in turn, and the model
 * does not depend on the player, nor on the dice, the phase or whose turn
 * it is: the 1,512 outcomes of one roll all stand on one board. So each
 * thread keeps the last model built, keyed by the board key (the Zobrist key
 * less the header: rules, track, berry kinds and board, ostrich_board_key)
 * and by the header fields build_model reads (places taken, the lion);
 * against a key collision, also by the board fields it reads. Every field
 * build_model reads is in the key, so a hit returns the very model a fresh
 * build would: the evaluation does not depend on what was evaluated before. */
typedef struct model_cache {
    int valid;
    uint64_t board_key;
    uint16_t ost_space[5], lion_space;
    uint8_t ost_where[5], bewitched, n_finished, lion_state, finished[3];
    race_model m;
} model_cache;

static _Thread_local model_cache cache;
static _Thread_local long model_builds;

void ostrich_eval_forget(void)
{
    cache.valid = 0;
}

long ostrich_eval_model_builds(void)
{
    return model_builds;
}

static int cache_holds(const ostrich_state *s, uint64_t board_key)
{
    return cache.valid && cache.board_key == board_key && cache.bewitched == s->bewitched &&
           cache.n_finished == s->n_finished && cache.lion_space == s->lion_space &&
           cache.lion_state == s->lion_state &&
           memcmp(cache.finished, s->finished, sizeof cache.finished) == 0 &&
           memcmp(cache.ost_space, s->ost_space, sizeof cache.ost_space) == 0 &&
           memcmp(cache.ost_where, s->ost_where, sizeof cache.ost_where) == 0;
}

static const race_model *cached_model(const ostrich_state *s)
{
    uint64_t board_key = ostrich_board_key(s);
    if (!cache_holds(s, board_key)) {
        build_model(s, &cache.m);
        model_builds++;
        cache.valid = 1;
        cache.board_key = board_key;
        memcpy(cache.ost_space, s->ost_space, sizeof cache.ost_space);
        memcpy(cache.ost_where, s->ost_where, sizeof cache.ost_where);
        memcpy(cache.finished, s->finished, sizeof cache.finished);
        cache.bewitched = s->bewitched;
        cache.n_finished = s->n_finished;
        cache.lion_space = s->lion_space;
        cache.lion_state = s->lion_state;
    }
    return &cache.m;
}

int32_t ostrich_evaluate(const void *state, int player)
{
    const ostrich_state *s = state;
    if (player < 0 || player >= s->players)
        return 0;
    if (s->phase == PH_OVER || s->n_finished >= 3) {
        int32_t res[OSTRICH_MAX_PLAYERS];
        ostrich_result(s, res);
        return res[player] * OSTRICH_EVAL_PER_POINT;
    }
    const race_model *m = cached_model(s);
    int tiles[OSTRICH_N_TILES], n = 0;
    if (s->pred[player] >= 0) {
        tiles[n++] = s->pred[player];
    } else {
        int held = 0;
        for (int p = 0; p < s->players; p++)
            if (s->pred[p] >= 0)
                held |= 1 << s->pred[p];
        for (int t = 0; t < OSTRICH_N_TILES; t++)
            if (!(held >> t & 1))
                tiles[n++] = t;
    }
    double sum = 0.0;
    for (int t = 0; t < n; t++)
        sum += tile_score(m, tiles[t]);
    const double top = (double)OSTRICH_MAX_SCORE * OSTRICH_EVAL_PER_POINT;
    double v = n ? (double)OSTRICH_EVAL_PER_POINT * sum / n : 0.0;
    if (v < 0.0)
        v = 0.0;
    if (v > top)
        v = top;
    return (int32_t)lround(v);
}
