/* games/arena_describe.c: what an arena move or outcome does, in words and
 * board places (sa_game.describe_move; rule book shared/rules/arena.md, §5
 * and §7).
 *
 * Places: the hex a gladiator moves to or an animal steps to ("hex:d5"), the
 * combatant activated, attacked or targeted ("id:1a"); the other moves and
 * outcomes (orders, rolls, wounds) touch none. The sentence names the
 * combatants by id and species or roster name and says what the rules make
 * of the move: a die added to the event pool, a defeat, the end.
 */
#include <stdio.h>
#include <string.h>

#include "games/arena.h"

static const char *const unit_ids[ARENA_UNITS] = {"0a", "0b", "1a", "1b", "x", "y", "z"};

static void hex_name(int hex, char out[16])
{
    snprintf(out, 16, "%c%d", 'a' + arena_hex_q(hex), arena_hex_r(hex) + 1);
}

/* "0a (thraex)" or "the lion x". */
static void unit_words(const arena_state *st, int u, char out[64])
{
    if (arena_is_animal(u))
        snprintf(out, 64, "the %s %s", arena_species_names[st->dyn.species[u]],
                 unit_ids[u]);
    else if (st->fixed.names[u][0])
        snprintf(out, 64, "%s (%s)", unit_ids[u], st->fixed.names[u]);
    else
        snprintf(out, 64, "%s", unit_ids[u]);
}

static void team_words(int team, char out[16])
{
    snprintf(out, 16, team == TEAM_A ? "the animals" : "player %d", team);
}

/* "1 Attack die and 2 Speed dice" for a lose:x-y-z. */
static void describe_dice_lost(sa_move m, sa_move_description *d)
{
    static const char *const attrs[3] = {"Attack", "Defense", "Speed"};
    char words[3][24];
    const char *items[3];
    int n = 0;
    for (int i = 0; i < 3; i++) {
        int k = mv_field(m, 4 + 4 * i, 4);
        if (k == 0)
            continue;
        snprintf(words[n], sizeof words[n], "%d %s di%s", k, attrs[i],
                 k == 1 ? "e" : "ce");
        items[n] = words[n];
        n++;
    }
    sa_describe_list(d, items, n);
}

/* Would a gladiator moving from `from` to `to` add a die to the pool (§5.8)? */
static int runs_away(const arena_state *st, int u, int to)
{
    unsigned enemies = arena_enemies(st, u);
    if (!st->fixed.animals || !enemies || st->dyn.pool >= 20)
        return 0;
    for (int v = 0; v < ARENA_UNITS; v++)
        if ((enemies >> v & 1) && arena_distance(to, st->dyn.hex[v]) <=
                                      arena_distance(st->dyn.hex[u], st->dyn.hex[v]))
            return 0;
    return 1;
}

static void describe_order(sa_move m, sa_move_description *d)
{
    int n = mv_field(m, 4, 2);
    for (int i = 0; i < n; i++) {
        char team[16];
        team_words(mv_field(m, 6 + 2 * i, 2), team);
        if (i == 0)
            sa_describe_text(d, "%s act%s first this round", team,
                             mv_field(m, 6, 2) == TEAM_A ? "" : "s");
        else
            sa_describe_text(d, ", then %s", team);
    }
}

static void describe_init(const arena_state *after, sa_move m, sa_move_description *d)
{
    char team[16];
    team_words(mv_field(m, 4, 2), team);
    if (mv_field(m, 4, 2) == TEAM_A)
        sa_describe_text(d, "the animals win the initiative and act first");
    else
        sa_describe_text(d, "%s wins the initiative%s", team,
                         after->dyn.phase == PH_ORDER ? " and chooses the order" : "");
    for (int i = 0; i < mv_field(m, 6, 2); i++) {
        team_words(mv_field(m, 8 + 2 * i, 2), team);
        sa_describe_text(d, ", then %s", team);
    }
    int n = mv_field(m, 12, 2);
    for (int i = 0; i < n; i++)
        sa_describe_text(d, i == 0 ? "; the animals act in the order %s" : ", %s",
                         unit_ids[mv_field(m, 14 + 3 * i, 3)]);
}

static void describe_spawn(const arena_state *after, sa_move m, sa_move_description *d)
{
    int species = mv_field(m, 4, 2), entry = mv_field(m, 6, 1);
    if (species == SPAWN_NONE) {
        sa_describe_text(d, "the event roll brings no animal");
        return;
    }
    int u = after->dyn.animal_age[after->dyn.n_animals - 1];
    if (after->dyn.hex[u] == ARENA_NO_HEX)
        sa_describe_text(d, "a %s (%s) appears and waits for hex %s, which is taken",
                         arena_species_names[species], unit_ids[u], entry ? "II" : "I");
    else
        sa_describe_text(d, "a %s (%s) enters the arena at hex %s",
                         arena_species_names[species], unit_ids[u], entry ? "II" : "I");
}

