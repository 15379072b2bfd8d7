# cython: language_level=3
"""The thin Cython skin over the public C API (csrc/include/safari/safari.h).

Everything here owns or borrows an ``sa_position``; the Python-facing types
live in :mod:`safari_ai.position`; :func:`safari_ai.errors.from_core` turns
:class:`CoreError` into the typed exceptions of the public API.
"""
from libc.stdint cimport int32_t, int64_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

import numpy

cdef enum:
    SA_MAX_FEATURES_LITERAL = 32  # SA_MAX_FEATURES, as a compile-time size

cdef extern from "safari/safari.h":
    ctypedef enum sa_status:
        SA_OK
        SA_ERR_JSON
        SA_ERR_POSITION
        SA_ERR_MOVE
        SA_ERR_ARGUMENT
        SA_ERR_MEMORY
    ctypedef struct sa_error:
        sa_status status
        char message[512]
        char field[160]
    ctypedef struct sa_position:
        pass
    const char *sa_version()
    const char *sa_game_name(int i)
    sa_position *sa_position_new(const char *game, const char *rules_json, sa_error *err)
    sa_position *sa_position_from_json(const char *json, size_t length, sa_error *err)
    sa_position *sa_position_copy(const sa_position *pos)
    void sa_position_free(sa_position *pos)
    const char *sa_position_game(const sa_position *pos)
    size_t sa_position_to_json(const sa_position *pos, char *buf, size_t cap)
    int sa_position_to_move(const sa_position *pos)
    int sa_position_num_players(const sa_position *pos)
    size_t sa_position_moves_text(const sa_position *pos, char *buf, size_t cap)
    size_t sa_position_describe_all(const sa_position *pos, char *buf, size_t cap)
    sa_status sa_position_apply(sa_position *pos, const char *move, sa_error *err)
    sa_status sa_position_describe(const sa_position *pos, const char *move, char *places,
                                   size_t places_cap, char *text, size_t text_cap,
                                   sa_error *err)
    sa_status sa_position_result(const sa_position *pos, int32_t *out, sa_error *err)
    uint64_t sa_position_hash(const sa_position *pos)
    int32_t sa_position_evaluate(const sa_position *pos, int player)
    uint64_t sa_position_hash_from_scratch(const sa_position *pos)
    uint64_t sa_perft(const sa_position *pos, int depth) nogil
    uint64_t sa_perft_stoppable(const sa_position *pos, int depth, const volatile int *stop,
                                int *stopped) nogil
    uint64_t sa_random_playouts(const sa_position *pos, uint64_t games, uint64_t seed) nogil

cdef extern from "safari/features.h":
    int SA_MAX_FEATURES
    int SA_MAX_WEIGHT
    int sa_feature_count(const char *game)
    const char *sa_feature_name(const char *game, int i)
    int32_t sa_feature_default_weight(const char *game, int i)
    double sa_default_win_scale(const char *game)
    int32_t sa_feature_one(const char *game)
    int sa_position_features(const sa_position *pos, int32_t *out)
    sa_status sa_features_batch(const sa_position *const *positions, size_t n, double *out,
                                sa_error *err) nogil
    int sa_position_player_features(const sa_position *pos, int player, int32_t *out)
    sa_status sa_features_batch_players(const sa_position *const *positions, const int *players,
                                        size_t n, double *out, sa_error *err) nogil
    sa_status sa_position_set_weights(sa_position *pos, const int32_t *weights, int n,
                                      double win_scale, sa_error *err)
    int sa_position_weights(const sa_position *pos, int32_t *out, double *win_scale)
    double sa_position_win_probability(const sa_position *pos, int32_t score)
    double sa_position_expected_win_probability(const sa_position *pos, double p)
    int sa_position_win_chances(const sa_position *pos, const double *expected, double *out)

cdef extern from "safari/rules.h":
    ctypedef enum sa_rule_kind:
        SA_RULE_BOOL
        SA_RULE_INT
        SA_RULE_ENUM
        SA_RULE_STRING
    ctypedef struct sa_rule:
        const char *key
        sa_rule_kind kind
        int64_t default_value
        int64_t minimum
        int64_t maximum
        const char *const *choices
        const char *default_text
        const char *description

cdef extern from "safari/game.h":
    ctypedef struct sa_game:
        const char *name
        int min_players
        int max_players
        int has_chance
        const sa_rule *rules
        int n_rules
        const char *eval_units
        int analysis_depth[3][2]
        uint64_t analysis_nodes[3][2]
        double rating_least[3][6][4]
        int n_hidden_tiles
        int n_features
        const char * const *feature_phrases
        int32_t result_min
        int32_t result_max
    const sa_game *sa_game_find(const char *name)
    int sa_game_zero_sum(const sa_game *game)

cdef extern from "safari/json.h":
    ctypedef struct sa_json_doc:
        pass
    ctypedef struct sa_json:
        pass
    const sa_json *sa_json_root(const sa_json_doc *doc)
    sa_json_doc *sa_json_parse(const char *text, size_t length, sa_error *err)
    void sa_json_free(sa_json_doc *doc)
    int SA_JSON_MAX_BYTES
    int SA_JSON_MAX_DEPTH
    int SA_JSON_MAX_NUMBER_CHARS

cdef extern from "safari/record.h":
    ctypedef struct sa_record:
        pass
    sa_status sa_record_check(const sa_json *root, sa_error *err)
    sa_record *sa_record_replay(const char *text, size_t length, sa_error *err) nogil
    int sa_record_plies(const sa_record *record)
    const sa_position *sa_record_position(const sa_record *record, int index)
    void sa_record_free(sa_record *record)

