// libFuzzer's driver, for fuzz targets whose `main` SwiftPM renames (see FuzzerMain.swift).
// Declared in LLVM's compiler-rt/lib/fuzzer/FuzzerInterface.h; present since LLVM 12.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
