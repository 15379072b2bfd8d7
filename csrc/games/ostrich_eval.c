/* games/ostrich_eval.c: the heuristic value of an ostrich race position for
 * `player`: a weighted sum of named features (safari/features.h), each
 * counted for the player asked, in points (units of 1/1024), the weights in
 * centi-points per point; the value is `player`'s expected final score in
 * centi-points, clamped to 0 .. 2400 (exact x 100 at the end).
 *
 *   points  the player's expected score under the race model below;
 *   dice    what the dice in the current player's hand change in it: the
 *           current player takes the option with these dice that the race
 *           model values most for itself (an ostrich moved as far as the
 *           dice allow, a flip), and the feature is the player's expected
 *           score after that option less `points`. At a re-roll (chance),
 *           the mean of that over the re-roll's outcomes. 0 where nobody
 *           holds dice to act with (rolls, lion turns and bonus rolls, whose
 *           dice are used die by die, berries...);
 *   turn    1 when the player is the one to act (the tempo), else 0.
 *
 * The race model.
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
 *    "none".
 * 4. Score (rule book 4.10): every ordered top three (at most 5*4*3 = 60)
 *    is enumerated with its probability; the player's tile scores 5/4/3 for
 *    an exact place, 2 for a top-3 ostrich in another top-3 place, and the
 *    total is doubled with the probability that the predicted last is last.
 *
 * The dice options. With c dice of ostrich X and R wilds in a normal or
 * exhausted action (the black die a sixth white one when exhausted), X may
 * move L = c .. c + R points: the model after "X moves L points" puts X on
 * the space of least distance it reaches in exactly L steps of the same
 * kind as in point 1 (or fewer where the path is stopped: a finish, a
 * face-down berry under "enter", quicksand under "stop", no step left; the
 * lion's space is avoided); an ostrich reaching the finish takes the next
 * place. A flip (sorcery, normal turns without the lion) toggles X's
 * bewitched penalty. The current player's option is the one of greatest
 * expected score for its own tile (the first on a tie), and every player
 * is credited with what that option gives it: the evaluation of a max-n
 * search one action ahead, under the race model.
 *
 * A player whose tile is not dealt yet (phase deal) gets the mean over the
 * tiles nobody holds. A terminal position gets its exact result * 100.
 * No allocation. The model and the 35 option models (5 ostriches x 6
 * lengths, 5 flips) do not depend on the player, the dice, the phase or
 * whose turn it is, so each thread keeps those of the last board (the
 * option models built when first asked for): the 1,512 outcomes of one roll
 * all stand on one board, and each evaluation then costs table look-ups. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/weights.h"
#include "games/ostrich.h"

enum {
    F_POINTS, /* the race model's expected score for the player         */
    F_DICE,   /* the change the dice in hand make to it                  */
    F_TURN,   /* 1: the player acts now                                  */
    OSTRICH_FEATURES
};
_Static_assert(OSTRICH_FEATURES == OSTRICH_N_FEATURES, "ostrich.h counts the features");

const char *const ostrich_feature_names[OSTRICH_FEATURES] = {"points", "dice", "turn"};

/* The phrases of a marked move's reason (sa_game.feature_phrases): per
 * feature, the played line's end has less of it, then more. */
const char *const ostrich_feature_phrases[2 * OSTRICH_FEATURES] = {
    "{n} fewer expected point{s} (race model)",
    "{n} more expected point{s} (race model)",
    "{n} fewer point{s} from the dice in hand",
    "{n} more point{s} from the dice in hand",
    "the turn passed",
    "the turn kept",
};

/* Centi-points per point of each feature: the expected score as the model
 * gives it, with the dice in hand (docs/tuning.md). */
#define W_POINT 100 /* a point of expected score */
#define STR_(x) #x
#define STR(x) STR_(x)
/* What one unit of the evaluation is (sa_game.eval_units), next to the
 * weight that makes it so. */
const char ostrich_eval_units[] =
    "centi-points of the player's expected final score (a point = " STR(W_POINT) ")";
const int32_t ostrich_default_weights[OSTRICH_FEATURES] = {
    [F_POINTS] = W_POINT,
    [F_DICE] = 100,
    [F_TURN] = 0,
};

