#!/usr/bin/env bash
# Fuzzes ribslint with libFuzzer: the per-file pipeline (every profile), the configuration loader, the baseline reader and the
# suppression parser.
#
#     Fuzz/fuzz.sh [seconds per target] [target…]     # default: 60 s each of file, config, suppression, baseline
#     FUZZ_SEED=1 FUZZ_RUNS=1500 Fuzz/fuzz.sh          # CI: a fixed seed and number of inputs per target, from the
#                                                      # seeds alone: bounded time on any machine (the inputs still
#                                                      # drift a little: linting runs on threads whose coverage varies)
#
# Instruments ribslint's own libraries with -sanitize=fuzzer,address, compiled into .build/fuzz against
# the one release build (`swift build -c release --static-swift-stdlib --product ribslint`, run here first: nothing to
# do when it is up to date), in Swift 6 mode as SwiftPM builds them:
# swift-syntax and Yams are linked from that build as they are, so only our code is instrumented, the coverage the
# fuzzer follows is ours, and swift-syntax is never built a second time. Then Fuzz/Target.swift is compiled
# against them (libFuzzer's own main drives it), each target's corpus is seeded from Fuzz/corpus/<target> (and
# Examples/ for `file`), and run with a per-input time limit. A crash or hang is saved as
# Fuzz/artifacts/<target>/crash-… or timeout-…: add it to Fuzz/corpus/<target> and a test for what it showed,
# so that CI replays it (`swift run ribslint-fuzz Fuzz/corpus/<target>`) from then on.
# A timeout or memory limit that does not happen again when its input is replayed alone was the machine's
# (a stalled runner): it is moved to .build/fuzz/stalled with a warning and does not fail the run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(file config suppression baseline)

scratch=.build/fuzz
release=(swift build -c release --static-swift-stdlib --product ribslint)
"${release[@]}" >&2
bin="$("${release[@]}" --show-bin-path)"
mkdir -p "$scratch/modules"
# The C modules the libraries import, by their module maps in the package checkouts.
maps=(-Xcc -fmodule-map-file=.build/checkouts/swift-syntax/Sources/_SwiftSyntaxCShims/include/module.modulemap
  -Xcc -fmodule-map-file=.build/checkouts/Yams/Sources/CYaml/include/module.modulemap)
instrumented() { # module name, source folder, optimization: a whole-module compile to $scratch/<module>/*.o
  local sources
  mapfile -t sources < <(find "$2" -name '*.swift' | sort)
  rm -rf "${scratch:?}/$1" && mkdir -p "$scratch/$1"
  # Code is generated on every core (four at most), one object per source file, named by an output file map.
  python3 -c 'import json, sys; print(json.dumps({s: {"object": f"{sys.argv[1]}/{i:03}.o"} for i, s in enumerate(sys.argv[2:])}))' \
    "$scratch/$1" "${sources[@]}" > "$scratch/$1.map.json"
  local threads
  threads="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)"
  [ "$threads" -le 4 ] || threads=4
  swiftc -swift-version 6 "$3" -wmo -num-threads "$threads" -sanitize=fuzzer,address -parse-as-library \
    -module-name "$1" -I "$scratch/modules" -I "$bin/Modules" "${maps[@]}" \
    -emit-module -emit-module-path "$scratch/modules/$1.swiftmodule" -c "${sources[@]}" -output-file-map "$scratch/$1.map.json"
}
echo "compiling RibsLintKit and RibsLintRules with -sanitize=fuzzer,address" >&2
# RibsLintKit optimized: its suppression parser runs three times slower without (1,500 inputs: 494 s against
# 150 s). RibsLintRules not: the `file` target runs as fast either way (1,500 inputs in about 250 s), and it
# compiles in 30–45 s instead of 196 s.
instrumented RibsLintKit Sources/RibsLintKit -O
instrumented RibsLintRules Rules -Onone
# What the libraries link from the release build: swift-syntax's modules and Yams, as they were built.
mapfile -t objects < <(find "$bin" -name '*.o' \( -path '*/SwiftSyntax.build/*' -o -path '*/SwiftSyntax[0-9]*.build/*' \
  -o -path '*/SwiftParser.build/*' -o -path '*/SwiftParserDiagnostics.build/*' -o -path '*/SwiftDiagnostics.build/*' -o -path '*/SwiftBasicFormat.build/*' -o -path '*/_SwiftSyntaxCShims.build/*' \
  -o -path '*/Yams.build/*' -o -path '*/CYaml.build/*' \) | sort)
