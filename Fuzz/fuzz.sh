#!/usr/bin/env bash
# Builds the libFuzzer targets, gathers their seed corpora, replays the committed corpus files
# and past crash inputs (each must finish within FUZZ_TIMEOUT), then fuzzes each target for
# FUZZ_SECONDS seconds. Run from the package root: `make fuzz` (FUZZ_SECONDS=600 for a long run).
#
# Release builds (-O keeps bounds and overflow checks): about 8× the executions per second of
# debug builds under ASan (GIF reader: ~1000/s against ~130/s on 2 shared cores).
#
# Coverage feedback comes from our Swift code (the readers, GIFPreflight, the parser); giflib
# and libpng are the system's uninstrumented builds, so inside them only crashes and heap misuse
# that ASan's malloc interception sees are found, not out-of-bounds reads.
set -euo pipefail
cd "$(dirname "$0")"
SWIFT=${SWIFT:-swift}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
# Seconds one input may take before it counts as a hang (ten times this for the two targets
# that plan whole renders). 1 on a quiet machine; more where other work shares the cores, so
# that an input merely waiting for a core is not reported (the log's slowest_unit_time_sec
# gives the real worst).
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-1}
FUZZ_TARGETS=${FUZZ_TARGETS:-"GIFReader PNGReader WebPReader AnimationParser SwiftUISource CommandLine BatchManifest SwiftCodeParser"}
scratch=${FUZZ_SCRATCH:-.build/fuzz}
# A trap's message, not Swift's backtracer: its memory reader trips ASan and buries the message.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
work=.build

mkdir -p "$work/logs"
# FUZZ_BUILD=0 fuzzes the binaries already in $scratch (one built before a change elsewhere in
# the package, while another run holds the build folder); each must exist.
for target in $FUZZ_TARGETS; do
  if [ "${FUZZ_BUILD:-1}" = 0 ]; then
    [ -x "$scratch/release/Fuzz$target" ] || { echo "fuzz: no built Fuzz$target" >&2; exit 1; }
    continue
  fi
  # A failed build must stop the run: an older binary left in the scratch folder would
  # otherwise be fuzzed in its place.
  status=0
  $SWIFT build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
    --product "Fuzz$target" --scratch-path "$scratch" > "$work/logs/build-$target.log" 2>&1 || status=$?
  grep -v "Cannot export local symbol" "$work/logs/build-$target.log" || true
  if [ "$status" -ne 0 ] || [ ! -x "$scratch/release/Fuzz$target" ]; then
    echo "fuzz: building Fuzz$target failed" >&2
    exit 1
  fi
done

# Seed corpora (the fuzzer adds what it finds next to them; the folder persists across runs).
mkdir -p "$work"/corpus/{gif,png,webp,animation,swiftui,commandline,manifest,swiftcode} "$work"/artifacts/{gif,png,webp,animation,swiftui,commandline,manifest,swiftcode} "$work"/logs
cp ../Tests/GIFCodecTests/Corpus/*.gif ../assets/spinner-explicit.gif ../assets/preview.gif "$work/corpus/gif/"
cp ../Tests/PNGCodecTests/Corpus/*.png "$work/corpus/png/"
for folder in explicit-light@1x implicit-dark@1x preview-light@1x; do
  cp "../assets/reference/$folder/frame_0000.png" "$work/corpus/png/$folder-0000.png"
done
cp Seeds/webp/*.webp "$work/corpus/webp/"
cp Seeds/animation/*.txt "$work/corpus/animation/"
cp Seeds/swiftui/*.swift "$work/corpus/swiftui/"
cp Seeds/commandline/*.txt "$work/corpus/commandline/"
cp Seeds/manifest/*.json "$work/corpus/manifest/"
# The Swift parser starts from the same view files (and finds the rest of the language itself).
cp Seeds/swiftui/*.swift "$work/corpus/swiftcode/"

run() {   # target, corpus name, max_len, extra flags...
  local target=$1 name=$2 max_len=$3; shift 3
  local binary="$scratch/release/Fuzz$target"
  # Replay: the committed corpus and every past crash input, once each, under the time limit.
  local replay=()
  case $name in
    gif) replay+=(../Tests/GIFCodecTests/Corpus/*.gif) ;;
    png) replay+=(../Tests/PNGCodecTests/Corpus/*.png) ;;
    webp) replay+=(Seeds/webp/*.webp) ;;
    commandline) replay+=(Seeds/commandline/*.txt) ;;
    manifest) replay+=(Seeds/manifest/*.json) ;;
  esac
  for f in Regressions/"$name"/*; do [ -f "$f" ] && replay+=("$f"); done
  if [ ${#replay[@]} -gt 0 ]; then
    "$binary" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb=2048 "$@" "${replay[@]}" > "$work/logs/$name-replay.log" 2>&1 \
      || { echo "fuzz: Fuzz$target failed on a committed input, see Fuzz/$work/logs/$name-replay.log" >&2; exit 1; }
    echo "fuzz: Fuzz$target replayed ${#replay[@]} committed inputs, each within $FUZZ_TIMEOUT s"
  fi
  echo "fuzz: Fuzz$target for $FUZZ_SECONDS s (log: Fuzz/$work/logs/$name.log)"
  "$binary" -max_total_time="$FUZZ_SECONDS" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb=2048 -max_len="$max_len" \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/$name/" "$@" "$work/corpus/$name" \
    > "$work/logs/$name.log" 2>&1 || { tail -40 "$work/logs/$name.log" >&2; exit 1; }
  grep -E "DONE|stat::" "$work/logs/$name.log" | sed 's/^/  /'
}

for target in $FUZZ_TARGETS; do
  case $target in
    GIFReader) run GIFReader gif 24576 ;;
    PNGReader) run PNGReader png 16384 ;;
    WebPReader) run WebPReader webp 16384 ;;
    AnimationParser) run AnimationParser animation 256 -dict=Seeds/animation.dict ;;
    SwiftUISource) run SwiftUISource swiftui 4096 -dict=Seeds/swiftui.dict ;;
    # Each input lays out and plans a whole render (about 0.2 s with ASan, several on a busy
    # machine), so these two take 10 s before an input counts as a hang. Both read Swift with
    # the evaluator (a .swift positional, the built-in examples), leaks included.
    CommandLine) run CommandLine commandline 512 -dict=Seeds/commandline.dict -timeout=$((FUZZ_TIMEOUT * 10)) ;;
    BatchManifest) run BatchManifest manifest 2048 -dict=Seeds/manifest.dict -timeout=$((FUZZ_TIMEOUT * 10)) ;;
    SwiftCodeParser) run SwiftCodeParser swiftcode 4096 -dict=Seeds/swiftui.dict ;;
  esac
done