cdef extern from "safari/annotate.h":
    ctypedef struct sa_annotate_options:
        int depth
        uint64_t nodes
        int64_t movetime_ms
        int level
        sa_algo algo
        uint64_t seed
        int threads
        size_t hash_mb
        int outcomes
        int played_lines
        int64_t movetime_cap_ms
        int64_t budget_ms
        volatile int *stop
        void (*progress)(void *user, int done, int total) noexcept nogil
        void *progress_user
        void (*ply)(void *user, const char *item, size_t length) noexcept nogil
        void *ply_user
    char *sa_annotate(const char *text, size_t length, const sa_annotate_options *options,
                      int *ended, sa_error *err) nogil

cdef extern from "safari/writer.h":
    ctypedef struct sa_writer:
        char *buf
        size_t cap
        size_t len
    void sa_writer_init(sa_writer *w, char *buf, size_t cap)

cdef extern from "search/verdicts.h":
    ctypedef enum sa_units:
        SA_UNITS_WIN_PROBABILITY
        SA_UNITS_POINTS
    int SA_N_MARKS
    const char *sa_mark_name(int mark)
    double sa_mark_least(sa_units units, int mark)
    sa_status sa_write_plies_summary(sa_writer *w, const sa_json *plies, int players,
                                     sa_units units, const char *game, int level,
                                     sa_error *err)
    double sa_move_accuracy(double error, sa_units units)
    const double *sa_rating_bands(const sa_game *game, int players, int level)

cdef extern from "safari/search.h":
    ctypedef enum sa_algo:
        SA_ALGO_AUTO
        SA_ALGO_ALPHABETA
        SA_ALGO_MCTS
        SA_ALGO_EXPECTIMAX
    ctypedef enum sa_pruning:
        SA_PRUNE_AUTO
        SA_PRUNE_NONE
        SA_PRUNE_STAR1
        SA_PRUNE_STAR2
    ctypedef enum sa_multiplayer:
        SA_MULTI_AUTO
        SA_MULTI_MAXN
        SA_MULTI_PARANOID
        SA_MULTI_MARGIN
    ctypedef struct sa_line:
        int32_t score
        int exact
        int n_pv
        char pv[2048]
        int n_expected
        double expected[8]
    ctypedef struct sa_outcome_value:
        char outcome[96]
        uint64_t weight
        int valued
        int depth
        int to_move
        char best[96]
        double expected[8]
    ctypedef struct sa_report:
        sa_algo algo
        int depth
        int seldepth
        uint64_t nodes
        double seconds
        int n_lines
        sa_line lines[16]
        double win_probability
        int n_win_chances
        double win_chances[8]
        int hashfull
        uint64_t reused
        int threads
        int chance
        int n_expected
        double expected[8]
        int n_outcomes
        int n_valued
        uint64_t total_weight
        sa_outcome_value *outcomes
        int sample
    void sa_report_free(sa_report *report) nogil
    ctypedef void (*sa_progress_fn)(void *user, const sa_report *report) noexcept
    ctypedef struct sa_limits:
        int depth
        uint64_t nodes
        int64_t movetime_ms
        int multipv
        int threads
        uint64_t seed
        sa_algo algo
        size_t hash_mb
        int no_table
        int mcts_evaluate
        volatile int *stop
        sa_progress_fn progress
        void *progress_user
        sa_pruning pruning
        int chance_width
        sa_multiplayer multiplayer
    sa_status sa_search(const sa_position *pos, const sa_limits *limits,
                        sa_report *out, sa_error *err) nogil
    sa_algo sa_search_algo(const sa_position *pos, const sa_limits *limits)
    sa_status sa_position_redraw_hidden(sa_position *pos, int player, uint64_t seed,
                                        sa_error *err)
    sa_status sa_search_sampled(const sa_position *pos, const sa_limits *limits, int player,
                                int samples, sa_report *out, sa_error *err) nogil
    int SA_SCORE_WIN
    int SA_SCORE_WIN_MIN
    int SA_MAX_DEPTH
    int SA_MAX_MULTIPV
    int SA_MAX_THREADS
    int SA_MAX_HASH_MB
    long long SA_MAX_MOVETIME_MS
    ctypedef struct sa_mcts_session:
        pass
    sa_mcts_session *sa_mcts_session_new()
    void sa_mcts_session_free(sa_mcts_session *session)
    void sa_mcts_session_clear(sa_mcts_session *session)
    sa_status sa_mcts_session_search(sa_mcts_session *session, const sa_position *pos,
                                     const sa_limits *limits, sa_report *out,
                                     sa_error *err) nogil
    sa_status sa_mcts_session_advance(sa_mcts_session *session, const char *move,
                                      sa_error *err) nogil
    const sa_position *sa_mcts_session_root(const sa_mcts_session *session)
    uint64_t sa_mcts_session_visits(const sa_mcts_session *session)
    uint64_t sa_mcts_session_nodes(const sa_mcts_session *session)
    uint64_t sa_mcts_session_child_visits(const sa_mcts_session *session, const char *move)

SCORE_WIN = SA_SCORE_WIN
SCORE_WIN_MIN = SA_SCORE_WIN_MIN
# The bounds of the search limits (safari_ai.limits checks against them).
MAX_DEPTH = SA_MAX_DEPTH
MAX_MULTIPV = SA_MAX_MULTIPV
MAX_THREADS = SA_MAX_THREADS
MAX_HASH_MB = SA_MAX_HASH_MB
MAX_MOVETIME_MS = SA_MAX_MOVETIME_MS
ALGOS = {"auto": SA_ALGO_AUTO, "alphabeta": SA_ALGO_ALPHABETA, "mcts": SA_ALGO_MCTS,
         "expectimax": SA_ALGO_EXPECTIMAX}
