/* common/error.c: filling an sa_error. */
#include "common/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Messages quote user text (an unknown key, a game name, a move); a control
 * character in it would break the one-line error every front end prints, so
 * each becomes '?'. */
static void make_one_line(char *message)
{
    for (unsigned char *c = (unsigned char *)message; *c != '\0'; c++)
        if (*c < 0x20 || *c == 0x7f)
            *c = '?';
}

/* The field path a message names by its prefix "field 'PATH': ", else "".
 * The readers all spell a field error this way, so the path is taken here,
 * once, rather than passed again at each of the many call sites; the path ends
 * at the first "': " (a path holds no such sequence: keys quoted inside a
 * message come after it). */
static void set_field(sa_error *err)
{
    static const char prefix[] = "field '";
    err->field[0] = '\0';
    if (strncmp(err->message, prefix, sizeof prefix - 1) != 0)
        return;
    const char *path = err->message + sizeof prefix - 1;
    const char *end = strstr(path, "': ");
    if (end == NULL)
        end = strchr(path, '\'');
    if (end == NULL)
        return;
    size_t length = (size_t)(end - path);
    if (length >= sizeof err->field)
        length = sizeof err->field - 1;
    memcpy(err->field, path, length);
    err->field[length] = '\0';
}

sa_status sa_error_set(sa_error *err, sa_status status, const char *format, ...)
{
    if (err != NULL) {
        va_list args;
        va_start(args, format);
        err->status = status;
        vsnprintf(err->message, sizeof err->message, format, args);
        va_end(args);
        make_one_line(err->message);
        set_field(err);
    }
    return status;
}
