/* safari/writer.h: append text to a caller's fixed buffer, snprintf-style.
 *
 * Writes past the capacity are counted but not stored, so `len` is always the
 * full length the text needs; the buffer stays NUL-terminated (cap > 0). The
 * caller retries with a bigger buffer when len >= cap.
 */
#ifndef SAFARI_WRITER_H
#define SAFARI_WRITER_H

#include <stddef.h>
#include <stdint.h>

typedef struct sa_writer {
    char *buf;  /* destination, cap bytes                         */
    size_t cap; /* capacity, including room for the NUL           */
    size_t len; /* bytes written so far (or that would have been) */
} sa_writer;

void sa_writer_init(sa_writer *w, char *buf, size_t cap);
void sa_write(sa_writer *w, const char *text);
void sa_write_char(sa_writer *w, char c);
void sa_write_int(sa_writer *w, int64_t value);
/* A JSON string literal: quotes added, '"', '\\' and control bytes escaped. */
void sa_write_json_string(sa_writer *w, const char *text);
/* A probability weight / total as the JSON string "p/q", in lowest terms. */
void sa_write_fraction(sa_writer *w, uint64_t weight, uint64_t total);
void sa_write_fmt(sa_writer *w, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

#endif /* SAFARI_WRITER_H */