ALGO_NAMES = {v: k for k, v in ALGOS.items()}
PRUNINGS = {"auto": SA_PRUNE_AUTO, "none": SA_PRUNE_NONE, "star1": SA_PRUNE_STAR1,
            "star2": SA_PRUNE_STAR2}
MULTIPLAYERS = {"auto": SA_MULTI_AUTO, "maxn": SA_MULTI_MAXN, "paranoid": SA_MULTI_PARANOID,
                "margin": SA_MULTI_MARGIN}

STATUS_JSON = SA_ERR_JSON
STATUS_POSITION = SA_ERR_POSITION
STATUS_MOVE = SA_ERR_MOVE
STATUS_ARGUMENT = SA_ERR_ARGUMENT
STATUS_MEMORY = SA_ERR_MEMORY


# The input limits every reader shares (safari/json.h; safari_ai.jsontext).
JSON_MAX_BYTES = SA_JSON_MAX_BYTES
JSON_MAX_DEPTH = SA_JSON_MAX_DEPTH
JSON_MAX_NUMBER_CHARS = SA_JSON_MAX_NUMBER_CHARS


class CoreError(Exception):
    """An error reported by the C core: ``args == (status, message, field)``.
    :func:`safari_ai.errors.from_core` turns it into a typed exception."""

    def __init__(self, status, message, field=None):
        super().__init__(status, message, field)

    @property
    def status(self) -> int:
        return self.args[0]

    @property
    def message(self) -> str:
        return self.args[1]

    @property
    def field(self):
        """The JSON path of the offending field (the C error's ``field``), or None."""
        return self.args[2]


cdef raise_error(sa_error *err):
    field = err.field.decode("utf-8", "replace") if err.field[0] != 0 else None
    raise CoreError(<int>err.status, err.message.decode("utf-8", "replace"), field)


def version() -> str:
    """The C library's version string."""
    return sa_version().decode()


def game_names() -> list:
    """Names of the games registered in the C core, in registry order."""
    names = []
    cdef int i = 0
    while sa_game_name(i) != NULL:
        names.append(sa_game_name(i).decode())
        i += 1
    return names


cdef dict rule_facts(const sa_rule *rule):
    """One row of a game's rules table as a dict (its key, kind, default, ...)."""
    cdef int i = 0
    kind = {SA_RULE_BOOL: "bool", SA_RULE_INT: "int", SA_RULE_ENUM: "enum",
            SA_RULE_STRING: "string"}[rule.kind]
    choices = []
    if rule.kind == SA_RULE_ENUM:
        while rule.choices[i] != NULL:
            choices.append(rule.choices[i].decode())
            i += 1
    if rule.kind == SA_RULE_BOOL:
        default = bool(rule.default_value)
    elif rule.kind == SA_RULE_INT:
        default = rule.default_value
    elif rule.kind == SA_RULE_ENUM:
        default = choices[rule.default_value]
    else:
        default = rule.default_text.decode()
    return {"key": rule.key.decode(), "kind": kind, "default": default,
            "minimum": rule.minimum if rule.kind == SA_RULE_INT else None,
            "maximum": rule.maximum if rule.kind == SA_RULE_INT else None,
            "choices": choices, "description": rule.description.decode()}


def game_facts(str game) -> dict:
    """The facts the core declares for ``game`` (its sa_game) and its rules
    table, one dict per option; CoreError (argument) for an unknown game."""
    cdef bytes name = game.encode("utf-8", "surrogatepass")
    cdef const sa_game *g = sa_game_find(name)
    if g == NULL:
        raise CoreError(SA_ERR_ARGUMENT, f"unknown game {game!r}")
    zero_sum = bool(sa_game_zero_sum(g))
    declared = g.result_min != 0 or g.result_max != 0
    return {"name": g.name.decode(), "has_chance": bool(g.has_chance), "zero_sum": zero_sum,
            "min_players": g.min_players, "max_players": g.max_players,
            # no declared range: the two-player contract's -1 (loss) .. 1 (win)
            "result_min": g.result_min if declared else -1,
            "result_max": g.result_max if declared else 1,
            "units": g.eval_units.decode(),
            "analysis_depths": [(g.analysis_depth[i][0], g.analysis_depth[i][1])
                                for i in range(3)],
            "analysis_nodes": [(g.analysis_nodes[i][0], g.analysis_nodes[i][1])
                               for i in range(3)],
            "hidden_tiles": g.n_hidden_tiles > 0,
            # by level, the bands that rate it (its own, or the default level's)
            "rating_bands": [{n: tuple(sa_rating_bands(g, n, level)[i] for i in range(4))
                              for n in range(6) if sa_rating_bands(g, n, level) != NULL}
                             for level in range(3)],
            "rating_measured": [{n for n in range(6) if g.rating_least[level][n][0] > 0}
                                for level in range(3)],
            "feature_phrases": [] if g.feature_phrases == NULL else
                [(g.feature_phrases[2 * i].decode(), g.feature_phrases[2 * i + 1].decode())
                 for i in range(g.n_features)],
            "rules": [rule_facts(&g.rules[i]) for i in range(g.n_rules)]}


def feature_names(str game) -> list:
    """Names of ``game``'s evaluation features (empty when it has none)."""
    cdef bytes name = game.encode("utf-8")
    cdef int n = sa_feature_count(name)
    if n < 0:
        raise CoreError(SA_ERR_ARGUMENT, f"unknown game {game!r}")
    return [sa_feature_name(name, i).decode() for i in range(n)]


def default_weights(str game) -> tuple:
    """``(weights, win_scale)`` compiled into the core for ``game``."""
    cdef bytes name = game.encode("utf-8")
    cdef int n = sa_feature_count(name)
    if n < 0:
        raise CoreError(SA_ERR_ARGUMENT, f"unknown game {game!r}")
    return [sa_feature_default_weight(name, i) for i in range(n)], sa_default_win_scale(name)


