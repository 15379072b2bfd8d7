/* games/ostrich.c: the rules of Banjooli Xeet (shared/rules/ostrich.md):
 * movement paths, the roll and re-roll as chance, berries, sorcery, the
 * all-dice rolls, the lion's hunt, the end of the race and the scores.
 * The hot path: no allocation, no I/O. JSON and spelling: ostrich_io.c. */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "games/ostrich.h"

const char ostrich_terrain_chars[T_NB + 1] = ".#qkl=x@nf";
const char *const ostrich_tiles[OSTRICH_N_TILES] = {
    "ABCD", "ACEB", "BCDE", "BDAC", "CDEA", "CEBD", "DACE", "DEAB", "EABC", "EBDA"};

/* ---------------------------------------------------------------- hashing */

static inline uint64_t mix64(uint64_t z)
{
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline uint64_t key_ostrich(int x, int sp)
{
    return mix64(0x100000u + (unsigned)x * 512u + (unsigned)sp);
}
static inline uint64_t key_berry(int sp)
{
    return mix64(0x200000u + (unsigned)sp);
}
static inline uint64_t key_pool(int k, int n)
{
    return mix64(0x300000u + (unsigned)k * 1024u + (unsigned)n);
}
static inline uint64_t key_bewitched(int mask)
{
    return mix64(0x400000u + (unsigned)mask);
}

/* The header: every small field from `finished` to `lion_turns` (bytes, no
 * padding between them) plus the lion's space, hashed as one block. */
static uint64_t header_key(const ostrich_state *s)
{
    enum {
        HEADER_BYTES =
            offsetof(ostrich_state, lion_turns) + 1 - offsetof(ostrich_state, finished)
    };
    uint64_t words[(HEADER_BYTES + 7) / 8] = {0};
    memcpy(words, &s->finished[0], HEADER_BYTES);
    uint64_t h = 0x500000u + s->lion_space;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        h = mix64(h ^ words[i]);
    return h;
}

/* Rules, track and berry kinds: fixed for the game. */
static uint64_t fixed_key(const ostrich_state *s)
{
    uint64_t h = mix64(0x600000u + s->players);
    h = mix64(h ^ ((uint64_t)s->lion_rule << 8 | (uint64_t)s->berries_rule << 9 |
                   (uint64_t)s->trigger_end << 10 | (uint64_t)s->quicksand_stop << 11 |
                   (uint64_t)s->last_tie_both << 12));
    const ostrich_track *t = &s->track;
    h = mix64(h ^ t->n_rows);
    for (int sp = 0; sp < t->n_rows * 3; sp++)
        h = mix64(h ^ ((uint64_t)t->terrain[sp] << 16 |
                       (uint64_t)t->row_curve[sp / 3] << 8 | (uint64_t)sp));
    for (int k = 0; k < s->n_kinds; k++)
        h = mix64(h ^ ((uint64_t)s->kind_effect[k] << 8 | (uint64_t)k));
    return h;
}

uint64_t ostrich_hash_from_scratch(const void *state)
{
    const ostrich_state *s = state;
    uint64_t h = fixed_key(s) ^ header_key(s) ^ key_bewitched(s->bewitched);
    for (int x = 0; x < 5; x++)
        h ^= key_ostrich(x, s->ost_space[x]);
    for (int sp = 0; sp < OSTRICH_MAX_SPACES; sp++)
        if (s->berry_bb[sp >> 6] >> (sp & 63) & 1)
            h ^= key_berry(sp);
    for (int k = 0; k < OSTRICH_MAX_KINDS; k++)
        h ^= key_pool(k, s->pool[k]);
    return h;
}

/* The Zobrist key less the header: rules, track, berry kinds and board
 * (ostriches' spaces, berries, pools, bewitched), the same for every roll
 * of the dice and every phase of a turn on one board. */
uint64_t ostrich_board_key(const ostrich_state *s)
{
    return s->hash ^ header_key(s);
}

uint64_t ostrich_hash(const void *state)
{
    return ((const ostrich_state *)state)->hash;
}

void ostrich_init_hash(ostrich_state *s)
{
    s->hash = ostrich_hash_from_scratch(s);
}

/* -- board setters: keep the hash -- */

static void set_ostrich_space(ostrich_state *s, int x, int sp)
{
    s->hash ^= key_ostrich(x, s->ost_space[x]) ^ key_ostrich(x, sp);
    s->ost_space[x] = (uint16_t)sp;
}

static void set_bewitched(ostrich_state *s, int mask)
{
    s->hash ^= key_bewitched(s->bewitched) ^ key_bewitched(mask);
    s->bewitched = (uint8_t)mask;
}

static inline int has_berry(const ostrich_state *s, int sp)
{
    return (int)(s->berry_bb[sp >> 6] >> (sp & 63) & 1);
}

static void take_berry(ostrich_state *s, int sp, int kind)
{
    assert(has_berry(s, sp) && s->pool[kind] > 0);
    s->berry_bb[sp >> 6] &= ~(1ULL << (sp & 63));
    s->hash ^=
        key_berry(sp) ^ key_pool(kind, s->pool[kind]) ^ key_pool(kind, s->pool[kind] - 1);
    s->pool[kind]--;
}

/* ------------------------------------------------------------ basic facts */

static inline int terrain(const ostrich_state *s, int sp)
{
    return s->track.terrain[sp];
}
static inline int lion_in_play(const ostrich_state *s)
{
    return s->lion_state == LION_ACTIVE || s->lion_state == LION_EXHAUSTED;
}
static inline int on_track(const ostrich_state *s, int x)
{
    return s->ost_where[x] == AT_TRACK;
}
static inline int running(const ostrich_state *s, int x)
{
    return on_track(s, x) && !(s->bewitched >> x & 1);
}

/* The ostrich on space sp other than `skip`, or -1. */
static inline int occupant(const ostrich_state *s, int sp, int skip)
{
    for (int x = 0; x < 5; x++)
        if (x != skip && s->ost_where[x] == AT_TRACK && s->ost_space[x] == sp)
            return x;
    return -1;
}

int ostrich_num_players(const void *state)
{
    return ((const ostrich_state *)state)->players;
}

/* ---------------------------------------------------------- ostrich steps */

/* One step of ostrich x from `from` in direction dir (0 l, 1 s, 2 r), x's own
 * space not counted as occupied (4.4). Returns the space it lands on, or -1;
 * *jump tells whether the step jumped over an ostrich. */
static int ostrich_step(const ostrich_state *s, int x, int from, int dir, int *jump)
{
    const ostrich_track *t = &s->track;
    int dl = dir - 1, row = sp_row(from) + 1, lane = sp_lane(from) + dl;
    if (row >= t->n_rows || lane < 0 || lane > 2)
        return -1;
    if (dl != 0 && (t->row_curve[row - 1] || t->row_curve[row]))
        return -1;
    int sp = row * 3 + lane;
    if (t->terrain[sp] == T_ROCK || t->terrain[sp] == T_RAVINE)
        return -1;
    if (occupant(s, sp, x) < 0) {
        *jump = 0;
        return sp;
    }
    row++;
    lane += dl;
    if (row >= t->n_rows || lane < 0 || lane > 2 || (dl != 0 && t->row_curve[row]))
        return -1;
    sp = row * 3 + lane;
    if (t->terrain[sp] == T_ROCK || t->terrain[sp] == T_RAVINE || occupant(s, sp, x) >= 0)
        return -1;
    *jump = 1;
    return sp;
}

static int has_step(const ostrich_state *s, int x, int from)
{
    int jump;
    for (int dir = 0; dir < 3; dir++)
        if (ostrich_step(s, x, from, dir, &jump) >= 0)
            return 1;
    return 0;
}

/* Does entering sp end the move (4.4)? */
static int stops_on(const ostrich_state *s, int sp)
{
    int t = terrain(s, sp);
    if (t == T_FINISH || (lion_in_play(s) && sp == s->lion_space))
        return 1;
    if (!s->trigger_end && has_berry(s, sp))
        return 1;
    return s->quicksand_stop && t == T_QUICKSAND;
}

/* ----------------------------------------------------------- path search */

typedef struct path_gen {
    const ostrich_state *s;
    int x, c, r;
    int wilds_may_remain; /* a path not cut short may leave wilds unused */
    sa_move base;
    sa_move *out;
    int n;
} path_gen;

static int path_ok(const path_gen *g, int len, int cut)
{
    if (len < g->c)
        return cut;
    if (len < g->c + g->r && !cut)
        return g->wilds_may_remain;
    return 1;
}

static void path_walk(path_gen *g, int sp, int len, sa_move steps)
{
    for (int dir = 0; dir < 3; dir++) {
        int jump;
        int to = ostrich_step(g->s, g->x, sp, dir, &jump);
        if (to < 0)
            continue;
        sa_move nsteps = steps | (sa_move)(dir | jump << 2) << (16 + 3 * len);
        int stop = stops_on(g->s, to);
        int cut = stop || !has_step(g->s, g->x, to);
        if (path_ok(g, len + 1, cut)) {
            int wilds = len + 1 > g->c ? len + 1 - g->c : 0;
            assert(g->n < OSTRICH_MAX_MOVES);
            g->out[g->n++] =
                g->base | (sa_move)wilds << 8 | (sa_move)(len + 1) << 12 | nsteps;
        }
        if (!stop && len + 1 < g->c + g->r)
            path_walk(g, to, len + 1, nsteps);
    }
}

static int gen_paths(const ostrich_state *s, int x, int c, int r, int may_remain,
                     sa_move *out, int n)
{
    path_gen g = {s, x, c, r, may_remain, (sa_move)MV_PATH | (sa_move)x << 4, out, n};
    path_walk(&g, s->ost_space[x], 0, 0);
    return g.n;
}

/* ------------------------------------------------------------------ dice */

/* c(face) in a normal or exhausted action: the black die counts in an
 * exhausted turn (4.3). */
static int action_count(const ostrich_state *s, int face)
{
    return s->dice_white[face] + (s->mode == MODE_EXHAUSTED && s->dice_black == face);
}

static int can_take_wilds(const ostrich_state *s, int y)
{
    if (!running(s, y) || (s->moved >> y & 1))
        return 0;
    if (s->mode == MODE_BONUS && s->left[y] == 0)
        return 0;
    return has_step(s, y, s->ost_space[y]);
}

static int can_submove(const ostrich_state *s, int x)
{
    if (!running(s, x) || (s->moved >> x & 1))
        return 0;
    int c = s->left[x], r = s->left[FACE_W];
    if (c == 0 && (s->mode == MODE_BONUS || r == 0))
        return 0;
    return has_step(s, x, s->ost_space[x]);
}

static int any_submove(const ostrich_state *s)
{
    for (int x = 0; x < 5; x++)
        if (can_submove(s, x))
            return 1;
    return 0;
}

/* ------------------------------------------------------------------ lion */

static int lion_passable(const ostrich_state *s, int sp)
{
    int t = terrain(s, sp);
    return t != T_QUICKSAND && t != T_BRIDGE && t != T_RAVINE && t != T_FINISH &&
           t != T_NEST;
}

int ostrich_lion_can_stand(const ostrich_state *s, int sp)
{
    int t = terrain(s, sp);
    return lion_passable(s, sp) && t != T_LAVA && t != T_VORTEX &&
           occupant(s, sp, -1) < 0;
}

/* The up to 8 king neighbours of sp on the track; returns their count. */
static int neighbours(const ostrich_state *s, int sp, int out[8])
{
    int n = 0, row = sp_row(sp), lane = sp_lane(sp);
    for (int dr = -1; dr <= 1; dr++)
        for (int dl = -1; dl <= 1; dl++) {
            int r = row + dr, l = lane + dl;
            if ((dr || dl) && r >= 0 && r < s->track.n_rows && l >= 0 && l <= 2)
                out[n++] = r * 3 + l;
        }
    return n;
}

/* Lion-step distances from src (255: unreachable); ostriches no obstacle. */
static void lion_distances(const ostrich_state *s, int src,
                           uint8_t dist[OSTRICH_MAX_SPACES])
{
    int queue[OSTRICH_MAX_SPACES], head = 0, tail = 0;
    memset(dist, 255, OSTRICH_MAX_SPACES);
    dist[src] = 0;
    queue[tail++] = src;
    while (head < tail) {
        int sp = queue[head++], nb[8];
        int n = neighbours(s, sp, nb);
        for (int i = 0; i < n; i++) {
            if (dist[nb[i]] != 255 || !lion_passable(s, nb[i]))
                continue;
            dist[nb[i]] = (uint8_t)(dist[sp] + 1);
            queue[tail++] = nb[i];
        }
    }
}

int ostrich_lion_reachable(const ostrich_state *s)
{
    uint8_t dist[OSTRICH_MAX_SPACES];
    int mask = 0;
    if (s->lion_space == OSTRICH_NO_SPACE)
        return 0;
    lion_distances(s, s->lion_space, dist);
    for (int x = 0; x < 5; x++)
        if (on_track(s, x) && dist[s->ost_space[x]] != 255)
            mask |= 1 << x;
    return mask;
}

typedef struct lion_gen {
    const ostrich_state *s;
    uint8_t dist[OSTRICH_MAX_SPACES]; /* to the target */
    sa_move *out;
    int n;
} lion_gen;

static void lion_walk(lion_gen *g, int sp, int len, sa_move path)
{
    int nb[8], n = neighbours(g->s, sp, nb);
    for (int i = 0; i < n; i++) {
        int to = nb[i];
        if (g->dist[to] == 255 || g->dist[to] + 1 != g->dist[sp])
            continue;
        sa_move p = path | (sa_move)to << (16 + 9 * len);
        int ends =
            len + 1 == 3 || occupant(g->s, to, -1) >= 0 || terrain(g->s, to) == T_VORTEX;
        if (ends) {
            assert(g->n < OSTRICH_MAX_MOVES);
            g->out[g->n++] = (sa_move)MV_LION_PATH | (sa_move)(len + 1) << 12 | p;
        } else {
            lion_walk(g, to, len + 1, p);
        }
    }
}

static int gen_lion_paths(const ostrich_state *s, sa_move *out)
{
    lion_gen g;
    g.s = s;
    g.out = out;
    g.n = 0;
    lion_distances(s, s->ost_space[s->pend_target], g.dist);
    lion_walk(&g, s->lion_space, 0, 0);
    return g.n;
}

/* ----------------------------------------------------------- legal moves */

static int gen_reroll_choices(const ostrich_state *s, sa_move *out)
{
    int n = 0, c[N_FACES];
    const uint8_t *w = s->dice_white;
    for (c[0] = 0; c[0] <= w[0]; c[0]++)
        for (c[1] = 0; c[1] <= w[1]; c[1]++)
            for (c[2] = 0; c[2] <= w[2]; c[2]++)
                for (c[3] = 0; c[3] <= w[3]; c[3]++)
                    for (c[4] = 0; c[4] <= w[4]; c[4]++)
                        for (c[5] = 0; c[5] <= w[5]; c[5]++) {
                            sa_move m = MV_REROLL;
                            for (int f = 0; f < N_FACES; f++)
                                m |= (sa_move)c[f] << (16 + 3 * f);
                            out[n++] = m;
                            out[n++] = m | (sa_move)1 << 37;
                        }
    return n;
}

static int gen_action(const ostrich_state *s, sa_move *out)
{
    int n = 0, r = action_count(s, FACE_W);
    for (int x = 0; x < 5; x++) {
        int c = action_count(s, x);
        if (c >= 1 && running(s, x))
            n = gen_paths(s, x, c, r, 1, out, n);
    }
    if (s->mode == MODE_NORMAL && !lion_in_play(s)) {
        int b = s->dice_black;
        for (int x = 0; x < 5; x++)
            if (on_track(s, x) && (b == x || b == FACE_W))
                out[n++] = (sa_move)MV_FLIP | (sa_move)x << 4;
    }
    if (n == 0)
        out[n++] = MV_PASS;
    return n;
}

static int gen_submoves(const ostrich_state *s, sa_move *out)
{
    int n = 0;
    for (int x = 0; x < 5; x++) {
        if (!can_submove(s, x))
            continue;
        int others = 0;
        for (int y = 0; y < 5; y++)
            if (y != x && can_take_wilds(s, y))
                others = 1;
        n = gen_paths(s, x, s->left[x], s->left[FACE_W], others, out, n);
    }
    return n;
}

static int gen_spaces(const ostrich_state *s, int kind, sa_move *out)
{
    int n = 0;
    for (int sp = 0; sp < s->track.n_rows * 3; sp++) {
        int ok = kind == MV_NEST ? terrain(s, sp) == T_NEST && occupant(s, sp, -1) < 0
                                 : ostrich_lion_can_stand(s, sp);
        if (ok)
            out[n++] = (sa_move)kind | (sa_move)sp << 16;
    }
    return n;
}

static int gen_lion_place(const ostrich_state *s, sa_move *out)
{
    int nb[8], k = neighbours(s, s->ost_space[s->pend_ostrich], nb), n = 0;
    for (int i = 0; i < k; i++)
        if (ostrich_lion_can_stand(s, nb[i]))
            out[n++] = (sa_move)MV_LION_PLACE | (sa_move)nb[i] << 16;
    return n;
}

int ostrich_legal_moves(const void *state, sa_move *out)
{
    const ostrich_state *s = state;
    int n = 0;
    switch (s->phase) {
    case PH_REROLL_CHOICE: return gen_reroll_choices(s, out);
    case PH_ACTION: return gen_action(s, out);
    case PH_MOVES: return gen_submoves(s, out);
    case PH_ADVANCE: return gen_paths(s, s->pend_ostrich, s->pend_steps, 0, 1, out, 0);
    case PH_NEST: return gen_spaces(s, MV_NEST, out);
    case PH_VORTEX: return gen_spaces(s, MV_VORTEX, out);
    case PH_LION_PLACE: return gen_lion_place(s, out);
    case PH_LION_MOVE: return gen_lion_paths(s, out);
    case PH_FLIP:
        for (int x = 0; x < 5; x++)
            if (on_track(s, x))
                out[n++] = (sa_move)MV_FLIP | (sa_move)x << 4;
        return n;
    case PH_LION_TARGET: {
        int reach = ostrich_lion_reachable(s);
        for (int x = 0; x < 5; x++)
            if (reach >> x & 1)
                out[n++] = (sa_move)MV_TARGET | (sa_move)x << 4;
        return n;
    }
    default: return 0;
    }
}

/* -------------------------------------------------------- chance outcomes */

/* Every multiset of k dice faces (k = 0..5), as six 3-bit counts (A..E, W),
 * with its multinomial weight k!/(m1!...m6!); multisets of k dice are entries
 * dice_sets_start[k] .. dice_sets_start[k+1]-1. Generated once by a script. */
typedef struct dice_set {
    uint32_t counts;
    uint32_t weight;
} dice_set;

static const int dice_sets_start[7] = {0, 1, 7, 28, 84, 210, 462};
static const dice_set dice_sets[462] = {
    {0x00000, 1},   {0x08000, 1},   {0x01000, 1},   {0x00200, 1},  {0x00040, 1},
    {0x00008, 1},   {0x00001, 1},   {0x10000, 1},   {0x09000, 2},  {0x02000, 1},
    {0x08200, 2},   {0x01200, 2},   {0x00400, 1},   {0x08040, 2},  {0x01040, 2},
    {0x00240, 2},   {0x00080, 1},   {0x08008, 2},   {0x01008, 2},  {0x00208, 2},
    {0x00048, 2},   {0x00010, 1},   {0x08001, 2},   {0x01001, 2},  {0x00201, 2},
    {0x00041, 2},   {0x00009, 2},   {0x00002, 1},   {0x18000, 1},  {0x11000, 3},
    {0x0a000, 3},   {0x03000, 1},   {0x10200, 3},   {0x09200, 6},  {0x02200, 3},
    {0x08400, 3},   {0x01400, 3},   {0x00600, 1},   {0x10040, 3},  {0x09040, 6},
    {0x02040, 3},   {0x08240, 6},   {0x01240, 6},   {0x00440, 3},  {0x08080, 3},
    {0x01080, 3},   {0x00280, 3},   {0x000c0, 1},   {0x10008, 3},  {0x09008, 6},
    {0x02008, 3},   {0x08208, 6},   {0x01208, 6},   {0x00408, 3},  {0x08048, 6},
    {0x01048, 6},   {0x00248, 6},   {0x00088, 3},   {0x08010, 3},  {0x01010, 3},
    {0x00210, 3},   {0x00050, 3},   {0x00018, 1},   {0x10001, 3},  {0x09001, 6},
    {0x02001, 3},   {0x08201, 6},   {0x01201, 6},   {0x00401, 3},  {0x08041, 6},
    {0x01041, 6},   {0x00241, 6},   {0x00081, 3},   {0x08009, 6},  {0x01009, 6},
    {0x00209, 6},   {0x00049, 6},   {0x00011, 3},   {0x08002, 3},  {0x01002, 3},
    {0x00202, 3},   {0x00042, 3},   {0x0000a, 3},   {0x00003, 1},  {0x20000, 1},
    {0x19000, 4},   {0x12000, 6},   {0x0b000, 4},   {0x04000, 1},  {0x18200, 4},
    {0x11200, 12},  {0x0a200, 12},  {0x03200, 4},   {0x10400, 6},  {0x09400, 12},
    {0x02400, 6},   {0x08600, 4},   {0x01600, 4},   {0x00800, 1},  {0x18040, 4},
    {0x11040, 12},  {0x0a040, 12},  {0x03040, 4},   {0x10240, 12}, {0x09240, 24},
    {0x02240, 12},  {0x08440, 12},  {0x01440, 12},  {0x00640, 4},  {0x10080, 6},
    {0x09080, 12},  {0x02080, 6},   {0x08280, 12},  {0x01280, 12}, {0x00480, 6},
    {0x080c0, 4},   {0x010c0, 4},   {0x002c0, 4},   {0x00100, 1},  {0x18008, 4},
    {0x11008, 12},  {0x0a008, 12},  {0x03008, 4},   {0x10208, 12}, {0x09208, 24},
    {0x02208, 12},  {0x08408, 12},  {0x01408, 12},  {0x00608, 4},  {0x10048, 12},
    {0x09048, 24},  {0x02048, 12},  {0x08248, 24},  {0x01248, 24}, {0x00448, 12},
    {0x08088, 12},  {0x01088, 12},  {0x00288, 12},  {0x000c8, 4},  {0x10010, 6},
    {0x09010, 12},  {0x02010, 6},   {0x08210, 12},  {0x01210, 12}, {0x00410, 6},
    {0x08050, 12},  {0x01050, 12},  {0x00250, 12},  {0x00090, 6},  {0x08018, 4},
    {0x01018, 4},   {0x00218, 4},   {0x00058, 4},   {0x00020, 1},  {0x18001, 4},
    {0x11001, 12},  {0x0a001, 12},  {0x03001, 4},   {0x10201, 12}, {0x09201, 24},
    {0x02201, 12},  {0x08401, 12},  {0x01401, 12},  {0x00601, 4},  {0x10041, 12},
    {0x09041, 24},  {0x02041, 12},  {0x08241, 24},  {0x01241, 24}, {0x00441, 12},
    {0x08081, 12},  {0x01081, 12},  {0x00281, 12},  {0x000c1, 4},  {0x10009, 12},
    {0x09009, 24},  {0x02009, 12},  {0x08209, 24},  {0x01209, 24}, {0x00409, 12},
    {0x08049, 24},  {0x01049, 24},  {0x00249, 24},  {0x00089, 12}, {0x08011, 12},
    {0x01011, 12},  {0x00211, 12},  {0x00051, 12},  {0x00019, 4},  {0x10002, 6},
    {0x09002, 12},  {0x02002, 6},   {0x08202, 12},  {0x01202, 12}, {0x00402, 6},
    {0x08042, 12},  {0x01042, 12},  {0x00242, 12},  {0x00082, 6},  {0x0800a, 12},
    {0x0100a, 12},  {0x0020a, 12},  {0x0004a, 12},  {0x00012, 6},  {0x08003, 4},
    {0x01003, 4},   {0x00203, 4},   {0x00043, 4},   {0x0000b, 4},  {0x00004, 1},
    {0x28000, 1},   {0x21000, 5},   {0x1a000, 10},  {0x13000, 10}, {0x0c000, 5},
    {0x05000, 1},   {0x20200, 5},   {0x19200, 20},  {0x12200, 30}, {0x0b200, 20},
    {0x04200, 5},   {0x18400, 10},  {0x11400, 30},  {0x0a400, 30}, {0x03400, 10},
    {0x10600, 10},  {0x09600, 20},  {0x02600, 10},  {0x08800, 5},  {0x01800, 5},
    {0x00a00, 1},   {0x20040, 5},   {0x19040, 20},  {0x12040, 30}, {0x0b040, 20},
    {0x04040, 5},   {0x18240, 20},  {0x11240, 60},  {0x0a240, 60}, {0x03240, 20},
    {0x10440, 30},  {0x09440, 60},  {0x02440, 30},  {0x08640, 20}, {0x01640, 20},
    {0x00840, 5},   {0x18080, 10},  {0x11080, 30},  {0x0a080, 30}, {0x03080, 10},
    {0x10280, 30},  {0x09280, 60},  {0x02280, 30},  {0x08480, 30}, {0x01480, 30},
    {0x00680, 10},  {0x100c0, 10},  {0x090c0, 20},  {0x020c0, 10}, {0x082c0, 20},
    {0x012c0, 20},  {0x004c0, 10},  {0x08100, 5},   {0x01100, 5},  {0x00300, 5},
    {0x00140, 1},   {0x20008, 5},   {0x19008, 20},  {0x12008, 30}, {0x0b008, 20},
    {0x04008, 5},   {0x18208, 20},  {0x11208, 60},  {0x0a208, 60}, {0x03208, 20},
    {0x10408, 30},  {0x09408, 60},  {0x02408, 30},  {0x08608, 20}, {0x01608, 20},
    {0x00808, 5},   {0x18048, 20},  {0x11048, 60},  {0x0a048, 60}, {0x03048, 20},
    {0x10248, 60},  {0x09248, 120}, {0x02248, 60},  {0x08448, 60}, {0x01448, 60},
    {0x00648, 20},  {0x10088, 30},  {0x09088, 60},  {0x02088, 30}, {0x08288, 60},
    {0x01288, 60},  {0x00488, 30},  {0x080c8, 20},  {0x010c8, 20}, {0x002c8, 20},
    {0x00108, 5},   {0x18010, 10},  {0x11010, 30},  {0x0a010, 30}, {0x03010, 10},
    {0x10210, 30},  {0x09210, 60},  {0x02210, 30},  {0x08410, 30}, {0x01410, 30},
    {0x00610, 10},  {0x10050, 30},  {0x09050, 60},  {0x02050, 30}, {0x08250, 60},
    {0x01250, 60},  {0x00450, 30},  {0x08090, 30},  {0x01090, 30}, {0x00290, 30},
    {0x000d0, 10},  {0x10018, 10},  {0x09018, 20},  {0x02018, 10}, {0x08218, 20},
    {0x01218, 20},  {0x00418, 10},  {0x08058, 20},  {0x01058, 20}, {0x00258, 20},
    {0x00098, 10},  {0x08020, 5},   {0x01020, 5},   {0x00220, 5},  {0x00060, 5},
    {0x00028, 1},   {0x20001, 5},   {0x19001, 20},  {0x12001, 30}, {0x0b001, 20},
    {0x04001, 5},   {0x18201, 20},  {0x11201, 60},  {0x0a201, 60}, {0x03201, 20},
    {0x10401, 30},  {0x09401, 60},  {0x02401, 30},  {0x08601, 20}, {0x01601, 20},
    {0x00801, 5},   {0x18041, 20},  {0x11041, 60},  {0x0a041, 60}, {0x03041, 20},
    {0x10241, 60},  {0x09241, 120}, {0x02241, 60},  {0x08441, 60}, {0x01441, 60},
    {0x00641, 20},  {0x10081, 30},  {0x09081, 60},  {0x02081, 30}, {0x08281, 60},
    {0x01281, 60},  {0x00481, 30},  {0x080c1, 20},  {0x010c1, 20}, {0x002c1, 20},
    {0x00101, 5},   {0x18009, 20},  {0x11009, 60},  {0x0a009, 60}, {0x03009, 20},
    {0x10209, 60},  {0x09209, 120}, {0x02209, 60},  {0x08409, 60}, {0x01409, 60},
    {0x00609, 20},  {0x10049, 60},  {0x09049, 120}, {0x02049, 60}, {0x08249, 120},
    {0x01249, 120}, {0x00449, 60},  {0x08089, 60},  {0x01089, 60}, {0x00289, 60},
    {0x000c9, 20},  {0x10011, 30},  {0x09011, 60},  {0x02011, 30}, {0x08211, 60},
    {0x01211, 60},  {0x00411, 30},  {0x08051, 60},  {0x01051, 60}, {0x00251, 60},
    {0x00091, 30},  {0x08019, 20},  {0x01019, 20},  {0x00219, 20}, {0x00059, 20},
    {0x00021, 5},   {0x18002, 10},  {0x11002, 30},  {0x0a002, 30}, {0x03002, 10},
    {0x10202, 30},  {0x09202, 60},  {0x02202, 30},  {0x08402, 30}, {0x01402, 30},
    {0x00602, 10},  {0x10042, 30},  {0x09042, 60},  {0x02042, 30}, {0x08242, 60},
    {0x01242, 60},  {0x00442, 30},  {0x08082, 30},  {0x01082, 30}, {0x00282, 30},
    {0x000c2, 10},  {0x1000a, 30},  {0x0900a, 60},  {0x0200a, 30}, {0x0820a, 60},
    {0x0120a, 60},  {0x0040a, 30},  {0x0804a, 60},  {0x0104a, 60}, {0x0024a, 60},
    {0x0008a, 30},  {0x08012, 30},  {0x01012, 30},  {0x00212, 30}, {0x00052, 30},
    {0x0001a, 10},  {0x10003, 10},  {0x09003, 20},  {0x02003, 10}, {0x08203, 20},
    {0x01203, 20},  {0x00403, 10},  {0x08043, 20},  {0x01043, 20}, {0x00243, 20},
    {0x00083, 10},  {0x0800b, 20},  {0x0100b, 20},  {0x0020b, 20}, {0x0004b, 20},
    {0x00013, 10},  {0x08004, 5},   {0x01004, 5},   {0x00204, 5},  {0x00044, 5},
    {0x0000c, 5},   {0x00005, 1},
};

/* The roll (k = 5, black rolled) or the re-roll (the kept dice plus every
 * multiset of the k re-rolled ones; the black face kept or rolled). */
static int gen_dice(const ostrich_state *s, sa_move *out, uint64_t *weights)
{
    uint32_t kept = 0;
    int k = 5, black = -1, n = 0;
    if (s->phase == PH_REROLL) {
        k = 0;
        for (int f = 0; f < N_FACES; f++) {
            kept |= (uint32_t)(s->dice_white[f] - s->reroll_white[f]) << (3 * f);
            k += s->reroll_white[f];
        }
        black = s->reroll_black ? -1 : s->dice_black;
    }
    for (int i = dice_sets_start[k]; i < dice_sets_start[k + 1]; i++) {
        sa_move m = MV_DICE | (sa_move)(dice_sets[i].counts + kept) << 16;
        for (int b = black < 0 ? 0 : black; b < (black < 0 ? N_FACES : black + 1); b++) {
            out[n] = m | (sa_move)b << 34;
            weights[n++] = dice_sets[i].weight;
        }
    }
    return n;
}

int ostrich_chance_outcomes(const void *state, sa_move *out, uint64_t *weights)
{
    const ostrich_state *s = state;
    int n = 0;
    switch (s->phase) {
    case PH_DEAL: {
        int dealt = 0;
        for (int p = 0; p < s->players; p++)
            if (s->pred[p] >= 0)
                dealt |= 1 << s->pred[p];
        for (int t = 0; t < OSTRICH_N_TILES; t++)
            if (!(dealt >> t & 1)) {
                out[n] = (sa_move)MV_DEAL | (sa_move)t << 4;
                weights[n++] = 1;
            }
        return n;
    }
    case PH_ROLL:
    case PH_REROLL: return gen_dice(s, out, weights);
    case PH_BERRY:
        for (int k = 0; k < s->n_kinds; k++)
            if (s->pool[k] > 0) {
                out[n] = (sa_move)MV_BERRY | (sa_move)k << 4;
                weights[n++] = s->pool[k];
            }
        return n;
    case PH_LION_BLACK: {
        int reach = ostrich_lion_reachable(s);
        for (int f = 0; f < N_FACES; f++)
            if (f == FACE_W || (reach >> f & 1)) {
                out[n] = (sa_move)MV_BLACK | (sa_move)f << 4;
                weights[n++] = 1;
            }
        return n;
    }
    default: return 0;
    }
}

int ostrich_to_move(const void *state)
{
    const ostrich_state *s = state;
    switch (s->phase) {
    case PH_DEAL:
    case PH_ROLL:
    case PH_REROLL:
    case PH_BERRY:
    case PH_LION_BLACK: return SA_CHANCE;
    case PH_OVER: return SA_TERMINAL;
    default: return s->current;
    }
}

/* ------------------------------------------------------------ flow (4.9) */

static void clear_pending(ostrich_state *s)
{
    s->pend_ostrich = s->pend_steps = s->pend_target = 0xFF;
}

/* Forgets the roll: no dice, no re-roll, nothing left to use, nothing moved
 * (the end of a roll and the end of the game). */
static void clear_dice(ostrich_state *s)
{
    s->has_dice = s->has_reroll = s->has_left = 0;
    memset(s->dice_white, 0, sizeof s->dice_white);
    memset(s->reroll_white, 0, sizeof s->reroll_white);
    memset(s->left, 0, sizeof s->left);
    s->dice_black = s->reroll_black = 0;
    s->moved = 0;
}

static void game_over(ostrich_state *s)
{
    s->phase = PH_OVER;
    clear_dice(s);
    s->bonus = s->extra = 0;
    clear_pending(s);
}

static int turn_mode(const ostrich_state *s)
{
    if (s->lion_state == LION_ACTIVE)
        return MODE_LION;
    return s->lion_state == LION_EXHAUSTED ? MODE_EXHAUSTED : MODE_NORMAL;
}

/* The end of a roll: steps 3-5 of 4.9. */
static void end_roll(ostrich_state *s)
{
    if (s->mode == MODE_LION && s->lion_state == LION_ACTIVE) {
        if (++s->lion_turns >= s->players) {
            s->lion_state = LION_EXHAUSTED;
            s->lion_turns = 0;
            if (terrain(s, s->lion_space) == T_CROCODILE) {
                s->lion_state = LION_GONE;
                s->lion_space = OSTRICH_NO_SPACE;
            }
        }
    } else if (s->mode == MODE_EXHAUSTED && s->lion_state == LION_EXHAUSTED) {
        s->lion_state = LION_ACTIVE;
        s->lion_turns = 0;
    }
    clear_dice(s);
    clear_pending(s);
    s->phase = PH_ROLL;
    if (s->bonus > 0) {
        s->bonus--;
        s->mode = MODE_BONUS;
        return;
    }
    if (s->extra > 0)
        s->extra--;
    else
        s->current = (uint8_t)((s->current + 1) % s->players);
    s->mode = (uint8_t)turn_mode(s);
}

static void lion_gone(ostrich_state *s)
{
    s->lion_state = LION_GONE;
    s->lion_space = OSTRICH_NO_SPACE;
    s->lion_turns = 0;
}

static void set_target(ostrich_state *s, int x)
{
    s->pend_target = (uint8_t)x;
    s->phase = PH_LION_MOVE;
}

/* Step 2 of a lion turn: the hunt (4.8). */
static void start_hunt(ostrich_state *s)
{
    int reach = ostrich_lion_reachable(s), b = s->dice_black;
    if (reach == 0)
        end_roll(s);
    else if (b == FACE_W)
        s->phase = PH_LION_TARGET;
    else if (reach >> b & 1)
        set_target(s, b);
    else
        s->phase = PH_LION_BLACK;
}

/* The all-dice movement is over: the hunt or the bonus roll's black die. */
static void end_movement(ostrich_state *s)
{
    s->has_left = 0;
    memset(s->left, 0, sizeof s->left);
    s->moved = 0;
    if (s->mode == MODE_LION) {
        if (s->lion_state == LION_ACTIVE)
            start_hunt(s);
        else
            end_roll(s);
        return;
    }
    assert(s->mode == MODE_BONUS);
    int b = s->dice_black;
    if (lion_in_play(s)) {
        end_roll(s);
    } else if (b == FACE_W) {
        s->phase = PH_FLIP;
    } else {
        if (on_track(s, b))
            set_bewitched(s, s->bewitched ^ 1 << b);
        end_roll(s);
    }
}

/* A berry, advance, nest or placement is resolved: play goes on. */
static void continue_play(ostrich_state *s)
{
    clear_pending(s);
    if (s->has_left) {
        if (any_submove(s))
            s->phase = PH_MOVES;
        else
            end_movement(s);
        return;
    }
    end_roll(s); /* after an action, or after the hunt's catch */
}

static void send_to_nest(ostrich_state *s, int x)
{
    set_ostrich_space(s, x, OSTRICH_NO_SPACE);
    s->ost_where[x] = AT_OFF;
    clear_pending(s);
    s->pend_ostrich = (uint8_t)x;
    s->phase = PH_NEST;
}

/* Ostrich x has ended a path on `to` (it already stands there). */
static void after_path(ostrich_state *s, int x, int to)
{
    if (terrain(s, to) == T_FINISH) {
        set_ostrich_space(s, x, OSTRICH_NO_SPACE);
        s->ost_where[x] = AT_FINISHED;
        s->finished[s->n_finished++] = (uint8_t)x;
        if (s->bewitched >> x & 1)
            set_bewitched(s, s->bewitched & ~(1 << x));
        if (s->n_finished == 3)
            game_over(s);
        else
            continue_play(s);
    } else if (lion_in_play(s) && to == s->lion_space) {
        lion_gone(s);
        send_to_nest(s, x);
    } else if (has_berry(s, to)) {
        clear_pending(s);
        s->pend_ostrich = (uint8_t)x;
        s->phase = PH_BERRY;
    } else {
        continue_play(s);
    }
}

/* The space a path move ends on, from x's current space. */
static int path_end(const ostrich_state *s, int x, sa_move m)
{
    int sp = s->ost_space[x];
    for (int i = 0; i < mv_len(m); i++) {
        int st = mv_step(m, i), dl = (st & 3) - 1, rows = st & 4 ? 2 : 1;
        sp = (sp_row(sp) + rows) * 3 + sp_lane(sp) + dl * rows;
    }
    return sp;
}

static void apply_path(ostrich_state *s, sa_move m)
{
    int x = mv_a(m), to = path_end(s, x, m);
    if (s->phase == PH_MOVES) {
        s->left[x] = 0;
        s->left[FACE_W] = (uint8_t)(s->left[FACE_W] - mv_wilds(m));
        s->moved |= (uint8_t)(1 << x);
    }
    set_ostrich_space(s, x, to);
    after_path(s, x, to);
}

/* The berry under the pending ostrich turned out to be `kind` (4.6). */
static void apply_berry(ostrich_state *s, int kind)
{
    int x = s->pend_ostrich;
    take_berry(s, s->ost_space[x], kind);
    int eff = s->kind_effect[kind];
    if (kind == KIND_PEEPA && s->lion_state == LION_HIDDEN) {
        sa_move tmp[8];
        if (gen_lion_place(s, tmp) > 0) {
            s->phase = PH_LION_PLACE;
            return;
        }
        lion_gone(s);
    } else if (eff == EFF_BEWITCH && !lion_in_play(s)) {
        set_bewitched(s, s->bewitched | 1 << x);
    } else if (eff == EFF_ALL_DICE) {
        if (s->bonus < OSTRICH_MAX_OWED)
            s->bonus++;
    } else if (eff == EFF_EXTRA_TURN) {
        if (s->extra < OSTRICH_MAX_OWED)
            s->extra++;
    } else if (eff >= EFF_ADVANCE1 && eff <= EFF_ADVANCE5) {
        if (has_step(s, x, s->ost_space[x])) {
            s->pend_steps = (uint8_t)(eff - EFF_ADVANCE1 + 1);
            s->phase = PH_ADVANCE;
            return;
        }
    } else if (eff == EFF_TO_NEST) {
        send_to_nest(s, x);
        return;
    }
    continue_play(s);
}

static void apply_lion_path(ostrich_state *s, sa_move m)
{
    int to = mv_space(m, mv_len(m) - 1);
    s->lion_space = (uint16_t)to;
    int caught = occupant(s, to, -1);
    if (caught >= 0) {
        lion_gone(s);
        send_to_nest(s, caught);
    } else if (terrain(s, to) == T_VORTEX) {
        clear_pending(s);
        s->phase = PH_VORTEX;
    } else {
        if (terrain(s, to) == T_LAVA)
            lion_gone(s);
        end_roll(s);
    }
}

static void apply_dice(ostrich_state *s, sa_move m)
{
    for (int f = 0; f < N_FACES; f++)
        s->dice_white[f] = (uint8_t)mv_count(m, f);
    s->dice_black = (uint8_t)mv_black(m);
    s->has_dice = 1;
    s->has_reroll = 0;
    memset(s->reroll_white, 0, sizeof s->reroll_white);
    s->reroll_black = 0;
    if (s->phase == PH_REROLL) {
        s->phase = PH_ACTION;
    } else if (s->mode == MODE_NORMAL || s->mode == MODE_EXHAUSTED) {
        s->phase = PH_REROLL_CHOICE;
    } else {
        memcpy(s->left, s->dice_white, sizeof s->left);
        s->has_left = 1;
        s->moved = 0;
        if (any_submove(s))
            s->phase = PH_MOVES;
        else
            end_movement(s);
    }
}

static void apply_reroll_choice(ostrich_state *s, sa_move m)
{
    int any = mv_black_flag(m);
    for (int f = 0; f < N_FACES; f++) {
        s->reroll_white[f] = (uint8_t)mv_count(m, f);
        any |= s->reroll_white[f];
    }
    s->reroll_black = (uint8_t)mv_black_flag(m);
    s->has_reroll = any != 0;
    s->phase = any ? PH_REROLL : PH_ACTION;
}

static void apply_deal(ostrich_state *s, int tile)
{
    int p = 0;
    while (s->pred[p] >= 0)
        p++;
    s->pred[p] = (int8_t)tile;
    if (p + 1 == s->players) {
        s->phase = PH_ROLL;
        s->mode = (uint8_t)turn_mode(s);
    }
}

/* Which phase each kind of move or outcome belongs to (for asserts). */
static inline int move_fits_phase(const ostrich_state *s, sa_move m)
{
    switch (mv_kind(m)) {
    case MV_DEAL: return s->phase == PH_DEAL;
    case MV_DICE: return s->phase == PH_ROLL || s->phase == PH_REROLL;
    case MV_REROLL: return s->phase == PH_REROLL_CHOICE;
    case MV_PATH:
        return s->phase == PH_ACTION || s->phase == PH_MOVES || s->phase == PH_ADVANCE;
    case MV_FLIP: return s->phase == PH_ACTION || s->phase == PH_FLIP;
    case MV_PASS: return s->phase == PH_ACTION;
    case MV_BERRY: return s->phase == PH_BERRY;
    case MV_NEST: return s->phase == PH_NEST;
    case MV_LION_PLACE: return s->phase == PH_LION_PLACE;
    case MV_BLACK: return s->phase == PH_LION_BLACK;
    case MV_TARGET: return s->phase == PH_LION_TARGET;
    case MV_LION_PATH: return s->phase == PH_LION_MOVE;
    case MV_VORTEX: return s->phase == PH_VORTEX;
    default: return 0;
    }
}

/* Precondition: m is a legal move or outcome of s. */
static void apply_move(ostrich_state *s, sa_move m)
{
    assert(move_fits_phase(s, m));
    switch (mv_kind(m)) {
    case MV_DEAL: apply_deal(s, mv_a(m)); break;
    case MV_DICE: apply_dice(s, m); break;
    case MV_REROLL: apply_reroll_choice(s, m); break;
    case MV_PATH: apply_path(s, m); break;
    case MV_FLIP:
        set_bewitched(s, s->bewitched ^ 1 << mv_a(m));
        end_roll(s);
        break;
    case MV_PASS: end_roll(s); break;
    case MV_BERRY: apply_berry(s, mv_a(m)); break;
    case MV_NEST:
        s->ost_where[s->pend_ostrich] = AT_TRACK;
        set_ostrich_space(s, s->pend_ostrich, mv_space(m, 0));
        continue_play(s);
        break;
    case MV_LION_PLACE:
        s->lion_state = LION_ACTIVE;
        s->lion_space = (uint16_t)mv_space(m, 0);
        s->lion_turns = 0;
        set_bewitched(s, 0);
        continue_play(s);
        break;
    case MV_BLACK: {
        s->dice_black = (uint8_t)mv_a(m);
        if (mv_a(m) == FACE_W)
            s->phase = PH_LION_TARGET;
        else
            set_target(s, mv_a(m));
        break;
    }
    case MV_TARGET: set_target(s, mv_a(m)); break;
    case MV_LION_PATH: apply_lion_path(s, m); break;
    case MV_VORTEX:
        s->lion_space = (uint16_t)mv_space(m, 0);
        end_roll(s);
        break;
    default: assert(0);
    }
}

void ostrich_apply(void *state, sa_move m)
{
    ostrich_state *s = state;
    s->hash ^= header_key(s);
    apply_move(s, m);
    s->hash ^= header_key(s);
}

/* ------------------------------------------------------- result (4.10) */

static int is_last(const ostrich_state *s, int x)
{
    if (!on_track(s, x))
        return 0;
    for (int y = 0; y < 5; y++) {
        if (y == x || !on_track(s, y))
            continue;
        int rx = sp_row(s->ost_space[x]), ry = sp_row(s->ost_space[y]);
        if (ry < rx || (ry == rx && !s->last_tie_both))
            return 0;
    }
    return 1;
}

void ostrich_result(const void *state, int32_t *out)
{
    const ostrich_state *s = state;
    for (int p = 0; p < s->players; p++) {
        const char *tile = ostrich_tiles[s->pred[p]];
        int score = 0;
        for (int i = 0; i < 3; i++) {
            int x = tile[i] - 'A';
            if (s->finished[i] == x)
                score += 5 - i;
            else if (s->ost_where[x] == AT_FINISHED)
                score += 2;
        }
        out[p] = is_last(s, tile[3] - 'A') ? 2 * score : score;
    }
}

/* ---------------------------------------------------------------- set-up */

void ostrich_default_track(ostrich_track *t)
{
    static const char *const names[6] = {"start",  "crocodiles", "lava",
                                         "ravine", "vortex",     "finish"};
    static const char *const rows[18] = {"nnn", "n.n", "...", ".#.", "kkk", "...",
                                         "..#", "lll", "...", "...", "=x=", "...",
                                         "q..", ".@.", "..q", "...", ".#.", "fff"};
    memset(t, 0, sizeof *t);
    t->n_rows = 18;
    t->n_tiles = 6;
    t->is_default = 1;
    for (int i = 0; i < 6; i++) {
        t->tile_rows[i] = 3;
        t->tile_curve[i] = i == 4;
        strcpy(t->tile_name[i], names[i]);
    }
    for (int r = 0; r < 18; r++) {
        t->row_curve[r] = r >= 12 && r <= 14;
        for (int l = 0; l < 3; l++)
            t->terrain[r * 3 + l] = (uint8_t)(strchr(ostrich_terrain_chars, rows[r][l]) -
                                              ostrich_terrain_chars);
    }
}

/* Known berry kinds, empty board; the rules are zero until read_rules
 * (ostrich_io.c) sets them from the table of options. */
void ostrich_set_defaults(ostrich_state *s)
{
    memset(s, 0, sizeof *s);
    s->n_kinds = 3;
    strcpy(s->kind_name[KIND_PEEPA], "peepa");
    strcpy(s->kind_name[KIND_DOFNOOXOOR], "dofnooxoor");
    strcpy(s->kind_name[KIND_TER], "ter");
    s->kind_effect[KIND_PEEPA] = EFF_NONE;
    s->kind_effect[KIND_DOFNOOXOOR] = EFF_ALL_DICE;
    s->kind_effect[KIND_TER] = EFF_BEWITCH;
    ostrich_default_track(&s->track);
    for (int x = 0; x < 5; x++) {
        s->ost_space[x] = OSTRICH_NO_SPACE;
        s->ost_where[x] = AT_OFF;
    }
    s->lion_space = OSTRICH_NO_SPACE;
    for (int p = 0; p < OSTRICH_MAX_PLAYERS; p++)
        s->pred[p] = -1;
    clear_pending(s);
}

/* The set-up of section 3 (rules already set). */
void ostrich_start_position(ostrich_state *s)
{
    static const int nests[5] = {0, 1, 2, 3, 5}; /* 0a 0b 0c 1a 1c */
    static const int berry_spaces[3] = {5 * 3 + 1, 8 * 3 + 0, 13 * 3 + 2};
    ostrich_default_track(&s->track);
    for (int x = 0; x < 5; x++) {
        s->ost_space[x] = (uint16_t)nests[x];
        s->ost_where[x] = AT_TRACK;
    }
    memset(s->berry_bb, 0, sizeof s->berry_bb);
    memset(s->pool, 0, sizeof s->pool);
    if (s->berries_rule) {
        for (int i = 0; i < 3; i++)
            s->berry_bb[berry_spaces[i] >> 6] |= 1ULL << (berry_spaces[i] & 63);
        s->pool[KIND_PEEPA] = s->pool[KIND_DOFNOOXOOR] = s->pool[KIND_TER] = 1;
    }
    s->lion_state = s->lion_rule ? LION_HIDDEN : LION_OFF;
    s->lion_space = OSTRICH_NO_SPACE;
    s->phase = PH_DEAL;
    s->mode = MODE_NORMAL;
    s->current = 0;
    for (int p = 0; p < OSTRICH_MAX_PLAYERS; p++)
        s->pred[p] = -1;
    clear_pending(s);
    ostrich_init_hash(s);
}

/* The prediction tiles are the race's hidden information (rule book,
 * section 5): a player's tile index, -1 before the deal. */
static int ostrich_hidden_tile(const void *state, int player)
{
    return ((const ostrich_state *)state)->pred[player];
}

static void ostrich_set_hidden_tile(void *state, int player, int tile)
{
    ostrich_state *s = state;
    s->pred[player] = (int8_t)tile;
    ostrich_init_hash(s);
}

const sa_game sa_ostrich_game = {
    .name = "ostrich",
    .min_players = 2,
    .max_players = OSTRICH_MAX_PLAYERS,
    .has_chance = 1,
    .max_moves = OSTRICH_MAX_MOVES,
    .max_chance_outcomes = OSTRICH_MAX_OUTCOMES,
    .state_size = sizeof(ostrich_state),
    .rules = ostrich_rules,
    .n_rules = OSTRICH_N_RULES,
    .eval_units = ostrich_eval_units,
    /* record analysis levels (quick, default, thorough): decision depth,
     * chance depth, and a node limit on both at the default level: the
     * thorough depths, cut at 1,000,000 nodes a search. A fixed depth 3 was
     * no deeper than the engine at 163,840 nodes and rated it below the one
     * at 16,384 in the three-player race; cut by nodes, the search reaches
     * depth 3 or 4 and orders them, at about a tenth of the thorough
     * level's cost (bench/analysis_ratings.py, bench/analysis_stability.py,
     * docs/records.md "Levels") */
    .analysis_depth = {{2, 2}, {4, 3}, {4, 3}},
    .analysis_nodes = {{0, 0}, {1000000, 1000000}, {0, 0}},
    /* bench/analysis_ratings.py at each level, the race valued by margin;
     * known players random < greedy < 16,384 nodes, so expert and advanced
     * both start at the engine's accuracy; at the default and thorough
     * levels with three players also 163,840 nodes, which they tell apart
     * (docs/records.md) */
    .rating_least = {[0] = {[2] = {97.5, 97.5, 94.7, 85.0},
                            [3] = {98.9, 98.9, 98.7, 90.4},
                            [4] = {98.8, 98.8, 98.6, 89.0},
                            [5] = {99.3, 99.3, 98.3, 91.0}},
                     [1] = {[2] = {98.7, 98.7, 95.1, 84.3},
                            [3] = {99.4, 99.2, 97.8, 88.8},
                            [4] = {98.7, 98.7, 97.9, 88.2},
                            [5] = {98.8, 98.8, 97.2, 89.8}},
                     [2] = {[2] = {98.7, 98.7, 95.4, 84.6},
                            [3] = {99.4, 99.2, 97.7, 88.9},
                            [4] = {98.6, 98.6, 98.0, 88.3},
                            [5] = {98.8, 98.8, 97.1, 89.9}}},
    .new_position = ostrich_new_position,
    .from_json = ostrich_from_json,
    .to_json = ostrich_to_json,
    .move_str = ostrich_move_str,
    .describe_move = ostrich_describe_move,
    .num_players = ostrich_num_players,
    .to_move = ostrich_to_move,
    .legal_moves = ostrich_legal_moves,
    .chance_outcomes = ostrich_chance_outcomes,
    .apply = ostrich_apply,
    .hash = ostrich_hash,
    .hash_from_scratch = ostrich_hash_from_scratch,
    .result = ostrich_result,
    .evaluate = ostrich_evaluate,
    .result_min = 0,
    .result_max = OSTRICH_MAX_SCORE,
    .eval_per_result = OSTRICH_EVAL_PER_POINT,
    .n_features = OSTRICH_N_FEATURES,
    .feature_names = ostrich_feature_names,
    .feature_phrases = ostrich_feature_phrases,
    .default_weights = ostrich_default_weights,
    .features = ostrich_features,
    .player_features = ostrich_player_features,
    .feature_one = OSTRICH_FEATURE_ONE,
    .weights_offset = offsetof(ostrich_state, weights),
    .win_chances = ostrich_win_chances,
    .n_hidden_tiles = OSTRICH_N_TILES,
    .hidden_tile = ostrich_hidden_tile,
    .set_hidden_tile = ostrich_set_hidden_tile,
};
