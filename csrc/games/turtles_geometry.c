/* games/turtles_geometry.c: cell names of the turtles board (numbering drawn
 * in turtles.h). */
#include "games/turtles.h"

int turtles_sq_valid(int sq)
{
    return sq >= 0 && sq < 64 && ((TURTLES_BOARD_BB >> sq) & 1);
}

/* Rank offset of column c: rank = s + rank_base(c). */
static int rank_base(int c)
{
    return (6 - c < 3 ? 6 - c : 3) - 2;
}

void turtles_sq_name(int sq, char out[3])
{
    int c = sq >> 3, s = sq & 7;
    out[0] = (char)('a' + c);
    out[1] = (char)('0' + s + rank_base(c));
    out[2] = '\0';
}

int turtles_sq_parse(const char *name)
{
    if (name[0] < 'a' || name[0] > 'g' || name[1] < '1' || name[1] > '7' ||
        name[2] != '\0')
        return TURTLES_NO_SQ;
    int c = name[0] - 'a';
    int s = name[1] - '0' - rank_base(c);
    if (s < 0 || s > 6)
        return TURTLES_NO_SQ;
    int sq = 8 * c + s;
    return turtles_sq_valid(sq) ? sq : TURTLES_NO_SQ;
}