def features_batch(list positions, object players=None):
    """The features of many positions of one game as a 2-D float64 array, in one
    C call (only the positions' pointers are gathered in Python); row k counted
    for ``players[k]`` when given (else player 0)."""
    cdef size_t n = len(positions)
    cdef size_t k
    cdef sa_error err
    cdef sa_status status
    cdef const sa_position **ptrs
    cdef int *who = NULL
    cdef int width
    if n == 0:
        return numpy.empty((0, 0), dtype=numpy.float64)
    if players is not None and len(players) != n:
        raise CoreError(SA_ERR_ARGUMENT, f"players: {len(players)} for {n} positions")
    ptrs = <const sa_position **>malloc(n * sizeof(sa_position *))
    if ptrs == NULL:
        raise MemoryError()
    if players is not None:
        who = <int *>malloc(n * sizeof(int))
        if who == NULL:
            free(ptrs)
            raise MemoryError()
    try:
        for k in range(n):
            ptrs[k] = (<CPosition?>positions[k]).ptr
            if who != NULL:
                if not -2**31 <= players[k] < 2**31:
                    raise CoreError(SA_ERR_ARGUMENT,
                                    f"players[{k}]: no player {players[k]} in the game")
                who[k] = players[k]
        width = sa_feature_count(sa_position_game(ptrs[0]))
        matrix = numpy.empty((n, width if width > 0 else 0), dtype=numpy.float64)
        if width <= 0:
            raise CoreError(SA_ERR_ARGUMENT, "positions[0]: "
                            f"{sa_position_game(ptrs[0]).decode()} has no evaluation features")
        status = fill_batch(ptrs, who, n, matrix, &err)
        if status != SA_OK:
            raise_error(&err)
        return matrix
    finally:
        free(ptrs)
        free(who)


cdef sa_status fill_batch(const sa_position **ptrs, const int *who, size_t n,
                          double[:, ::1] out, sa_error *err):
    cdef sa_status status
    with nogil:
        status = sa_features_batch_players(ptrs, who, n, &out[0, 0], err)
    return status


def json_check(str text) -> None:
    """Reads ``text`` with the C JSON reader and throws the tree away: CoreError
    (SA_ERR_JSON, the message giving the byte offset) when the text is not
    JSON the core accepts (a duplicate key, a NUL, too large, too deep, a number
    too long). Python reads a text with json.loads only after this check."""
    cdef sa_error err
    cdef bytes data
    cdef sa_json_doc *doc
    if len(text) > SA_JSON_MAX_BYTES:  # characters <= bytes: too large before encoding
        raise CoreError(SA_ERR_JSON, f"input too large: more than the limit of "
                        f"{SA_JSON_MAX_BYTES} bytes")
    data = text.encode("utf-8", "surrogatepass")
    doc = sa_json_parse(data, len(data), &err)
    if doc == NULL:
        raise_error(&err)
    sa_json_free(doc)


cdef void annotate_progress(void *user, int done, int total) noexcept nogil:
    with gil:
        try:
            (<object>user)(done, total)
        except BaseException:
            pass  # a progress callback must never break the analysis


cdef void annotate_ply(void *user, const char *item, size_t length) noexcept nogil:
    with gil:
        try:
            (<object>user)(item[:length].decode("utf-8", "surrogatepass"))
        except BaseException:
            pass  # a ply callback must never break the analysis


def annotate_record(str text, object limits, int level, str algo, uint64_t seed, int threads,
                    size_t hash_mb, bint outcomes, bint played_lines, int64_t movetime_cap_ms,
                    int64_t budget_ms, StopFlag stop=None, progress=None, ply=None):
    """Runs sa_annotate (search/annotate.c) on the record ``text`` without the
    GIL: ``(json_text, ended)``, ended 0 done, 1 stopped, 2 over the budget
    (json_text None). ``limits``: a dict of depth/nodes/movetime, empty for
    the ``level`` (0 quick, 1 default, 2 thorough). ``progress(done, total)``
    after each position searched; ``ply(item_json)`` with each ply's item as
    soon as it is complete. CoreError when the record is refused or a search
    cannot run."""
    if algo not in ALGOS:
        raise CoreError(SA_ERR_ARGUMENT, f"unknown algorithm {algo!r} (known: {', '.join(ALGOS)})")
    cdef sa_annotate_options o
    memset(&o, 0, sizeof(o))
    o.depth = limits.get("depth") or 0
    o.nodes = limits.get("nodes") or 0
    o.movetime_ms = limits.get("movetime") or 0
    o.level = level
    o.algo = <sa_algo>ALGOS[algo]
    o.seed = seed
    o.threads = threads
    o.hash_mb = hash_mb
    o.outcomes = outcomes
    o.played_lines = played_lines
    o.movetime_cap_ms = movetime_cap_ms
    o.budget_ms = budget_ms
    if stop is not None:
        o.stop = &stop.value
    if progress is not None:
        o.progress = annotate_progress
    o.progress_user = <void *>progress
    if ply is not None:
        o.ply = annotate_ply
    o.ply_user = <void *>ply
    cdef sa_error err
    cdef int ended = 0
    cdef bytes data = text.encode("utf-8", "surrogatepass")
    cdef const char *ptr = data
    cdef size_t length = len(data)
    cdef char *out
    with nogil:
        out = sa_annotate(ptr, length, &o, &ended, &err)
    if out == NULL:
        if ended:
            return None, ended
        raise_error(&err)
    try:
        return out.decode("utf-8"), 0
    finally:
        free(out)


