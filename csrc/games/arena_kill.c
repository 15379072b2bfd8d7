/* games/arena_kill.c: the chance, in percent, that one attack defeats its
 * target, for the evaluation's kill threat (arena_eval.c). A gladiator with
 * `spare` dice to lose (attack + defense + speed - 3: its side never loses a
 * die it need not) is beaten by more than `spare` wounds, so the chance is
 * P(wounds > spare) for `attack` Attack dice against `defense` Defense dice.
 * The table is those odds of arena_wound_weights (arena_dice.c) rounded to
 * whole percents; a C test (test_arena.c) recomputes every entry from them.
 * A table, not a computation: the evaluation runs at every search leaf and
 * the exact odds take a dynamic programme over the faces. */
#include "games/arena.h"

/* kill_percent[attack - 1][defense - 1][spare], attack and defense 1..8;
 * a spare of 8 or more outlasts any attack of at most 8 dice. */
static const uint8_t kill_percent[8][8][8] = {
    {{42, 0, 0, 0, 0, 0, 0, 0},
     {25, 0, 0, 0, 0, 0, 0, 0},
     {17, 0, 0, 0, 0, 0, 0, 0},
     {13, 0, 0, 0, 0, 0, 0, 0},
     {9, 0, 0, 0, 0, 0, 0, 0},
     {7, 0, 0, 0, 0, 0, 0, 0},
     {6, 0, 0, 0, 0, 0, 0, 0},
     {5, 0, 0, 0, 0, 0, 0, 0}},
    {{72, 31, 0, 0, 0, 0, 0, 0},
     {55, 23, 0, 0, 0, 0, 0, 0},
     {38, 13, 0, 0, 0, 0, 0, 0},
     {28, 8, 0, 0, 0, 0, 0, 0},
     {21, 5, 0, 0, 0, 0, 0, 0},
     {16, 3, 0, 0, 0, 0, 0, 0},
     {13, 2, 0, 0, 0, 0, 0, 0},
     {10, 2, 0, 0, 0, 0, 0, 0}},
    {{88, 60, 22, 0, 0, 0, 0, 0},
     {75, 47, 15, 0, 0, 0, 0, 0},
     {62, 35, 14, 0, 0, 0, 0, 0},
     {46, 22, 7, 0, 0, 0, 0, 0},
     {35, 15, 4, 0, 0, 0, 0, 0},
     {27, 10, 2, 0, 0, 0, 0, 0},
     {21, 7, 2, 0, 0, 0, 0, 0},
     {17, 5, 1, 0, 0, 0, 0, 0}},
    {{95, 80, 49, 15, 0, 0, 0, 0},
     {87, 67, 38, 11, 0, 0, 0, 0},
     {78, 55, 31, 8, 0, 0, 0, 0},
     {65, 43, 24, 9, 0, 0, 0, 0},
     {51, 29, 14, 5, 0, 0, 0, 0},
     {40, 20, 9, 2, 0, 0, 0, 0},
     {32, 15, 6, 1, 0, 0, 0, 0},
     {26, 11, 4, 1, 0, 0, 0, 0}},
    {{98, 90, 70, 39, 10, 0, 0, 0},
     {94, 82, 59, 31, 8, 0, 0, 0},
     {88, 71, 50, 24, 6, 0, 0, 0},
     {79, 60, 41, 21, 4, 0, 0, 0},
     {68, 48, 31, 17, 6, 0, 0, 0},
     {54, 34, 20, 10, 3, 0, 0, 0},
     {43, 25, 13, 6, 2, 0, 0, 0},
     {35, 18, 9, 4, 1, 0, 0, 0}},
    {{99, 96, 84, 60, 30, 7, 0, 0},
     {97, 90, 76, 52, 24, 6, 0, 0},
     {93, 83, 66, 42, 19, 4, 0, 0},
     {88, 74, 56, 36, 15, 3, 0, 0},
     {81, 64, 47, 31, 15, 2, 0, 0},
     {70, 51, 36, 23, 12, 4, 0, 0},
     {57, 38, 25, 14, 7, 2, 0, 0},
     {46, 29, 17, 9, 4, 1, 0, 0}},
    {{100, 98, 92, 77, 51, 22, 5, 0},
     {99, 95, 86, 69, 44, 18, 4, 0},
     {97, 90, 79, 60, 36, 15, 3, 0},
     {93, 83, 70, 51, 29, 12, 2, 0},
     {89, 75, 61, 44, 26, 9, 2, 0},
     {81, 66, 51, 37, 23, 10, 1, 0},
     {71, 54, 40, 28, 17, 9, 3, 0},
     {59, 41, 29, 18, 11, 5, 1, 0}},
    {{100, 99, 96, 87, 68, 41, 17, 3},
     {99, 98, 93, 81, 61, 36, 14, 3},
     {98, 95, 87, 74, 54, 30, 11, 2},
     {96, 90, 80, 65, 45, 25, 9, 2},
     {93, 84, 72, 57, 39, 20, 7, 1},
     {89, 77, 64, 50, 35, 19, 5, 1},
     {82, 68, 54, 41, 29, 17, 7, 1},
     {72, 56, 43, 31, 22, 13, 6, 2}},
};

int arena_kill_percent(int attack, int defense, int spare)
{
    if (attack < 1 || defense < 1 || spare < 0 || spare >= 8)
        return 0;
    if (attack > 8)
        attack = 8;
    if (defense > 8)
        defense = 8;
    return kill_percent[attack - 1][defense - 1][spare];
}

/* expected_wounds100[attack - 1][defense - 1]: 100 x the mean of
 * arena_wound_weights (sum over k of k x its odds), rounded; a C test
 * (test_arena.c) recomputes every entry. The evaluation's pending and
 * next_blow read it. */
static const uint16_t expected_wounds100[8][8] = {
    {42, 25, 17, 13, 9, 7, 6, 5},
    {102, 78, 51, 35, 26, 20, 15, 12},
    {170, 138, 111, 75, 53, 40, 30, 24},
    {239, 204, 172, 141, 99, 71, 53, 41},
    {308, 274, 238, 206, 169, 121, 89, 67},
    {376, 345, 308, 272, 239, 195, 143, 107},
    {444, 415, 379, 341, 306, 270, 221, 164},
    {512, 485, 452, 413, 375, 340, 300, 245},
};

int arena_expected_wounds100(int attack, int defense)
{
    attack = attack < 1 ? 1 : attack > 8 ? 8 : attack;
    defense = defense < 1 ? 1 : defense > 8 ? 8 : defense;
    return expected_wounds100[attack - 1][defense - 1];
}
