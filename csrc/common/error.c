/* common/error.c: filling an sa_error. */
#include "common/error.h"

#include <stdarg.h>
#include <stdio.h>

/* Messages quote user text (an unknown key, a game name, a move); a control
 * character in it would break the one-line error every front end prints, so
 * each becomes '?'. */
static void make_one_line(char *message)
{
    for (unsigned char *c = (unsigned char *)message; *c != '\0'; c++)
        if (*c < 0x20 || *c == 0x7f)
            *c = '?';
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
    }
    return status;
}