cdef sa_units units_named(str units) except *:
    if units == "win probability":
        return SA_UNITS_WIN_PROBABILITY
    if units == "points":
        return SA_UNITS_POINTS
    raise CoreError(SA_ERR_ARGUMENT, f"units: 'win probability' or 'points', got {units!r}")


def analysis_marks(str units) -> list:
    """The marks of a record analysis's errors, worst first, with the least
    error of each (search/verdicts.c): [(name, least), ...]."""
    cdef sa_units u = units_named(units)
    return [(sa_mark_name(m).decode(), sa_mark_least(u, m)) for m in range(SA_N_MARKS)]


def move_accuracy(double error, str units) -> float:
    """One move's accuracy, 0-100, from its error in ``units``
    (sa_move_accuracy: lichess's formula on the win percentage lost)."""
    return sa_move_accuracy(error, units_named(units))


def analysis_summary(str plies_json, int players, str units, str game, int level=1) -> str:
    """Each player's summary of analysed plies (their JSON list), as JSON text
    (sa_write_plies_summary), rated by ``game``'s bands at analysis level
    ``level`` (0 quick, 1 default, 2 thorough, -1 explicit limits; none for a
    game the core does not know)."""
    cdef sa_units u = units_named(units)
    cdef bytes game_name = game.encode("utf-8", "surrogatepass")
    cdef sa_error err
    cdef bytes data = plies_json.encode("utf-8", "surrogatepass")
    cdef sa_json_doc *doc = sa_json_parse(data, len(data), &err)
    cdef sa_writer w
    cdef size_t cap = 4096
    cdef char *buf
    if doc == NULL:
        raise_error(&err)
    try:
        while True:
            buf = <char *>malloc(cap)
            if buf == NULL:
                raise MemoryError()
            sa_writer_init(&w, buf, cap)
            if sa_write_plies_summary(&w, sa_json_root(doc), players, u, game_name, level,
                                      &err) != SA_OK:
                free(buf)
                raise_error(&err)
            if w.len < cap:
                try:
                    return buf[:w.len].decode("utf-8")
                finally:
                    free(buf)
            free(buf)
            cap = w.len + 1
    finally:
        sa_json_free(doc)


def record_check(str text) -> None:
    """Checks every field of the game record ``text`` but its moves' legality
    (sa_record_check); CoreError naming the field when one is wrong."""
    cdef sa_error err
    cdef bytes data = text.encode("utf-8", "surrogatepass")
    cdef sa_json_doc *doc = sa_json_parse(data, len(data), &err)
    if doc == NULL:
        raise_error(&err)
    try:
        if sa_record_check(sa_json_root(doc), &err) != SA_OK:
            raise_error(&err)
    finally:
        sa_json_free(doc)


def record_replay(str text) -> list:
    """Reads, checks and replays the game record ``text`` (sa_record_replay,
    common/record.c): every position from the start to after the last move,
    as CPositions; CoreError with the record reader's message (naming the
    field or the ply) when the record is refused."""
    cdef sa_error err
    cdef bytes data = text.encode("utf-8", "surrogatepass")
    cdef const char *ptr = data
    cdef size_t length = len(data)
    cdef sa_record *record
    with nogil:
        record = sa_record_replay(ptr, length, &err)
    if record == NULL:
        raise_error(&err)
    try:
        return [CPosition.wrap(sa_position_copy(sa_record_position(record, i)))
                for i in range(sa_record_plies(record) + 1)]
    finally:
        sa_record_free(record)


ctypedef size_t (*text_writer)(const sa_position *, char *, size_t)


cdef str read_text(const sa_position *pos, text_writer write):
    """Calls a snprintf-style writer, growing the buffer until the text fits."""
    cdef size_t cap = 4096
    cdef size_t n
    cdef char *buf
    while True:
        buf = <char *>malloc(cap)
        if buf == NULL:
            raise MemoryError()
        n = write(pos, buf, cap)
        if n < cap:
            try:
                return buf[:n].decode("utf-8")
            finally:
                free(buf)
        free(buf)
        cap = n + 1


cdef bytes move_bytes(str move):
    """A move's spelling as C text; CoreError naming it when it cannot be one."""
    try:
        data = move.encode("ascii")
    except UnicodeEncodeError:
        raise CoreError(SA_ERR_MOVE, f"illegal move {move!r}: not ASCII")
    if b"\0" in data:
        raise CoreError(SA_ERR_MOVE, f"illegal move {move!r}: contains NUL")
    return data