static void describe_behave(const arena_state *st, sa_move m, sa_move_description *d)
{
    static const char *const what[4] = {
        "roars and does nothing", "wanders one random step", "wanders two random steps",
        "hunts the nearest foe"};
    char who[64];
    unit_words(st, st->dyn.active - 1, who);
    sa_describe_text(d, "%s %s", who, what[mv_field(m, 4, 2)]);
}

/* The unit that makes a move of the act/animal phases, and its words. */
static void describe_action(const arena_state *st, sa_move m, sa_move_description *d)
{
    int u = st->dyn.active - 1, arg = mv_field(m, 4, 3), hex = mv_field(m, 4, 10);
    char who[64], other[64] = "", where[16], from[16];
    unit_words(st, u >= 0 ? u : 0, who);
    if (mv_kind(m) == MK_ATTACK || mv_kind(m) == MK_TARGET)
        unit_words(st, arg, other);
    switch (mv_kind(m)) {
    case MK_MOVE:
        hex_name(hex, where);
        hex_name(st->dyn.hex[u], from);
        sa_describe_place(d, "hex", where);
        sa_describe_text(d, "%s moves from %s to %s", who, from, where);
        if (runs_away(st, u, hex))
            sa_describe_text(
                d, "; moving away from every enemy adds a die to the event pool");
        break;
    case MK_STEP:
        if (hex == ARENA_NO_HEX) {
            sa_describe_text(d, "%s stays where it is", who);
            break;
        }
        hex_name(hex, where);
        sa_describe_place(d, "hex", where);
        sa_describe_text(d, "%s steps to %s", who, where);
        break;
    case MK_ATTACK:
        sa_describe_place(d, "id", unit_ids[arg]);
        sa_describe_text(d, "%s attacks %s", who, other);
        break;
    case MK_TARGET:
        sa_describe_place(d, "id", unit_ids[arg]);
        sa_describe_text(
            d, st->dyn.phase == PH_HUNT_TARGET ? "%s hunts %s" : "%s attacks %s", who,
            other);
        break;
    case MK_END: sa_describe_text(d, "%s ends its activation", who); break;
    default: break;
    }
}

static void describe_wounds(const arena_state *st, const arena_state *after, sa_move m,
                            sa_move_description *d)
{
    int attacker = st->dyn.pend_attacker - 1, target = st->dyn.pend_target - 1;
    int k = mv_field(m, 4, 4);
    char who[64], whom[64];
    unit_words(st, attacker, who);
    unit_words(st, target, whom);
    sa_describe_text(d, "the attack of %s causes %d wound%s to %s", who, k,
                     k == 1 ? "" : "s", whom);
    if (!(after->dyn.alive >> target & 1))
        sa_describe_text(d, ", who is defeated");
}

static void describe_end(const arena_state *after, sa_move_description *d)
{
    static const char *const results[4] = {"", "player 0 wins", "player 1 wins",
                                           "nobody wins"};
    if (after->dyn.phase == PH_OVER)
        sa_describe_text(d, "; the combat ends: %s", results[after->dyn.result & 3]);
}

void arena_describe_move(const void *state, sa_move m, sa_move_description *d)
{
    const arena_state *st = state;
    arena_state after;
    memcpy(&after, st, sizeof after);
    arena_apply(&after, m);
    char who[64];
    int chooser = arena_to_move(st);
    switch (mv_kind(m)) {
    case MK_ROLL:
        sa_describe_text(d, "player %d asks for the event roll", chooser);
        break;
    case MK_PASS:
        sa_describe_text(d, "player %d does not ask for the event roll", chooser);
        break;
    case MK_ORDER: describe_order(m, d); break;
    case MK_ACTIVATE:
        unit_words(st, mv_field(m, 4, 3), who);
        sa_describe_place(d, "id", unit_ids[mv_field(m, 4, 3)]);
        sa_describe_text(d, "%s acts now", who);
        break;
    case MK_LOSE:
        unit_words(st, st->dyn.pend_target - 1, who);
        sa_describe_text(d, "%s loses ", who);
        describe_dice_lost(m, d);
        break;
    case MK_SPAWN: describe_spawn(&after, m, d); break;
    case MK_INIT: describe_init(&after, m, d); break;
    case MK_WOUNDS: describe_wounds(st, &after, m, d); break;
    case MK_BEHAVE: describe_behave(st, m, d); break;
    default: describe_action(st, m, d); break;
    }
    describe_end(&after, d);
}
