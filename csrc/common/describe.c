/* common/describe.c: what a move does, in words and board places
 * (sa_game.describe_move; safari.h's sa_position_describe).
 *
 * The games fill an sa_move_description with the two appenders below; the
 * public function finds the move by its spelling and copies the result into
 * the caller's buffers. Nothing here allocates.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common/error.h"
#include "safari/game.h"

void sa_describe_place(sa_move_description *d, const char *kind, const char *name)
{
    if (d->n_places >= SA_PLACES_MAX)
        return;
    snprintf(d->places[d->n_places++], SA_PLACE_MAX, "%s:%s", kind, name);
}

void sa_describe_text(sa_move_description *d, const char *format, ...)
{
    size_t used = strlen(d->text);
    if (used + 1 >= sizeof d->text)
        return;
    va_list args;
    va_start(args, format);
    vsnprintf(d->text + used, sizeof d->text - used, format, args);
    va_end(args);
}

void sa_describe_list(sa_move_description *d, const char *const *items, int n)
{
    for (int i = 0; i < n; i++)
        sa_describe_text(d, "%s%s", i == 0 ? "" : i + 1 < n ? ", " : " and ", items[i]);
}

/* Copies the places, space-separated, into buf (cut at cap). */
static void join_places(const sa_move_description *d, char *buf, size_t cap)
{
    size_t used = 0;
    if (cap == 0)
        return;
    buf[0] = '\0';
    for (int i = 0; i < d->n_places && used + 1 < cap; i++)
        used +=
            (size_t)snprintf(buf + used, cap - used, "%s%s", i ? " " : "", d->places[i]);
}

sa_status sa_position_describe(const sa_position *pos, const char *move, char *places,
                               size_t places_cap, char *text, size_t text_cap,
                               sa_error *err)
{
    const sa_game *game = sa_position_game_rules(pos);
    const void *state = sa_position_state(pos);
    sa_move found;
    int known = game->to_move(state) == SA_TERMINAL || strlen(move) >= SA_MOVE_STR_MAX
                    ? 0
                    : sa_game_find_move(game, state, move, &found);
    if (known < 0)
        return sa_error_set(err, SA_ERR_MEMORY, "out of memory");
    if (known == 0)
        return sa_error_set(err, SA_ERR_MOVE,
                            "illegal move '%.100s': not a legal move or chance outcome "
                            "of this position",
                            move);
    sa_move_description d;
    memset(&d, 0, sizeof d);
    game->describe_move(state, found, &d);
    join_places(&d, places, places_cap);
    if (text_cap > 0)
        snprintf(text, text_cap, "%s", d.text);
    return SA_OK;
}