cdef class CPosition:
    """Owns one ``sa_position``. Mutable: :meth:`apply` works in place."""

    cdef sa_position *ptr

    def __dealloc__(self):
        if self.ptr != NULL:
            sa_position_free(self.ptr)

    @staticmethod
    cdef CPosition wrap(sa_position *ptr):
        if ptr == NULL:
            raise MemoryError()
        cdef CPosition pos = CPosition.__new__(CPosition)
        pos.ptr = ptr
        return pos

    @staticmethod
    def new(str game, rules_json):
        """The start position of ``game``; ``rules_json`` is JSON text or None."""
        cdef sa_error err
        cdef bytes game_b
        cdef bytes rules_b
        cdef sa_position *ptr
        # C reads the name up to its first NUL: "turtles\0x" must not be turtles.
        if "\0" in game or not game.isprintable():
            raise CoreError(SA_ERR_POSITION, f"field 'game': unknown game {game!r} "
                            f"(known: {', '.join(game_names())})", "game")
        game_b = game.encode("utf-8", "surrogatepass")
        if rules_json is None:
            ptr = sa_position_new(game_b, NULL, &err)
        else:
            rules_b = rules_json.encode("utf-8")
            ptr = sa_position_new(game_b, rules_b, &err)
        if ptr == NULL:
            raise_error(&err)
        return CPosition.wrap(ptr)

    @staticmethod
    def from_json(str text):
        """Reads and validates a position from JSON text."""
        cdef sa_error err
        cdef bytes data = text.encode("utf-8", "surrogatepass")
        cdef sa_position *ptr = sa_position_from_json(data, len(data), &err)
        if ptr == NULL:
            raise_error(&err)
        return CPosition.wrap(ptr)

    def copy(self):
        return CPosition.wrap(sa_position_copy(self.ptr))

    @property
    def game(self) -> str:
        return sa_position_game(self.ptr).decode()

    @property
    def to_move(self) -> int:
        """A player index, -1 at a chance position, -2 at a terminal one."""
        return sa_position_to_move(self.ptr)

    @property
    def num_players(self) -> int:
        return sa_position_num_players(self.ptr)

    def to_json_text(self) -> str:
        return read_text(self.ptr, sa_position_to_json)

    def moves_text(self) -> str:
        """Sorted legal moves, or ``OUTCOME:WEIGHT`` chance outcomes, space-separated."""
        return read_text(self.ptr, sa_position_moves_text)

    def apply(self, str move):
        """Applies a move or outcome in place; CoreError if it is not legal."""
        cdef sa_error err
        cdef bytes data = move_bytes(move)
        if sa_position_apply(self.ptr, data, &err) != SA_OK:
            raise_error(&err)

    def redraw_hidden(self, int player, uint64_t seed):
        """Redraws in place every dealt hidden tile but ``player``'s
        (sa_position_redraw_hidden, seeded by ``seed``); CoreError naming the
        problem when the game hides nothing or ``player`` holds no tile."""
        cdef sa_error err
        if sa_position_redraw_hidden(self.ptr, player, seed, &err) != SA_OK:
            raise_error(&err)

    def describe_all(self) -> str:
        """``MOVE<tab>PLACES<tab>TEXT`` lines for every move or outcome, sorted."""
        return read_text(self.ptr, sa_position_describe_all)

    def describe(self, str move):
        """(places, text) of a legal move or outcome: its board places,
        space-separated, and its sentence (safari.h's sa_position_describe)."""
        cdef sa_error err
        cdef bytes data = move_bytes(move)
        cdef char places[512]
        cdef char text[320]
        if sa_position_describe(self.ptr, data, places, sizeof(places), text, sizeof(text),
                                &err) != SA_OK:
            raise_error(&err)
        return places.decode("ascii"), text.decode("utf-8")

    def result(self) -> list:
        cdef sa_error err
        cdef int n = sa_position_num_players(self.ptr)
        cdef int32_t out[16]
        if n > 16:
            raise CoreError(SA_ERR_ARGUMENT, "too many players")
        if sa_position_result(self.ptr, out, &err) != SA_OK:
            raise_error(&err)
        return [out[i] for i in range(n)]

    def hash(self) -> int:
        return sa_position_hash(self.ptr)

    def evaluate(self, int player) -> int:
        return sa_position_evaluate(self.ptr, player)

    def hash_from_scratch(self) -> int:
        return sa_position_hash_from_scratch(self.ptr)

    def features(self, int player=0):
        """The evaluation's features (safari/features.h) for ``player`` as a numpy
        float64 vector."""
        cdef int32_t out[SA_MAX_FEATURES_LITERAL]
        cdef int n = sa_position_player_features(self.ptr, player, out)
        if n < 0:
            raise CoreError(SA_ERR_ARGUMENT, f"player: no player {player} in the game")
        # The core writes them in units of 1 / sa_feature_one (a power of two:
        # the quotient is exact, zebras' shares of territories).
        cdef double one = sa_feature_one(sa_position_game(self.ptr))
        vector = numpy.empty(n, dtype=numpy.float64)
        cdef double[::1] view = vector
        cdef int i
        for i in range(n):
            view[i] = out[i] / one
        return vector

    def weights(self) -> tuple:
        """``(weights, win_scale)`` of the position's weight set."""
        cdef int32_t out[SA_MAX_FEATURES_LITERAL]
        cdef double scale = 0.0
        cdef int n = sa_position_weights(self.ptr, out, &scale)
        return [out[i] for i in range(n)], scale

    def set_weights(self, list weights, double win_scale):
        """Gives the position a weight set; CoreError naming the bad weight."""
        cdef int32_t values[SA_MAX_FEATURES_LITERAL]
        cdef sa_error err
        cdef int i
        if len(weights) > SA_MAX_FEATURES_LITERAL:
            raise CoreError(SA_ERR_ARGUMENT, f"weights: at most {SA_MAX_FEATURES_LITERAL}, "
                                             f"got {len(weights)}")
        for i in range(len(weights)):
            if not -SA_MAX_WEIGHT <= weights[i] <= SA_MAX_WEIGHT:
                raise CoreError(SA_ERR_ARGUMENT, f"weights[{i}] must be -{SA_MAX_WEIGHT}.."
                                                 f"{SA_MAX_WEIGHT}, got {weights[i]}")
            values[i] = weights[i]
        if sa_position_set_weights(self.ptr, values, len(weights), win_scale, &err) != SA_OK:
            raise_error(&err)

    def win_probability(self, int32_t score) -> float:
        """The mover's win probability for a search score (-1: the game has none)."""
        return sa_position_win_probability(self.ptr, score)

    def expected_win_probability(self, double p) -> float:
        """The mover's win probability a search reports for its expected result
        p (the game's calibration of p, or p)."""
        return sa_position_expected_win_probability(self.ptr, p)

    def win_chances(self, list expected) -> list:
        """Every player's win chance from every player's expected result
        (``expected`` not read at a terminal position, whose chances are
        exact); [] for a game without a win-chance model."""
        cdef double values[8]
        cdef double out[8]
        cdef int i, n
        if len(expected) > 8:
            raise CoreError(SA_ERR_ARGUMENT, f"expected: at most 8 values, got {len(expected)}")
        for i in range(8):
            values[i] = float(expected[i]) if i < len(expected) else 0.0
        n = sa_position_win_chances(self.ptr, values, out)
        return [out[i] for i in range(n)]

    def random_playouts(self, uint64_t games, uint64_t seed) -> int:
        """Plays seeded random games to the end; returns the plies played."""
        cdef uint64_t n
        with nogil:
            n = sa_random_playouts(self.ptr, games, seed)
        return n

    def perft(self, int depth, StopFlag stop=None):
        """Leaf count ``depth`` plies below; runs without the GIL. With
        ``stop``: None when the flag was raised before the count was done."""
        cdef uint64_t n
        cdef int stopped = 0
        cdef volatile int *flag = NULL
        if stop is not None:
            flag = &stop.value
        with nogil:
            n = sa_perft_stoppable(self.ptr, depth, flag, &stopped)
        return None if stopped else n


