/* fuzz/fuzz_move.c: libFuzzer harness for the C move parser.
 *
 * Input: one byte choosing a start position (a game and a rules object from
 * the table below), then move and outcome spellings separated by spaces or
 * newlines. Each is applied with sa_position_apply(): a refused spelling must
 * leave the position unchanged (same canonical text), an accepted one must be
 * one of the listed moves or outcomes and keep the Zobrist key consistent.
 * Legal spellings advance the game, so the fuzzer (helped by the corpus of
 * real games in fuzz/corpus/move) reaches positions deep in each game. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_text.h"
#include "safari/safari.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const starts[][2] = {
    {"turtles", NULL},
    {"turtles", "{\"tattoo\":true}"},
    {"turtles", "{\"hatching\":true}"},
    {"zebras", NULL},
    {"zebras", "{\"croc_chain\":true}"},
    {"ostrich", NULL},
    {"ostrich", "{\"lion\":true}"},
    {"ostrich", "{\"players\":2}"},
    {"arena", NULL},
    {"arena", "{\"animals\":true}"},
};
#define N_STARTS (sizeof starts / sizeof starts[0])
#define MAX_MOVES_PER_INPUT 64

/* 1 when `move` is one of the space-separated entries of `listed` (chance
 * outcomes carry ":WEIGHT"). */
static int is_listed(const char *listed, const char *move)
{
    size_t n = strlen(move);
    for (const char *p = listed; *p != '\0';) {
        const char *end = strchr(p, ' ');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len >= n && memcmp(p, move, n) == 0 && (len == n || p[n] == ':'))
            return 1;
        p += len + (end != NULL);
    }
    return 0;
}

static void apply_one(sa_position *pos, const char *move)
{
    sa_error err;
    sa_position *before = sa_position_copy(pos);
    if (before == NULL)
        return;
    if (sa_position_apply(pos, move, &err) == SA_OK) {
        char *listed = text_of(before, sa_position_moves_text);
        if (listed != NULL && !is_listed(listed, move))
            __builtin_trap(); /* accepted a spelling that is not listed */
        free(listed);
        if (sa_position_hash(pos) != sa_position_hash_from_scratch(pos))
            __builtin_trap();
    } else {
        char *was = text_of(before, sa_position_to_json);
        char *is = text_of(pos, sa_position_to_json);
        if (err.message[0] == '\0' || (was && is && strcmp(was, is) != 0))
            __builtin_trap(); /* a refusal changed the position or said nothing */
        free(was);
        free(is);
    }
    sa_position_free(before);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    sa_error err;
    const char *const *start = starts[data[0] % N_STARTS];
    sa_position *pos = sa_position_new(start[0], start[1], &err);
    if (pos == NULL)
        __builtin_trap();
    char *text = malloc(size); /* the moves, NUL-terminated in place of the selector */
    if (text == NULL) {
        sa_position_free(pos);
        return 0;
    }
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    int applied = 0;
    for (char *p = text; *p != '\0' && applied < MAX_MOVES_PER_INPUT;) {
        size_t len = strcspn(p, " \n");
        char saved = p[len];
        p[len] = '\0';
        apply_one(pos, p);
        applied++;
        if (saved == '\0')
            break;
        p += len + 1;
    }
    free(text);
    sa_position_free(pos);
    return 0;
}
