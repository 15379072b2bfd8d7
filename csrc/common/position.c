/* common/position.c: the public position API of safari.h over the game
 * interface: reading, writing, listing and applying moves by their spelling.
 *
 * This is the boundary layer: it allocates, sorts spellings and validates
 * text. The search never goes through it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "safari/game.h"
#include "safari/version.h"

struct sa_position {
    const sa_game *game;
    unsigned char state[]; /* game->state_size bytes */
};

static sa_position *alloc_position(const sa_game *game)
{
    sa_position *pos = calloc(1, sizeof *pos + game->state_size);
    if (pos != NULL)
        pos->game = game;
    return pos;
}

const char *sa_version(void)
{
    return SA_VERSION;
}

const char *sa_game_name(int i)
{
    for (int k = 0; sa_games[k] != NULL; k++)
        if (k == i)
            return sa_games[k]->name;
    return NULL;
}

const sa_game *sa_game_find(const char *name)
{
    for (int k = 0; name != NULL && sa_games[k] != NULL; k++)
        if (strcmp(sa_games[k]->name, name) == 0)
            return sa_games[k];
    return NULL;
}

static sa_status unknown_game(const char *name, sa_error *err)
{
    char known[200] = "";
    for (int k = 0; sa_games[k] != NULL; k++) {
        size_t used = strlen(known);
        snprintf(known + used, sizeof known - used, "%s%s", k ? ", " : "",
                 sa_games[k]->name);
    }
    return sa_error_set(err, SA_ERR_POSITION,
                        "field 'game': unknown game \"%.40s\" (known: %s)",
                        name ? name : "(null)", known);
}

sa_position *sa_position_new(const char *game_name, const char *rules_json, sa_error *err)
{
    const sa_game *game = sa_game_find(game_name);
    if (game == NULL) {
        unknown_game(game_name, err);
        return NULL;
    }
    sa_json_doc *doc = NULL;
    if (rules_json != NULL) {
        doc = sa_json_parse(rules_json, strlen(rules_json), err);
        if (doc == NULL)
            return NULL;
    }
    sa_position *pos = alloc_position(game);
    sa_status status =
        pos ? game->new_position(pos->state, doc ? sa_json_root(doc) : NULL, err)
            : sa_error_set(err, SA_ERR_MEMORY, "out of memory");
    sa_json_free(doc);
    if (status != SA_OK) {
        free(pos);
        return NULL;
    }
    return pos;
}

/* The game named by the "game" field of a position object. */
static const sa_game *game_of(const sa_json *root, sa_error *err)
{
    if (root->type != SA_JSON_OBJECT) {
        sa_error_set(err, SA_ERR_POSITION, "a position must be a JSON object");
        return NULL;
    }
    const sa_json *name = sa_json_member(root, "game");
    if (name == NULL) {
        sa_error_set(err, SA_ERR_POSITION, "field 'game': missing");
        return NULL;
    }
    if (name->type != SA_JSON_STRING) {
        sa_error_set(err, SA_ERR_POSITION, "field 'game': expected a string");
        return NULL;
    }
    const sa_game *game = sa_game_find(name->string);
    if (game == NULL)
        unknown_game(name->string, err);
    return game;
}

sa_position *sa_position_from_node(const sa_json *root, sa_error *err)
{
    const sa_game *game = game_of(root, err);
    sa_position *pos = game ? alloc_position(game) : NULL;
    sa_status status = SA_ERR_POSITION;
    if (pos != NULL)
        status = game->from_json(pos->state, root, err);
    else if (game != NULL)
        sa_error_set(err, SA_ERR_MEMORY, "out of memory");
    if (status != SA_OK) {
        free(pos);
        return NULL;
    }
    return pos;
}

sa_position *sa_position_from_json(const char *json, size_t length, sa_error *err)
{
    sa_json_doc *doc = sa_json_parse(json, length, err);
    if (doc == NULL)
        return NULL;
    sa_position *pos = sa_position_from_node(sa_json_root(doc), err);
    sa_json_free(doc);
    return pos;
}

sa_position *sa_position_copy(const sa_position *pos)
{
    sa_position *copy = alloc_position(pos->game);
    if (copy != NULL)
        memcpy(copy->state, pos->state, pos->game->state_size);
    return copy;
}

void sa_position_free(sa_position *pos)
{
    free(pos);
}

const char *sa_position_game(const sa_position *pos)
{
    return pos->game->name;
}

size_t sa_position_to_json(const sa_position *pos, char *buf, size_t cap)
{
    sa_writer w;
    sa_writer_init(&w, buf, cap);
    pos->game->to_json(pos->state, &w);
    return w.len;
}

int sa_position_to_move(const sa_position *pos)
{
    return pos->game->to_move(pos->state);
}

int sa_position_num_players(const sa_position *pos)
{
    return pos->game->num_players(pos->state);
}

/* One move or outcome with its spelling, for sorting by spelling. */
typedef struct spelled_move {
    sa_move move;
    uint64_t weight;
    char text[SA_MOVE_STR_MAX];
} spelled_move;

static int compare_spelling(const void *a, const void *b)
{
    return strcmp(((const spelled_move *)a)->text, ((const spelled_move *)b)->text);
}

/* The moves (or outcomes) of pos, spelled and sorted; *n gets their count.
 * Returns NULL with *n == 0 when there are none, or on allocation failure. */
