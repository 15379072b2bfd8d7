/* common/writer.c: append text to a fixed buffer, counting what does not fit. */
#include "safari/writer.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void sa_writer_init(sa_writer *w, char *buf, size_t cap)
{
    w->buf = buf;
    w->cap = cap;
    w->len = 0;
    if (cap > 0)
        buf[0] = '\0';
}

static void write_bytes(sa_writer *w, const char *bytes, size_t n)
{
    if (w->len + 1 < w->cap) {
        size_t room = w->cap - 1 - w->len;
        size_t copied = n < room ? n : room;
        memcpy(w->buf + w->len, bytes, copied);
        w->buf[w->len + copied] = '\0';
    }
    w->len += n;
}

void sa_write(sa_writer *w, const char *text)
{
    write_bytes(w, text, strlen(text));
}

void sa_write_char(sa_writer *w, char c)
{
    write_bytes(w, &c, 1);
}

void sa_write_int(sa_writer *w, int64_t value)
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%" PRId64, value);
    write_bytes(w, digits, (size_t)n);
}

void sa_write_json_string(sa_writer *w, const char *text)
{
    sa_write_char(w, '"');
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\') {
            sa_write_char(w, '\\');
            sa_write_char(w, (char)*p);
        } else if (*p < 0x20) {
            char escape[8];
            snprintf(escape, sizeof escape, "\\u%04x", *p);
            sa_write(w, escape);
        } else {
            sa_write_char(w, (char)*p);
        }
    }
    sa_write_char(w, '"');
}

void sa_write_fmt(sa_writer *w, const char *format, ...)
{
    char small[256];
    va_list args;
    va_start(args, format);
    int n = vsnprintf(small, sizeof small, format, args);
    va_end(args);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        write_bytes(w, small, (size_t)n);
        return;
    }
    /* Longer than the scratch buffer: count it, and store what fits. */
    size_t room = w->len + 1 < w->cap ? w->cap - w->len : 0;
    if (room > 0) {
        va_start(args, format);
        vsnprintf(w->buf + w->len, room, format, args);
        va_end(args);
    }
    w->len += (size_t)n;
}

void sa_write_fraction(sa_writer *w, uint64_t weight, uint64_t total)
{
    uint64_t a = weight, b = total;
    while (b != 0) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    uint64_t g = a ? a : 1;
    sa_write_fmt(w, "\"%llu/%llu\"", (unsigned long long)(weight / g),
                 (unsigned long long)(total / g));
}
