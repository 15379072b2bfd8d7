/* fuzz/fuzz_position.c: libFuzzer harness for the C position reader.
 *
 * Input: any bytes, read as a position's JSON text by sa_position_from_json().
 * A refused text must leave a message (and nothing allocated: ASan's leak
 * check). An accepted position must hold the reader's promises, checked with
 * __builtin_trap() so that the fuzzer reports a break as a crash:
 *   - its canonical text reads back to the same text (a round trip);
 *   - its incremental Zobrist key equals the one computed from scratch;
 *   - its moves or chance outcomes can be listed, and every one of them
 *     applies, leaves a consistent key again, and gives a child whose
 *     canonical text the reader accepts.
 * Built with clang -fsanitize=fuzzer,address,undefined (make -C csrc fuzz),
 * or with any compiler and fuzz/replay_main.c to run the corpus as a test. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_text.h"
#include "safari/safari.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_round_trip(const sa_position *pos)
{
    sa_error err;
    char *text = text_of(pos, sa_position_to_json);
    if (text == NULL)
        return;
    sa_position *again = sa_position_from_json(text, strlen(text), &err);
    if (again == NULL)
        __builtin_trap(); /* the engine refuses its own canonical text */
    char *text2 = text_of(again, sa_position_to_json);
    if (text2 != NULL && strcmp(text, text2) != 0)
        __builtin_trap();
    free(text2);
    sa_position_free(again);
    free(text);
}

/* The child after `move`: applied, its key consistent, and its canonical text
 * read back by the reader (play never reaches a position the reader refuses). */
static void check_child(const sa_position *pos, const char *move)
{
    sa_error err;
    sa_position *child = sa_position_copy(pos);
    if (child == NULL)
        return;
    if (sa_position_apply(child, move, &err) != SA_OK)
        __builtin_trap(); /* a listed move is refused */
    if (sa_position_hash(child) != sa_position_hash_from_scratch(child))
        __builtin_trap();
    char *text = text_of(child, sa_position_to_json);
    if (text != NULL) {
        sa_position *again = sa_position_from_json(text, strlen(text), &err);
        if (again == NULL)
            __builtin_trap(); /* the reader refuses a position play reached */
        sa_position_free(again);
        free(text);
    }
    sa_position_free(child);
}

/* Every move is described: one line each, with a sentence (under ASan). */
static void check_described(const sa_position *pos, const char *moves)
{
    char *described = text_of(pos, sa_position_describe_all);
    if (described == NULL)
        return;
    size_t lines = 0, listed = moves[0] != '\0';
    for (const char *p = described; *p; p++)
        lines += *p == '\n';
    for (const char *p = moves; *p; p++)
        listed += *p == ' ';
    if (lines != listed || strstr(described, "\t\n") != NULL)
        __builtin_trap(); /* a move without its line, or a line without words */
    free(described);
}

static void check_every_move(const sa_position *pos)
{
    char *moves = text_of(pos, sa_position_moves_text);
    if (moves == NULL)
        return;
    check_described(pos, moves);
    int who = sa_position_to_move(pos);
    if (who != -2 && moves[0] == '\0')
        __builtin_trap(); /* a position that is not over has a move or an outcome */
    for (char *move = moves, *next; move != NULL && *move != '\0'; move = next) {
        char *end = strchr(move, ' ');
        next = end != NULL ? end + 1 : NULL;
        if (end != NULL)
            *end = '\0';
        char *weight = who == -1 ? strrchr(move, ':') : NULL;
        if (weight != NULL)
            *weight = '\0'; /* "OUTCOME:WEIGHT" */
        check_child(pos, move);
    }
    free(moves);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sa_error err;
    sa_position *pos = sa_position_from_json((const char *)data, size, &err);
    if (pos == NULL) {
        if (err.message[0] == '\0')
            __builtin_trap(); /* every refusal says why */
        return 0;
    }
    if (sa_position_hash(pos) != sa_position_hash_from_scratch(pos))
        __builtin_trap();
    check_round_trip(pos);
    check_every_move(pos);
    sa_position_free(pos);
    return 0;
}
