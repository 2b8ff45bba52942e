/* Drawing-speed peer for `make bench`: renders every frame of a Lottie file with rlottie
 * (Samsung's renderer, used by Telegram) at a given size, as many times as asked, and prints
 * the median seconds per pass and a checksum of the last pass's pixels.
 * Usage: rlottie_peer FILE.json WIDTH HEIGHT RUNS */
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s FILE.json WIDTH HEIGHT RUNS\n", argv[0]);
        return 64;
    }
    size_t width = (size_t)atoi(argv[2]), height = (size_t)atoi(argv[3]);
    int runs = atoi(argv[4]);
    Lottie_Animation *animation = lottie_animation_from_file(argv[1]);
    if (!animation || width == 0 || height == 0 || runs < 1) {
        fprintf(stderr, "%s: cannot load the animation or bad size\n", argv[1]);
        return 65;
    }
    size_t frames = lottie_animation_get_totalframe(animation);
    uint32_t *buffer = calloc(width * height, sizeof(uint32_t));
    double *times = calloc((size_t)runs, sizeof(double));
    uint64_t checksum = 0;
    for (int run = 0; run < runs; run++) {
        double start = now();
        for (size_t frame = 0; frame < frames; frame++) {
            lottie_animation_render(animation, frame, buffer, width, height, width * 4);
        }
        times[run] = now() - start;
    }
    for (size_t i = 0; i < width * height; i++) checksum = checksum * 31 + buffer[i];
    qsort(times, (size_t)runs, sizeof(double), compare);
    printf("%zu %.6f %llu\n", frames, times[runs / 2], (unsigned long long)checksum);
    lottie_animation_destroy(animation);
    free(buffer);
    free(times);
    return 0;
}