/* The race model's constants (distances in movement points). */
static const struct race_constants {
    double berry_stop;     /* entering a face-down berry ends the move         */
    double quicksand_stop; /* entering quicksand ends the move ("stop")        */
    double bewitched;      /* turns lost until someone flips it back           */
    double lion_catch;     /* chance of being caught, times the way back home  */
    int lion_reach;        /* king steps from the lion that count as in danger */
    double temp_base;      /* T at the very end of the race                    */
    double temp_scale;     /* T's growth with sqrt(distance still to race)     */
} K = {
    .berry_stop = 0.5,
    .quicksand_stop = 1.0,
    .bewitched = 3.0,
    .lion_catch = 0.25,
    .lion_reach = 3,
    .temp_base = 0.5,
    .temp_scale = 1.0,
};

#define FAR 1e6
#define MAX_STEPS 6                    /* c + R <= six dice            */
#define N_MOVE_OPTIONS (5 * MAX_STEPS) /* option x * 6 + (L - 1)        */
#define N_OPTIONS (N_MOVE_OPTIONS + 5) /* then flip x                   */

static int face_down_berry(const ostrich_state *s, int sp)
{
    return (int)(s->berry_bb[sp >> 6] >> (sp & 63) & 1);
}

/* The space one step from (row, lane) in direction dl (-1 l, 0 s, +1 r), or
 * -1: off the track, a lane change touching a curve, rock or ravine. */
static int step_to(const ostrich_state *s, int row, int lane, int dl)
{
    const ostrich_track *t = &s->track;
    int nl = lane + dl;
    if (row + 1 >= t->n_rows || nl < 0 || nl > 2 ||
        (dl != 0 && (t->row_curve[row] || t->row_curve[row + 1])))
        return -1;
    int to = (row + 1) * 3 + nl, ter = t->terrain[to];
    return ter == T_ROCK || ter == T_RAVINE ? -1 : to;
}

/* Entering `to` ends a move there (the finish, a face-down berry under
 * "enter", quicksand under "stop"). */
static int stops_at(const ostrich_state *s, int to)
{
    int ter = s->track.terrain[to];
    return ter == T_FINISH || (!s->trigger_end && face_down_berry(s, to)) ||
           (s->quicksand_stop && ter == T_QUICKSAND);
}

/* dist[sp] for every space from row `from_row` on: the cheapest way to the
 * finish, as in point 1 above (FAR when there is none). */
static void track_distances(const ostrich_state *s, int from_row,
                            double dist[OSTRICH_MAX_SPACES])
{
    const ostrich_track *t = &s->track;
    int last = t->n_rows - 1;
    for (int l = 0; l < 3; l++)
        dist[last * 3 + l] = 0.0;
    for (int row = last - 1; row >= from_row; row--) {
        for (int lane = 0; lane < 3; lane++) {
            double best = FAR;
            for (int dl = -1; dl <= 1; dl++) {
                int to = step_to(s, row, lane, dl);
                if (to < 0)
                    continue;
                double c = 1.0 + dist[to];
                if (t->terrain[to] != T_FINISH) {
                    if (!s->trigger_end && face_down_berry(s, to))
                        c += K.berry_stop;
                    if (s->quicksand_stop && t->terrain[to] == T_QUICKSAND)
                        c += K.quicksand_stop;
                }
                if (c < best)
                    best = c;
            }
            dist[row * 3 + lane] = best;
        }
    }
}

/* The race model shared by every tile: places already taken, the
 * effective distances and the temperature. */
typedef struct race_model {
    int n_fin;   /* ostriches finished (0..3)                       */
    int fin[3];  /* their letters in order                          */
    int n_open;  /* ostriches not finished (5 - n_fin)              */
    int open[5]; /* their letters                                   */
    double d[5]; /* effective distance per letter                   */
    double w[5]; /* Plackett-Luce strength per letter               */
    double temp;
    double d_nest;         /* from the nearest nest (FAR if not needed)       */
    int lion_mask;         /* bit x: x is in the lion's danger                */
    double last[5][5];     /* last[j][k]: j is last when j and k are left     */
    double place[5][3];    /* P(x finishes in place q)                        */
    double joint[5][5][3]; /* joint[l][x][q]: P(x in place q, l last)      */
} race_model;