# The report's Python types (safari_ai.report, which imports this module for
# SCORE_WIN: loaded at the first report, when both modules are loaded).
cdef object Line = None
cdef object Outcome = None
cdef object Report = None
cdef object Fraction = None


cdef load_report_types():
    global Line, Outcome, Report, Fraction
    from fractions import Fraction as fraction_type
    from safari_ai.report import Line as line_type, Outcome as outcome_type, Report as report_type
    Line, Outcome, Report, Fraction = line_type, outcome_type, report_type, fraction_type


cdef object report_from_c(const sa_report *r):
    """The C report as a safari_ai.report.Report: the one conversion, for the
    final report and every progress report."""
    if Report is None:
        load_report_types()
    lines = [Line(r.lines[i].score, bool(r.lines[i].exact),
                  r.lines[i].pv.decode("ascii").split(),
                  [r.lines[i].expected[p] for p in range(r.lines[i].n_expected)])
             for i in range(r.n_lines)]
    # an ostrich roll has 1,512 outcomes, and stop's latency includes this
    outcomes = []
    cdef const sa_outcome_value *o
    cdef int n_expected = r.n_expected
    cdef uint64_t total = r.total_weight if r.total_weight > 0 else 1
    if r.chance and r.outcomes != NULL:
        for i in range(r.n_outcomes):
            o = &r.outcomes[i]
            outcomes.append(Outcome(
                o.outcome.decode("ascii"), Fraction(o.weight, total),
                [o.expected[p] for p in range(n_expected)] if o.valued else None,
                o.depth, best=o.best.decode("ascii") or None,
                to_move=MOVERS.get(o.to_move, o.to_move)))
    return Report(
        ALGO_NAMES.get(<int>r.algo, "auto"), r.depth, r.seldepth, r.nodes, r.seconds, lines,
        None if r.win_probability < 0 else r.win_probability,
        hashfull=None if r.hashfull < 0 else r.hashfull, reused=r.reused,
        threads=r.threads if r.threads > 0 else 1, outcomes=outcomes,
        chance_expected=[r.expected[p] for p in range(r.n_expected)] if r.chance else None,
        valued=r.n_valued,
        win_chances=[r.win_chances[p] for p in range(r.n_win_chances)] or None,
        extra={"sample": r.sample} if r.sample > 0 else {})


MOVERS = {-1: "chance", -2: "terminal"}


cdef void progress_trampoline(void *user, const sa_report *report) noexcept with gil:
    try:
        (<object>user)(report_from_c(report))
    except BaseException:
        pass  # a progress callback must never break the search


cdef class StopFlag:
    """A flag another thread sets to stop a running search."""

    cdef volatile int value

    def set(self):
        self.value = 1

    def clear(self):
        self.value = 0

    @property
    def is_set(self) -> bool:
        return self.value != 0


# The search time when no depth, nodes or movetime limit is given
# (safari_ai.limits.DEFAULT_MOVETIME_MS).
DEFAULT_MOVETIME_MS = 1000


cdef fill_limits(sa_limits *limits, object given, str algo, StopFlag stop, progress,
                 bint table, bint mcts_evaluate, str pruning, str multiplayer):
    """Copies ``given`` (a safari_ai.limits.Limits, already checked: each field
    is read once, here) and the search options into ``limits``."""
    if algo not in ALGOS:
        raise CoreError(SA_ERR_ARGUMENT, f"unknown algorithm {algo!r} (known: {', '.join(ALGOS)})")
    if pruning not in PRUNINGS:
        raise CoreError(SA_ERR_ARGUMENT,
                        f"unknown pruning {pruning!r} (known: {', '.join(PRUNINGS)})")
    if multiplayer not in MULTIPLAYERS:
        raise CoreError(SA_ERR_ARGUMENT, f"unknown multiplayer {multiplayer!r} "
                        f"(known: {', '.join(MULTIPLAYERS)})")
    depth, nodes, movetime = given.depth, given.nodes, given.movetime
    limits.depth = 0 if depth is None else depth
    limits.nodes = 0 if nodes is None else nodes
    if movetime is not None:
        limits.movetime_ms = movetime
    elif depth is None and nodes is None:
        limits.movetime_ms = DEFAULT_MOVETIME_MS
    else:
        limits.movetime_ms = 0
    limits.multipv = given.multipv
    limits.threads = given.threads
    limits.seed = given.seed
    limits.algo = <sa_algo>ALGOS[algo]
    limits.hash_mb = given.hash_mb
    limits.no_table = 0 if table else 1
    limits.mcts_evaluate = 1 if mcts_evaluate else 0
    limits.stop = NULL
    if stop is not None:
        limits.stop = &stop.value
    limits.progress = NULL
    if progress is not None:
        limits.progress = progress_trampoline
    limits.progress_user = <void *>progress
    limits.pruning = <sa_pruning>PRUNINGS[pruning]
    limits.chance_width = given.chance_width
    limits.multiplayer = <sa_multiplayer>MULTIPLAYERS[multiplayer]


