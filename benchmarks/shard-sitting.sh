#!/usr/bin/env bash
# One sitting of the sharded KV store (issue 31's targets): ShardBenchmark's 1-group runs alternated with its
# many-group runs, round by round, then the per-round ratio table (ShardSittingReport).
#
# Each round runs four steps, each in a JVM of its own started by `../shared/tools/heavy --quiet` (which waits for
# the lock and for a 1-minute load below 1.5, at most 10 minutes, and prints the load before and after):
#   seq-g1     CLIENTS sequential clients on 1 group          seq-gN     the same on SEQ_GROUPS groups
#   pipe-g1    one client, INFLIGHT puts in flight, 1 group   pipe-gN    the same on PIPE_GROUPS groups
# Odd rounds run seq-g1, seq-gN, pipe-g1, pipe-gN; even rounds seq-gN, seq-g1, pipe-gN, pipe-g1, so neither group
# count always goes first. After the rounds, one more step measures the idle footprint (IDLE group counts).
# Every run: three durable members in one JVM, kryo, leaders balanced before the run (balance=true), no meters.
# Each step's output goes to RESULTS/round-<n>/<k>-<step>.log and its RESULT line to <k>-<step>.results (the idle
# step's to RESULTS/idle.log and idle.results); at the end ShardSittingReport prints (and writes to
# RESULTS/report.md) the ratios N groups ÷ 1 group per round and as median [min..max], every run's figures with the
# load heavy printed around it, and the idle table.
#
# It builds nothing. It expects benchmarks/target/benchmarks.jar (mvn -B -ntp -q -pl benchmarks -am package
# -DskipTests), run from the repository root or anywhere, with ../shared beside the repository.
# Knobs (environment): ROUNDS=3 WARMUP=5 MEASURE=10 (seconds) SEQ_GROUPS=16 PIPE_GROUPS=8 CLIENTS=16 INFLIGHT=64
#   IDLE=1,16,128 (empty: no idle step)  JVM_OPTS="-Xms1g -Xmx1g"  RESULTS=<dir> (default
#   benchmarks/target/shard-sitting-<UTC time>)  EXTRA="<more ShardBenchmark options, e.g. meters=true>"
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
HEAVY="$REPO/../shared/tools/heavy"
JAR="$REPO/benchmarks/target/benchmarks.jar"
ROUNDS=${ROUNDS:-3}
WARMUP=${WARMUP:-5}
MEASURE=${MEASURE:-10}
SEQ_GROUPS=${SEQ_GROUPS:-16}
PIPE_GROUPS=${PIPE_GROUPS:-8}
CLIENTS=${CLIENTS:-16}
INFLIGHT=${INFLIGHT:-64}
IDLE=${IDLE-1,16,128}
JVM_OPTS=${JVM_OPTS:--Xms1g -Xmx1g}
EXTRA=${EXTRA:-}
RESULTS=${RESULTS:-$REPO/benchmarks/target/shard-sitting-$(date -u +%Y%m%d-%H%M%S)}

fail() { echo "shard-sitting: $*" >&2; exit 2; }
positive() { [[ "$2" =~ ^[1-9][0-9]*$ ]] || fail "$1 = $2 (expected: a positive integer)"; }

positive ROUNDS "$ROUNDS"
positive WARMUP "$WARMUP"
positive MEASURE "$MEASURE"
positive SEQ_GROUPS "$SEQ_GROUPS"
positive PIPE_GROUPS "$PIPE_GROUPS"
positive CLIENTS "$CLIENTS"
positive INFLIGHT "$INFLIGHT"
[[ "$IDLE" =~ ^([1-9][0-9]*(,[1-9][0-9]*)*)?$ ]] || fail "IDLE = $IDLE (expected: group counts such as 1,16,128, or empty)"
[ -x "$HEAVY" ] || fail "no $HEAVY (expected: ../shared/tools/heavy beside the repository)"
[ -f "$JAR" ] || fail "no $JAR (expected: built by mvn -B -ntp -q -pl benchmarks -am package -DskipTests)"

mkdir -p "$RESULTS"
{
  echo "shard-sitting: results in $RESULTS; rounds=$ROUNDS warmup=${WARMUP}s measure=${MEASURE}s sequential" \
       "$CLIENTS clients on 1 and $SEQ_GROUPS groups, pipelined $INFLIGHT in flight on 1 and $PIPE_GROUPS groups," \
       "idle ${IDLE:-none}; jvm $JVM_OPTS; extra ${EXTRA:-none}"
  echo "shard-sitting: $(nproc) cores, $(java -version 2>&1 | head -1)," \
       "git $(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$REPO" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
} | tee "$RESULTS/sitting.txt"

# bench OUT_PREFIX OPTIONS...: one ShardBenchmark JVM under heavy --quiet; output to OUT_PREFIX.log, lines to .results
bench() {
  local out=$1
  shift
  # shellcheck disable=SC2086 # JVM_OPTS and EXTRA are lists of words
  "$HEAVY" --quiet java $JVM_OPTS -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$JAR" \
      io.raftwire.bench.shards.ShardBenchmark warmup="$WARMUP" measure="$MEASURE" clients="$CLIENTS" \
      inflight="$INFLIGHT" results="$out.results" "$@" $EXTRA > "$out.log" 2>&1 \
    || echo "shard-sitting: $(basename "$out") failed (rc=$?), see $out.log"
  grep '^heavy: load' "$out.log" | tr '\n' ' ' || true
  echo
}

for round in $(seq 1 "$ROUNDS"); do
  DIR="$RESULTS/round-$round"
  mkdir -p "$DIR"
  if [ $((round % 2)) = 1 ]; then
    steps="seq-g1 seq-g$SEQ_GROUPS pipe-g1 pipe-g$PIPE_GROUPS"
  else
    steps="seq-g$SEQ_GROUPS seq-g1 pipe-g$PIPE_GROUPS pipe-g1"
  fi
  k=0
  for step in $steps; do
    k=$((k + 1))
    groups=${step##*-g}
    echo -n "-- $(date -u +%H:%M:%S) round $round/$ROUNDS $step: "
    case $step in
      seq-*) bench "$DIR/$k-$step" sequential="$groups" pipelined= idle= ;;
      pipe-*) bench "$DIR/$k-$step" sequential= pipelined="$groups" idle= ;;
    esac
  done
done

if [ -n "$IDLE" ]; then
  echo -n "-- $(date -u +%H:%M:%S) idle $IDLE: "
  bench "$RESULTS/idle" sequential= pipelined= idle="$IDLE"
fi

java -cp "$JAR" io.raftwire.bench.shards.ShardSittingReport "$RESULTS" | tee "$RESULTS/report.md"