static inline double logistic(double x)
{
    return 1.0 / (1.0 + exp(-x));
}

/* Point 1's additions to the way forward `base` of ostrich x. */
static double effective_distance(const race_model *m, int x, double base, int bewitched)
{
    double d =
        base > FAR / 2 ? 3.0 * OSTRICH_MAX_ROWS : base; /* no way: not on a valid track */
    if (bewitched)
        d += K.bewitched;
    if (m->lion_mask >> x & 1 && m->d_nest < FAR / 2 && m->d_nest > d)
        d += K.lion_catch * (m->d_nest - d);
    return d;
}

/* Who is near the lion and can be reached by it (point 1). */
static int lion_danger(const ostrich_state *s)
{
    if (!(s->lion_state == LION_ACTIVE || s->lion_state == LION_EXHAUSTED) ||
        s->lion_space == OSTRICH_NO_SPACE)
        return 0;
    int lr = sp_row(s->lion_space), ll = sp_lane(s->lion_space), near = 0;
    for (int x = 0; x < 5; x++) {
        if (s->ost_where[x] != AT_TRACK)
            continue;
        int dr = abs(sp_row(s->ost_space[x]) - lr),
            dl = abs(sp_lane(s->ost_space[x]) - ll);
        if ((dr > dl ? dr : dl) <= K.lion_reach)
            near |= 1 << x;
    }
    return near ? near & ostrich_lion_reachable(s) : 0;
}

/* Points 1's distances of the board into m, and dist[] of the track. */
static void race_distances(const ostrich_state *s, race_model *m,
                           double dist[OSTRICH_MAX_SPACES])
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
    track_distances(s, min_row, dist);

    m->d_nest = FAR;
    if (min_row == 0)
        for (int sp = 0; sp < 3 * s->track.n_rows; sp++)
            if (s->track.terrain[sp] == T_NEST && dist[sp] < m->d_nest)
                m->d_nest = dist[sp];
    m->lion_mask = lion_danger(s);

    m->n_fin = s->n_finished < 3 ? s->n_finished : 3;
    for (int i = 0; i < m->n_fin; i++)
        m->fin[i] = s->finished[i];
    m->n_open = 0;
    for (int x = 0; x < 5; x++) {
        if (s->ost_where[x] == AT_FINISHED) {
            m->d[x] = 0.0;
            continue;
        }
        double base = s->ost_where[x] == AT_TRACK ? dist[s->ost_space[x]] : m->d_nest;
        m->d[x] = effective_distance(m, x, base, s->bewitched >> x & 1);
        m->open[m->n_open++] = x;
    }
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

/* Places q.. of the top three in every order, with probability p so far
 * (point 2); at q == 3 the two left share last place (point 3). Sums into
 * the marginals m->place and m->joint, which do not depend on the tile. */
static void place_from(race_model *m, int q, int top[3], int in[5], double p)
{
    if (q == 3) {
        int j = -1, k = -1;
        for (int i = 0; i < m->n_open; i++)
            if (!in[i]) {
                if (j < 0)
                    j = m->open[i];
                else
                    k = m->open[i];
            }
        for (int r = 0; r < 3; r++) {
            m->place[top[r]][r] += p;
            if (j >= 0 && k >= 0) {
                m->joint[j][top[r]][r] += p * m->last[j][k];
                m->joint[k][top[r]][r] += p * m->last[k][j];
            }
        }
        return;
    }
    if (q < m->n_fin) {
        top[q] = m->fin[q];
        place_from(m, q + 1, top, in, p);
        return;
    }
    double total = strength_left(m, in);
    for (int i = 0; i < m->n_open; i++) {
        if (in[i])
            continue;
        in[i] = 1;
        top[q] = m->open[i];
        place_from(m, q + 1, top, in, p * m->w[m->open[i]] / total);
        in[i] = 0;
    }
}

