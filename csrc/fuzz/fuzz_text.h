/* fuzz/fuzz_text.h: what both libFuzzer harnesses share. Included by each
 * harness alone (each is its own program), so the function is static. */
#ifndef SAFARI_FUZZ_TEXT_H
#define SAFARI_FUZZ_TEXT_H

#include <stdlib.h>

#include "safari/safari.h"

/* The text a snprintf-style writer makes, in a malloc'd buffer (NULL when out
 * of memory). One call when it fits 64 KiB, as nearly every text does: listing
 * an ostrich roll's 1,512 outcomes twice would halve the harness's speed. */
static inline char *text_of(const sa_position *pos,
                            size_t (*write)(const sa_position *, char *, size_t))
{
    size_t cap = 1 << 16;
    char *buf = malloc(cap);
    if (buf == NULL)
        return NULL;
    size_t n = write(pos, buf, cap);
    if (n >= cap) {
        char *bigger = realloc(buf, n + 1);
        if (bigger == NULL) {
            free(buf);
            return NULL;
        }
        buf = bigger;
        if (write(pos, buf, n + 1) != n)
            __builtin_trap(); /* the same position written twice differs */
    }
    return buf;
}

#endif /* SAFARI_FUZZ_TEXT_H */