swiftc -swift-version 6 -O -static-stdlib -sanitize=fuzzer,address -parse-as-library -use-ld=lld -I "$scratch/modules" -I "$bin/Modules" "${maps[@]}" \
  Fuzz/Target.swift "$scratch"/RibsLintKit/*.o "$scratch"/RibsLintRules/*.o "${objects[@]}" -o "$scratch/ribslint-fuzz" 2>&1 \
  | { grep -v "the use of .mktemp' is dangerous" || true; } >&2

for target in "${targets[@]}"; do
  corpus="$scratch/corpus/$target"
  # A counted run starts from the seeds alone; a timed one goes on from what earlier runs found.
  if [ -n "${FUZZ_RUNS:-}" ]; then rm -rf "$corpus"; fi
  mkdir -p "$corpus" "Fuzz/artifacts/$target"
  cp Fuzz/corpus/"$target"/* "$corpus"/ 2>/dev/null || true
  if [ "$target" = file ]; then find Examples -name '*.swift' -exec cp {} "$corpus"/ \; ; fi
  if [ -n "${FUZZ_RUNS:-}" ]; then echo "== $target: $FUZZ_RUNS runs" >&2; else echo "== $target: $seconds s" >&2; fi
  status=0
  # A fixed number of runs, Swift's hashing made deterministic and no comparison tracing (its operands
  # include addresses, which differ from run to run) keep a seeded run close to the same everywhere.
  if [ -n "${FUZZ_RUNS:-}" ]; then
    limit=(-runs="$FUZZ_RUNS" -use_cmp=0)
    export SWIFT_DETERMINISTIC_HASHING=1
  else
    limit=(-max_total_time="$seconds")
  fi
  # A slow input is no finding (deep nesting is slow under the sanitizers); past -timeout it is a hang.
  # SWIFT_BACKTRACE off: a Swift trap then reaches libFuzzer as a deadly signal with the sanitizer's stack,
  # instead of the runtime's backtracer (which the address sanitizer stops on).
  FUZZ_TARGET="$target" ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "$scratch/ribslint-fuzz" "$corpus" \
    -seed="${FUZZ_SEED:-0}" "${limit[@]}" -timeout=20 -report_slow_units=100000 -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="Fuzz/artifacts/$target/" > "$scratch/$target.log" 2>&1 || status=$?
  grep -E "cov:" "$scratch/$target.log" | tail -1
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|ERROR|SUMMARY|artifact" "$scratch/$target.log" || true
  if [ "$status" -ne 0 ]; then
    # A timeout or a memory limit can be the machine's (a stalled virtual machine, a loaded runner), not the
    # input's: each one is replayed alone, within half the time limit (an input slow enough to come near it is
    # a finding too), and only one that happens again fails the run.
    # A crash always fails. Last in the log, as a CI page shows its end: what it takes to reproduce it elsewhere.
    failed=0
    for artifact in Fuzz/artifacts/"$target"/*; do
      case "$(basename "$artifact")" in
        timeout-*|oom-*)
          if FUZZ_TARGET="$target" ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "$scratch/ribslint-fuzz" "$artifact" \
            -timeout=10 -rss_limit_mb=4096 > "$scratch/$target.replay.log" 2>&1; then
            echo "warning: $artifact did not happen again when replayed alone: the machine stalled, not the input;" \
              "libFuzzer stopped there, so this target ran fewer inputs. The input, gzip'd:" >&2
            gzip -9cn "$artifact" | base64 >&2
            mkdir -p "$scratch/stalled" && mv "$artifact" "$scratch/stalled/"
            continue
          fi ;;
      esac
      failed=1
    done
    [ "$failed" -eq 1 ] || continue
    echo "libFuzzer stopped with $status on $target: $scratch/$target.log says" >&2
    sed -n '/ERROR\|==ERROR\|deadly signal/,$p' "$scratch/$target.log" | head -60 >&2
    for artifact in Fuzz/artifacts/"$target"/*; do
      # Compressed: a mutated input is often a long run of repeats, and a log keeps a few kilobytes.
      echo "$artifact, $(wc -c < "$artifact") bytes; to replay: echo … | base64 -d | gunzip > input; FUZZ_TARGET=$target swift run ribslint-fuzz input" >&2
      gzip -9cn "$artifact" | base64 >&2
    done
    grep -E "ERROR|SUMMARY" "$scratch/$target.log" | tail -3 >&2
    exit 1
  fi
done