static spelled_move *spelled_moves(const sa_position *pos, int *n)
{
    const sa_game *game = pos->game;
    int is_chance = game->to_move(pos->state) == SA_CHANCE;
    int cap = is_chance ? game->max_chance_outcomes : game->max_moves;
    sa_move *moves = malloc(sizeof *moves * (size_t)(cap > 0 ? cap : 1));
    uint64_t *weights = malloc(sizeof *weights * (size_t)(cap > 0 ? cap : 1));
    *n = 0;
    if (moves != NULL && weights != NULL)
        *n = is_chance ? game->chance_outcomes(pos->state, moves, weights)
                       : game->legal_moves(pos->state, moves);
    spelled_move *list = *n > 0 ? malloc(sizeof *list * (size_t)*n) : NULL;
    for (int i = 0; list != NULL && i < *n; i++) {
        list[i].move = moves[i];
        list[i].weight = is_chance ? weights[i] : 0;
        game->move_str(pos->state, moves[i], list[i].text);
    }
    if (list != NULL)
        qsort(list, (size_t)*n, sizeof *list, compare_spelling);
    else
        *n = 0;
    free(moves);
    free(weights);
    return list;
}

/* Writes one item per move or outcome of pos, in spelling order. */
typedef void item_writer(sa_writer *w, const sa_position *pos, const spelled_move *m,
                         int i);

static size_t write_each(const sa_position *pos, char *buf, size_t cap, item_writer *item)
{
    int n;
    spelled_move *list = spelled_moves(pos, &n);
    sa_writer w;
    sa_writer_init(&w, buf, cap);
    for (int i = 0; i < n; i++)
        item(&w, pos, &list[i], i);
    free(list);
    return w.len;
}

/* "MOVE" or "OUTCOME:WEIGHT", space-separated. */
static void write_spelling(sa_writer *w, const sa_position *pos, const spelled_move *m,
                           int i)
{
    if (i > 0)
        sa_write_char(w, ' ');
    sa_write(w, m->text);
    if (pos->game->to_move(pos->state) == SA_CHANCE)
        sa_write_fmt(w, ":%llu", (unsigned long long)m->weight);
}

/* "MOVE<tab>PLACES<tab>TEXT<newline>". */
static void write_described(sa_writer *w, const sa_position *pos, const spelled_move *m,
                            int i)
{
    (void)i;
    sa_move_description d;
    memset(&d, 0, sizeof d);
    pos->game->describe_move(pos->state, m->move, &d);
    sa_write_fmt(w, "%s\t", m->text);
    for (int k = 0; k < d.n_places; k++)
        sa_write_fmt(w, "%s%s", k ? " " : "", d.places[k]);
    sa_write_fmt(w, "\t%s\n", d.text);
}

size_t sa_position_moves_text(const sa_position *pos, char *buf, size_t cap)
{
    return write_each(pos, buf, cap, write_spelling);
}

size_t sa_position_describe_all(const sa_position *pos, char *buf, size_t cap)
{
    return write_each(pos, buf, cap, write_described);
}

int sa_game_find_move(const sa_game *game, const void *state, const char *text,
                      sa_move *out)
{
    int who = game->to_move(state);
    if (who == SA_TERMINAL)
        return 0;
    int is_chance = who == SA_CHANCE;
    int cap = is_chance ? game->max_chance_outcomes : game->max_moves;
    sa_move *moves = malloc(sizeof *moves * (size_t)(cap > 0 ? cap : 1));
    uint64_t *weights =
        is_chance ? malloc(sizeof *weights * (size_t)(cap > 0 ? cap : 1)) : NULL;
    int found = moves == NULL || (is_chance && weights == NULL) ? -1 : 0;
    int n = found < 0   ? 0
            : is_chance ? game->chance_outcomes(state, moves, weights)
                        : game->legal_moves(state, moves);
    for (int i = 0; i < n && !found; i++) {
        char spelled[SA_MOVE_STR_MAX];
        game->move_str(state, moves[i], spelled);
        if (strcmp(spelled, text) == 0) {
            *out = moves[i];
            found = 1;
        }
    }
    free(moves);
    free(weights);
    return found;
}

sa_status sa_position_apply(sa_position *pos, const char *move, sa_error *err)
{
    int who = pos->game->to_move(pos->state);
    if (who == SA_TERMINAL)
        return sa_error_set(err, SA_ERR_MOVE, "illegal move '%.100s': the game is over",
                            move);
    sa_move found;
    if (strlen(move) < SA_MOVE_STR_MAX &&
        sa_game_find_move(pos->game, pos->state, move, &found) == 1) {
        pos->game->apply(pos->state, found);
        return SA_OK;
    }
    if (who == SA_CHANCE)
        return sa_error_set(err, SA_ERR_MOVE,
                            "illegal move '%.100s': not a chance outcome of this "
                            "position",
                            move);
    return sa_error_set(err, SA_ERR_MOVE,
                        "illegal move '%.100s': not a legal move for player %d "
                        "here",
                        move, who);
}

sa_status sa_position_result(const sa_position *pos, int32_t *out, sa_error *err)
{
    if (pos->game->to_move(pos->state) != SA_TERMINAL)
        return sa_error_set(err, SA_ERR_ARGUMENT,
                            "the position is not terminal: it has no result yet");
    pos->game->result(pos->state, out);
    return SA_OK;
}

int32_t sa_position_evaluate(const sa_position *pos, int player)
{
    if (pos->game->evaluate == NULL || player < 0 ||
        player >= pos->game->num_players(pos->state))
        return 0;
    return pos->game->evaluate(pos->state, player);
}

uint64_t sa_position_hash(const sa_position *pos)
{
    return pos->game->hash(pos->state);
}

uint64_t sa_position_hash_from_scratch(const sa_position *pos)
{
    return pos->game->hash_from_scratch(pos->state);
}

const sa_game *sa_position_game_rules(const sa_position *pos)
{
    return pos->game;
}

const void *sa_position_state(const sa_position *pos)
{
    return pos->state;
}

void *sa_position_state_mutable(sa_position *pos)
{
    return pos->state;
}
