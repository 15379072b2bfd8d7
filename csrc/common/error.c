/* common/error.c: filling an sa_error. */
#include "common/error.h"

#include <stdarg.h>
#include <stdio.h>

sa_status sa_error_set(sa_error *err, sa_status status, const char *format, ...)
{
    if (err != NULL) {
        va_list args;
        va_start(args, format);
        err->status = status;
        vsnprintf(err->message, sizeof err->message, format, args);
        va_end(args);
    }
    return status;
}