/* Points 2-3 from the distances in m. */
static void race_finish(race_model *m, int last_tie_both)
{
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
    m->temp = K.temp_base + K.temp_scale * sqrt(S);
    /* Strengths relative to the nearest ostrich, so exp never underflows
     * to 0 for all of them. */
    double dmin = m->n_open ? sorted[0] : 0.0;
    for (int i = 0; i < m->n_open; i++)
        m->w[m->open[i]] = exp(-fmin((m->d[m->open[i]] - dmin) / m->temp, 700.0));
    double tie_shift = last_tie_both ? 0.5 : -0.5;
    for (int i = 0; i < m->n_open; i++)
        for (int k = i + 1; k < m->n_open; k++) {
            int xj = m->open[i], xk = m->open[k];
            double gap = m->d[xj] - m->d[xk];
            m->last[xj][xk] = logistic((gap + tie_shift) / m->temp);
            m->last[xk][xj] = logistic((-gap + tie_shift) / m->temp);
        }
    memset(m->place, 0, sizeof m->place);
    memset(m->joint, 0, sizeof m->joint);
    int top[3], in[5] = {0};
    place_from(m, 0, top, in, 1.0);
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

static void tile_scores(const race_model *m, double out[OSTRICH_N_TILES])
{
    for (int t = 0; t < OSTRICH_N_TILES; t++)
        out[t] = tile_score(m, t);
}

/* The least distance ostrich x reaches from space sp0 in exactly len steps,
 * or fewer where the path stops (see the dice options above). */
static double reach_distance(const ostrich_state *s,
                             const double dist[OSTRICH_MAX_SPACES], int sp0, int len)
{
    int row = sp_row(sp0), cur = 1 << sp_lane(sp0); /* lanes reached in `row` */
    double best = FAR;
    for (int step = 0; step < len && cur; step++, row++) {
        int next = 0;
        for (int lane = 0; lane < 3; lane++) {
            if (!(cur >> lane & 1))
                continue;
            int moved = 0;
            for (int dl = -1; dl <= 1; dl++) {
                int to = step_to(s, row, lane, dl);
                if (to < 0 || to == s->lion_space)
                    continue;
                moved = 1;
                if (stops_at(s, to))
                    best = fmin(best, dist[to]);
                else
                    next |= 1 << sp_lane(to);
            }
            if (!moved) /* cut short: the path ends here */
                best = fmin(best, dist[row * 3 + lane]);
        }
        cur = next;
    }
    for (int lane = 0; lane < 3; lane++)
        if (cur >> lane & 1)
            best = fmin(best, dist[row * 3 + lane]);
    return best;
}

/* The board's model and its option models, kept per thread. */
typedef struct model_cache {
    int valid;
    uint64_t board_key;
    uint16_t ost_space[5], lion_space;
    uint8_t ost_where[5], bewitched, n_finished, lion_state, finished[3];
    race_model m;
    double dist[OSTRICH_MAX_SPACES];
    double tiles[OSTRICH_N_TILES]; /* the board's tile scores  */
    uint64_t options_built;        /* bit per option            */
    double option_tiles[N_OPTIONS][OSTRICH_N_TILES];
} model_cache;

/* The model after option `opt` (see the dice options above), as tile scores
 * in c->option_tiles[opt]. */
static void build_option(const ostrich_state *s, model_cache *c, int opt)
{
    race_model m = c->m;
    if (opt < N_MOVE_OPTIONS) {
        int x = opt / MAX_STEPS, len = opt % MAX_STEPS + 1;
        double r = reach_distance(s, c->dist, s->ost_space[x], len);
        if (r == 0.0 && m.n_fin < 3) { /* the finish: x takes the next place */
            m.fin[m.n_fin++] = x;
            int k = 0;
            for (int i = 0; i < m.n_open; i++)
                if (m.open[i] != x)
                    m.open[k++] = m.open[i];
            m.n_open = k;
            m.d[x] = 0.0;
        } else {
            m.d[x] = effective_distance(&m, x, r, 0);
        }
    } else {
        int x = opt - N_MOVE_OPTIONS;
        double base = c->dist[s->ost_space[x]];
        m.d[x] = effective_distance(&m, x, base, !(s->bewitched >> x & 1));
    }
    race_finish(&m, s->last_tie_both);
    tile_scores(&m, c->option_tiles[opt]);
}

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

/* Every field the models read is in the key (the board key: the Zobrist
 * key less the header, ostrich_board_key; the places taken and the lion
 * from the header; against a key collision, the board fields themselves),
 * so a hit returns the very models a fresh build would: the evaluation does
 * not depend on what was evaluated before. */
static int cache_holds(const ostrich_state *s, uint64_t board_key)
{
    return cache.valid && cache.board_key == board_key &&
           cache.bewitched == s->bewitched && cache.n_finished == s->n_finished &&
           cache.lion_space == s->lion_space && cache.lion_state == s->lion_state &&
           memcmp(cache.finished, s->finished, sizeof cache.finished) == 0 &&
           memcmp(cache.ost_space, s->ost_space, sizeof cache.ost_space) == 0 &&
           memcmp(cache.ost_where, s->ost_where, sizeof cache.ost_where) == 0;
}

static model_cache *cached_model(const ostrich_state *s)
{
    uint64_t board_key = ostrich_board_key(s);
    if (!cache_holds(s, board_key)) {
        race_distances(s, &cache.m, cache.dist);
        race_finish(&cache.m, s->last_tie_both);
        tile_scores(&cache.m, cache.tiles);
        model_builds++;
        cache.options_built = 0;
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
    return &cache;
}

static const double *option_tiles(const ostrich_state *s, model_cache *c, int opt)
{
    if (!(c->options_built >> opt & 1)) {
        build_option(s, c, opt);
        c->options_built |= 1ull << opt;
    }
    return c->option_tiles[opt];
}

/* `player`'s expected score from tile scores: its own tile's, or the mean
 * over the tiles nobody holds before the deal. */
static double player_points(const ostrich_state *s, const double tiles[OSTRICH_N_TILES],
                            int player)
{
    if (s->pred[player] >= 0)
        return tiles[s->pred[player]];
    int held = 0, n = 0;
    for (int p = 0; p < s->players; p++)
        if (s->pred[p] >= 0)
            held |= 1 << s->pred[p];
    double sum = 0.0;
    for (int t = 0; t < OSTRICH_N_TILES; t++)
        if (!(held >> t & 1)) {
            sum += tiles[t];
            n++;
        }
    return n ? sum / n : 0.0;
}

static int running(const ostrich_state *s, int x)
{
    return s->ost_where[x] == AT_TRACK && !(s->bewitched >> x & 1);
}

/* The option the current player takes with white dice counts `white` and
 * black face `black` (see the dice options above), or -1 when none. */
static int chosen_option(const ostrich_state *s, model_cache *c,
                         const uint8_t white[N_FACES], int black)
{
    int exhausted = s->mode == MODE_EXHAUSTED, mover = s->current;
    int wilds = white[FACE_W] + (exhausted && black == FACE_W);
    int best = -1;
    double best_points = -1.0;
    for (int x = 0; x < 5; x++) {
        int n = white[x] + (exhausted && black == x);
        if (n < 1 || !running(s, x))
            continue;
        for (int len = n; len <= n + wilds && len <= MAX_STEPS; len++) {
            int opt = x * MAX_STEPS + len - 1;
            double v = player_points(s, option_tiles(s, c, opt), mover);
            if (v > best_points) {
                best_points = v;
                best = opt;
            }
        }
    }
    int lion = s->lion_state == LION_ACTIVE || s->lion_state == LION_EXHAUSTED;
    if (s->mode == MODE_NORMAL && !lion)
        for (int x = 0; x < 5; x++)
            if (s->ost_where[x] == AT_TRACK && (black == x || black == FACE_W)) {
                int opt = N_MOVE_OPTIONS + x;
                double v = player_points(s, option_tiles(s, c, opt), mover);
                if (v > best_points) {
                    best_points = v;
                    best = opt;
                }
            }
    return best;
}

/* The options chosen on the cached board, per roll of the dice, for one
 * mover, mode and set of tiles: the re-roll's expectation asks for the same
 * rolls again and again. An entry holds when its stamp is the memo's; the
 * stamp moves on when the board, the mover, the mode or a player's tile
 * changes (a search of sampled predictions sees one board with other tiles). */
#define N_ROLLS (252 * N_FACES)
static _Thread_local struct choice_memo {
    uint64_t stamp;
    long board; /* model_builds when stamped */
    int mover, mode;
    int8_t pred[OSTRICH_MAX_PLAYERS];
    int16_t rank[7776]; /* white counts A..E in base 6 -> 0..251, 0: unset */
    uint64_t entry_stamp[N_ROLLS];
    int8_t option[N_ROLLS];
} memo;

/* 1 + the rank of a roll's white multiset (counts of A..E; W the rest). */
static int roll_rank(const uint8_t white[N_FACES])
{
    if (memo.rank[0] == 0) { /* number the multisets of five dice once */
        int next = 1;
        for (int code = 0; code < 7776; code++) {
            int sum = 0;
            for (int k = code, f = 0; f < 5; f++, k /= 6)
                sum += k % 6;
            memo.rank[code] = (int16_t)(sum <= 5 ? next++ : -1);
        }
    }
    int code = 0;
    for (int f = 4; f >= 0; f--)
        code = code * 6 + white[f];
    return memo.rank[code];
}

/* A new stamp when the board, the mover, the mode or a tile changed. */
static void memo_sync(const ostrich_state *s)
{
    if (memo.board != model_builds || memo.mover != s->current || memo.mode != s->mode ||
        memcmp(memo.pred, s->pred, sizeof memo.pred) != 0) {
        memo.stamp++;
        memo.board = model_builds;
        memo.mover = s->current;
        memo.mode = s->mode;
        memcpy(memo.pred, s->pred, sizeof memo.pred);
    }
}

/* chosen_option through the memo (memo_sync first). */
static int memo_option(const ostrich_state *s, model_cache *c,
                       const uint8_t white[N_FACES], int black)
{
    int total = 0;
    for (int f = 0; f < N_FACES; f++)
        total += white[f];
    int r = total == 5 ? roll_rank(white) : -1;
    if (r <= 0)
        return chosen_option(s, c, white, black);
    int key = (r - 1) * N_FACES + black;
    if (memo.entry_stamp[key] != memo.stamp) {
        memo.option[key] = (int8_t)chosen_option(s, c, white, black);
        memo.entry_stamp[key] = memo.stamp;
    }
    return memo.option[key];
}

static _Thread_local sa_move reroll_outcomes[OSTRICH_MAX_OUTCOMES];
static _Thread_local uint64_t reroll_weights[OSTRICH_MAX_OUTCOMES];

/* The dice features computed on the cached board for the mover, mode and
 * tiles (the memo's stamp), for every player at once (a search asks for each
 * player's value of one position in turn), by what they depend on: the
 * dice kept, how many white dice are re-rolled and the black die (its face,
 * or 6: re-rolled). An action is a re-roll of nothing, so the many re-roll
 * choices of a roll's outcomes that keep the same dice share an entry.
 * Direct-mapped: a clash recomputes. */
#define GAIN_SLOTS 1024
static _Thread_local struct gain_entry {
    uint64_t stamp;
    uint32_t key;
    double gain[OSTRICH_MAX_PLAYERS];
} gains[GAIN_SLOTS];

static uint32_t dice_key(const ostrich_state *s)
{
    int reroll = s->phase == PH_REROLL;
    uint32_t key = 0, k = 0;
    for (int f = 0; f < N_FACES; f++) {
        int rerolled = reroll ? s->reroll_white[f] : 0;
        key = key << 3 | (uint32_t)(s->dice_white[f] - rerolled);
        k += (uint32_t)rerolled;
    }
    uint32_t black = reroll && s->reroll_black ? 6u : s->dice_black;
    return key << 6 | k << 3 | black;
}

/* Every player's dice feature into e: the probability of each option
 * being taken (one roll at an action, the re-roll's outcomes at a re-roll),
 * then each player's mean change. */
static void dice_gains(const ostrich_state *s, model_cache *c, struct gain_entry *e)
{
    double mass[N_OPTIONS] = {0}, total = 0.0;
    if (s->phase == PH_REROLL) {
        int n = ostrich_chance_outcomes(s, reroll_outcomes, reroll_weights);
        for (int i = 0; i < n; i++) {
            uint8_t white[N_FACES];
            for (int f = 0; f < N_FACES; f++)
                white[f] = (uint8_t)mv_count(reroll_outcomes[i], f);
            int opt = memo_option(s, c, white, mv_black(reroll_outcomes[i]));
            total += (double)reroll_weights[i];
            if (opt >= 0)
                mass[opt] += (double)reroll_weights[i];
        }
    } else {
        int opt = memo_option(s, c, s->dice_white, s->dice_black);
        total = 1.0;
        if (opt >= 0)
            mass[opt] = 1.0;
    }
    for (int p = 0; p < s->players; p++) {
        double base = player_points(s, c->tiles, p), sum = 0.0;
        for (int opt = 0; opt < N_OPTIONS; opt++)
            if (mass[opt] > 0.0)
                sum += mass[opt] * (player_points(s, c->option_tiles[opt], p) - base);
        e->gain[p] = total > 0.0 ? sum / total : 0.0;
    }
}

/* The dice feature (points): see the top of the file. */
static double dice_feature(const ostrich_state *s, model_cache *c, int player)
{
    if (s->mode != MODE_NORMAL && s->mode != MODE_EXHAUSTED)
        return 0.0;
    if (s->phase != PH_REROLL_CHOICE && s->phase != PH_ACTION && s->phase != PH_REROLL)
        return 0.0;
    memo_sync(s);
    uint32_t key = dice_key(s);
    struct gain_entry *e = &gains[(key * 2654435761u) >> 22];
    if (e->stamp != memo.stamp || e->key != key) {
        dice_gains(s, c, e);
        e->stamp = memo.stamp;
        e->key = key;
    }
    return e->gain[player];
}

static int32_t fixed(double points)
{
    return (int32_t)lround(points * OSTRICH_FEATURE_ONE);
}

static int is_over(const ostrich_state *s)
{
    return s->phase == PH_OVER || s->n_finished >= 3;
}

/* The features for `player`, those of weight 0 in `weights` left 0 (NULL:
 * all of them). */
static void player_features(const ostrich_state *s, int player, const int32_t *weights,
                            int32_t out[OSTRICH_FEATURES])
{
    memset(out, 0, sizeof(int32_t) * OSTRICH_FEATURES);
    if (player < 0 || player >= s->players)
        return;
    if (is_over(s)) {
        int32_t res[OSTRICH_MAX_PLAYERS];
        ostrich_result(s, res);
        out[F_POINTS] = res[player] * OSTRICH_FEATURE_ONE;
        return;
    }
    model_cache *c = cached_model(s);
    if (weights == NULL || weights[F_POINTS])
        out[F_POINTS] = fixed(player_points(s, c->tiles, player));
    if (weights == NULL || weights[F_DICE])
        out[F_DICE] = fixed(dice_feature(s, c, player));
    out[F_TURN] = s->phase != PH_DEAL && s->current == player ? OSTRICH_FEATURE_ONE : 0;
}

void ostrich_player_features(const void *state, int player, int32_t *out)
{
    player_features(state, player, NULL, out);
}

void ostrich_features(const void *state, int32_t *out)
{
    player_features(state, 0, NULL, out);
}

int32_t ostrich_evaluate(const void *state, int player)
{
    const ostrich_state *s = state;
    if (player < 0 || player >= s->players)
        return 0;
    if (is_over(s)) {
        int32_t res[OSTRICH_MAX_PLAYERS];
        ostrich_result(s, res);
        return res[player] * OSTRICH_EVAL_PER_POINT;
    }
    const int32_t *w = sa_weights_of(s->weights, ostrich_default_weights);
    int32_t f[OSTRICH_FEATURES];
    player_features(s, player, w, f);
    int32_t v = sa_weighted_sum_fixed(w, f, OSTRICH_FEATURES, OSTRICH_FEATURE_ONE);
    const int32_t top = OSTRICH_MAX_SCORE * OSTRICH_EVAL_PER_POINT;
    return v < 0 ? 0 : v > top ? top : v;
}
