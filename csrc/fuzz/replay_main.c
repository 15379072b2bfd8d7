/* fuzz/replay_main.c: runs a fuzz harness over files, without libFuzzer.
 *
 *   fuzz_position_replay FILE...   (make -C csrc fuzz-corpus)
 *
 * Links with fuzz_position.c or fuzz_move.c and feeds each file to
 * LLVMFuzzerTestOneInput once, so the seed corpus and every input that ever
 * crashed a harness (fuzz/crashes/) run as a regression test with gcc, and
 * under the sanitizers with SANITIZE=1. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    int ran = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (f == NULL) {
            fprintf(stderr, "cannot open %s\n", argv[i]);
            return 1;
        }
        static uint8_t buf[1 << 21];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
        ran++;
    }
    printf("%d inputs ran\n", ran);
    return 0;
}
