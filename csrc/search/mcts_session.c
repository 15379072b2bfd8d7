/* search/mcts_session.c: the public MCTS session of search.h: one tree kept
 * between searches, advanced by the moves and outcomes played (tree reuse),
 * and checked against every position it is asked to search.
 *
 * The session keeps the tree (search/mcts.h) and, beside it, the tree's root
 * as a public sa_position moved in step by the same spellings: it spells
 * moves for the error messages and is compared with the searched position.
 */
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "search/mcts.h"
#include "search/mcts_tree.h"
#include "search/shared.h"

#define MAX_ARENA ((size_t)UINT32_MAX - 2) /* sa_mcts_tree_reserve's bound */

struct sa_mcts_session {
    sa_mcts_tree *tree; /* NULL: no tree                                */
    sa_position *root;  /* the tree's root position (NULL with no tree) */
    int leaf_evaluate;  /* the leaf evaluator the tree was grown with   */
};

sa_mcts_session *sa_mcts_session_new(void)
{
    return calloc(1, sizeof(sa_mcts_session));
}

void sa_mcts_session_clear(sa_mcts_session *session)
{
    if (session == NULL)
        return;
    sa_mcts_tree_free(session->tree);
    sa_position_free(session->root);
    session->tree = NULL;
    session->root = NULL;
}

void sa_mcts_session_free(sa_mcts_session *session)
{
    sa_mcts_session_clear(session);
    free(session);
}

const sa_position *sa_mcts_session_root(const sa_mcts_session *session)
{
    return session->root;
}

uint64_t sa_mcts_session_visits(const sa_mcts_session *session)
{
    return session->tree ? mcts_node_at(session->tree, 0)->visits : 0;
}

uint64_t sa_mcts_session_nodes(const sa_mcts_session *session)
{
    uint64_t n = 0;
    const sa_mcts_tree *tree = session->tree;
    for (uint32_t i = 0; tree != NULL && i < tree->n_nodes; i++)
        n += mcts_node_at(tree, i)->mover != MCTS_FREE_SLOT;
    return n;
}

uint64_t sa_mcts_session_child_visits(const sa_mcts_session *session, const char *move)
{
    sa_move m;
    if (session->tree == NULL || move == NULL ||
        sa_game_find_move(session->tree->game, sa_mcts_tree_root(session->tree), move,
                          &m) != 1)
        return 0;
    uint32_t child = mcts_find_child(session->tree, 0, m);
    return child == MCTS_NONE ? 0 : mcts_node_at(session->tree, child)->visits;
}

sa_status sa_mcts_session_advance(sa_mcts_session *session, const char *move,
                                  sa_error *err)
{
    if (move == NULL)
        return sa_error_set(err, SA_ERR_MOVE, "illegal move: no move given (NULL)");
    if (session->tree == NULL)
        return SA_OK; /* nothing to keep: the next search starts afresh anyway */
    sa_move m;
    int found = sa_game_find_move(session->tree->game, sa_mcts_tree_root(session->tree),
                                  move, &m);
    if (found < 0)
        return sa_error_set(err, SA_ERR_MEMORY, "out of memory");
    /* The position layer spells the error (the move, and why: the game is
     * over, not a legal move for player N, not a chance outcome) or, when the
     * move was found, plays it on the root position: the same spelling
     * matches the same move there. */
    sa_status status = sa_position_apply(session->root, move, err);
    if (status != SA_OK)
        return status;
    if (found == 0) /* cannot happen: both read the same list of spellings */
        return sa_error_set(err, SA_ERR_MOVE, "illegal move '%.100s'", move);
    sa_mcts_tree_advance(session->tree, m);
    return SA_OK;
}

/* -- searching ------------------------------------------------------------ */

static char *json_text(const sa_position *pos, size_t *length)
{
    *length = sa_position_to_json(pos, NULL, 0);
    char *text = malloc(*length + 1);
    if (text != NULL)
        sa_position_to_json(pos, text, *length + 1);
    return text;
}

