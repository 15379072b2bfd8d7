/* common/error.h: filling an sa_error. Internal to the library. */
#ifndef SAFARI_COMMON_ERROR_H
#define SAFARI_COMMON_ERROR_H

#include "safari/safari.h"

/* Sets err (when not NULL) to `status` with a printf-style message and returns
 * `status`, so that callers can write `return sa_error_set(err, ...);`.
 * A message about a field starts "field 'PATH': " (every reader writes it so);
 * err->field then holds PATH, otherwise "". */
sa_status sa_error_set(sa_error *err, sa_status status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

#endif
