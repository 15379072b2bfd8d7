/* tools/sa_cli.c: the C core from the command line, without Python.
 *
 *   sa_cli perft GAME DEPTH [RULES_JSON]   perft from the start position
 *   sa_cli perft-json FILE DEPTH           perft from a position file
 *
 * Used to run perft under the sanitizers and to embed-test the library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "safari/safari.h"

static int usage(void)
{
    fprintf(stderr, "usage: sa_cli perft GAME DEPTH [RULES_JSON]\n"
                    "       sa_cli perft-json FILE DEPTH\n");
    return 2;
}

static sa_position *read_position_file(const char *path, sa_error *err)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err->message, sizeof err->message, "cannot open %s", path);
        return NULL;
    }
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    return sa_position_from_json(text, n, err);
}

int main(int argc, char **argv)
{
    if (argc < 4)
        return usage();
    sa_error err = {SA_OK, ""};
    sa_position *pos = NULL;
    if (strcmp(argv[1], "perft") == 0)
        pos = sa_position_new(argv[2], argc > 4 ? argv[4] : NULL, &err);
    else if (strcmp(argv[1], "perft-json") == 0)
        pos = read_position_file(argv[2], &err);
    else
        return usage();
    if (pos == NULL) {
        fprintf(stderr, "error: %s\n", err.message);
        return 1;
    }
    int depth = atoi(argv[3]);
    for (int d = 1; d <= depth; d++)
        printf("perft %d %llu\n", d, (unsigned long long)sa_perft(pos, d));
    sa_position_free(pos);
    return 0;
}