def search_algo(CPosition pos, object given, str algo) -> str:
    """The algorithm sa_search would run at pos under the Limits ``given`` (auto resolved)."""
    cdef sa_limits limits
    fill_limits(&limits, given, algo, None, None, True, True, "auto", "auto")
    return ALGO_NAMES[sa_search_algo(pos.ptr, &limits)]


def search(CPosition pos, object limits_given, str algo="auto", StopFlag stop=None,
           progress=None, bint table=True, bint mcts_evaluate=False, str pruning="auto",
           str multiplayer="auto"):
    """Runs sa_search under the safari_ai.limits.Limits ``limits_given`` (checked
    when it was made; not checked again here) without the GIL; returns the
    safari_ai.report.Report."""
    cdef sa_limits limits
    fill_limits(&limits, limits_given, algo, stop, progress, table, mcts_evaluate, pruning,
                multiplayer)
    return run_search(pos, &limits, False, 0, 0)


cdef object run_search(CPosition pos, const sa_limits *limits, bint sampled, int player,
                       int samples):
    """sa_search, or sa_search_sampled, without the GIL: the report."""
    cdef sa_report report
    cdef sa_error err
    cdef sa_status status
    with nogil:
        if not sampled:
            status = sa_search(pos.ptr, limits, &report, &err)
        else:
            status = sa_search_sampled(pos.ptr, limits, player, samples, &report, &err)
    try:
        if status != SA_OK:
            raise_error(&err)
        return report_from_c(&report)
    finally:
        sa_report_free(&report)


def search_sampled(CPosition pos, object limits_given, int player, int samples,
                   str algo="auto", StopFlag stop=None, progress=None, bint table=True,
                   str pruning="auto", str multiplayer="auto"):
    """Runs sa_search_sampled (ostrich's hidden tiles redrawn for ``player``,
    ``samples`` copies averaged; search/predictions.c) without the GIL; returns
    the safari_ai.report.Report (a progress report's ``extra["sample"]`` is the
    copy being searched, from 1)."""
    cdef sa_limits limits
    fill_limits(&limits, limits_given, algo, stop, progress, table, True, pruning, multiplayer)
    return run_search(pos, &limits, True, player, samples)


cdef class CMctsSession:
    """Owns one ``sa_mcts_session``: an MCTS tree kept between searches.

    One call at a time: a call made while another runs (a search on another
    thread) raises CoreError instead of touching the tree.
    """

    cdef sa_mcts_session *ptr
    cdef bint busy

    def __cinit__(self):
        self.ptr = sa_mcts_session_new()
        if self.ptr == NULL:
            raise MemoryError()

    def __dealloc__(self):
        if self.ptr != NULL:
            sa_mcts_session_free(self.ptr)

    cdef _check_idle(self, str what):
        if self.busy:
            raise CoreError(SA_ERR_ARGUMENT, f"{what}: the MCTS session is in use by a "
                            "running search (one call at a time)")

    cdef _claim(self, str what):
        self._check_idle(what)
        self.busy = True

    def search(self, CPosition pos, object limits_given, StopFlag stop=None,
               progress=None, bint mcts_evaluate=False):
        """Runs sa_mcts_session_search under the Limits ``limits_given`` (MCTS
        has no depth: a depth alone leaves the search running until stopped)
        without the GIL; the Report."""
        cdef sa_limits limits
        cdef sa_report report
        cdef sa_error err
        cdef sa_status status
        fill_limits(&limits, limits_given, "mcts", stop, progress, True, mcts_evaluate, "auto",
                    "auto")
        self._claim("search")
        try:
            with nogil:
                status = sa_mcts_session_search(self.ptr, pos.ptr, &limits, &report, &err)
        finally:
            self.busy = False
        if status != SA_OK:
            raise_error(&err)
        try:
            return report_from_c(&report)
        finally:
            sa_report_free(&report)

    def advance(self, str move):
        """Plays ``move`` at the root, keeping its subtree; CoreError when illegal."""
        cdef sa_error err
        cdef sa_status status
        cdef bytes data = move_bytes(move)
        cdef const char *text = data
        self._claim("advance")
        try:
            with nogil:
                status = sa_mcts_session_advance(self.ptr, text, &err)
        finally:
            self.busy = False
        if status != SA_OK:
            raise_error(&err)

    def clear(self):
        self._claim("clear")
        sa_mcts_session_clear(self.ptr)
        self.busy = False

    def root(self, str caller="root"):
        """A copy of the tree's root position, or None without a tree."""
        self._check_idle(caller)
        cdef const sa_position *root = sa_mcts_session_root(self.ptr)
        if root == NULL:
            return None
        return CPosition.wrap(sa_position_copy(root))

    @property
    def visits(self) -> int:
        self._check_idle("visits")
        return sa_mcts_session_visits(self.ptr)

    @property
    def nodes(self) -> int:
        self._check_idle("nodes")
        return sa_mcts_session_nodes(self.ptr)

    def child_visits(self, str move) -> int:
        cdef bytes data
        self._check_idle("child_visits")
        try:
            data = move.encode("ascii")
        except UnicodeEncodeError:
            return 0
        if b"\0" in data:
            return 0
        return sa_mcts_session_child_visits(self.ptr, data)