/* 1 when `pos` is the tree's root: the same game, Zobrist key and state (or,
 * when the state's bytes differ, for instance in padding, the same canonical
 * JSON, which writes every field). */
static int is_root(const sa_mcts_session *session, const sa_position *pos)
{
    const sa_game *game = sa_position_game_rules(pos);
    const void *state = sa_position_state(pos);
    const void *root = sa_mcts_tree_root(session->tree);
    if (game != session->tree->game || game->hash(state) != game->hash(root))
        return 0;
    if (memcmp(state, root, game->state_size) == 0)
        return 1;
    size_t na, nb;
    char *a = json_text(pos, &na), *b = json_text(session->root, &nb);
    int same = a != NULL && b != NULL && na == nb && memcmp(a, b, na) == 0;
    free(a);
    free(b);
    return same;
}

/* Passes progress reports on with the session's `reused` filled in. */
typedef struct progress_relay {
    sa_progress_fn fn;
    void *user;
    uint64_t reused;
    sa_report *scratch;
} progress_relay;

static void relay_progress(void *user, const sa_report *report)
{
    progress_relay *relay = user;
    memcpy(relay->scratch, report, sizeof *report);
    relay->scratch->reused = relay->reused;
    relay->fn(relay->user, relay->scratch);
}

/* Room for the search to come: a fresh tree gets what a one-shot search
 * would; a kept tree that much more, or without a node limit at most twice
 * it. Running short of memory only shortens the search (it stops when full). */
static sa_status prepare_tree(sa_mcts_session *session, const sa_position *pos,
                              const sa_limits *limits, int leaf_evaluate, sa_error *err)
{
    const sa_game *game = sa_position_game_rules(pos);
    const void *state = sa_position_state(pos);
    if (session->tree != NULL &&
        (session->leaf_evaluate != leaf_evaluate || !is_root(session, pos)))
        sa_mcts_session_clear(session);
    size_t room = sa_mcts_capacity(game, state, limits);
    if (session->tree == NULL) {
        session->tree = sa_mcts_tree_new(game, state, room);
        session->root = session->tree ? sa_position_copy(pos) : NULL;
        session->leaf_evaluate = leaf_evaluate;
        if (session->root == NULL) {
            sa_mcts_session_clear(session);
            return sa_error_set(err, SA_ERR_MEMORY, "out of memory for the mcts tree");
        }
        return SA_OK;
    }
    size_t want = sa_mcts_tree_size(session->tree) + room;
    if (limits->nodes == 0 && want > 2 * room)
        want = 2 * room;
    sa_mcts_tree_reserve(session->tree, want < MAX_ARENA ? want : MAX_ARENA);
    return SA_OK;
}

sa_status sa_mcts_session_search(sa_mcts_session *session, const sa_position *pos,
                                 const sa_limits *limits, sa_report *out, sa_error *err)
{
    const sa_game *game = sa_position_game_rules(pos);
    const void *state = sa_position_state(pos);
    sa_status status = sa_search_begin(game, state, limits, out, err);
    if (status != SA_OK)
        return status;
    int leaf_evaluate = limits->mcts_evaluate && game->evaluate != NULL;
    status = prepare_tree(session, pos, limits, leaf_evaluate, err);
    if (status != SA_OK)
        return status;

    sa_mcts_options options;
    sa_mcts_options_default(&options);
    if (leaf_evaluate)
        options.leaf = SA_MCTS_LEAF_EVALUATE;
    sa_limits run = *limits;
    run.algo = SA_ALGO_MCTS;
    progress_relay relay = {limits->progress, limits->progress_user,
                            sa_mcts_session_visits(session), NULL};
    if (limits->progress != NULL) {
        relay.scratch = malloc(sizeof *relay.scratch);
        if (relay.scratch == NULL)
            return sa_error_set(err, SA_ERR_MEMORY, "out of memory for the mcts report");
        run.progress = relay_progress;
        run.progress_user = &relay;
    }
    status = sa_mcts_tree_search(session->tree, &options, &run, out, err);
    free(relay.scratch);
    if (status == SA_OK)
        out->reused = relay.reused;
    return status;
}
