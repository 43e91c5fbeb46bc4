#!/usr/bin/env bash
# One sitting of the sharded KV store (issue 31's targets): ShardBenchmark's 1-group runs alternated with its
# many-group runs, round by round, then the per-round ratio table (ShardSittingReport).
#
# Each round runs four steps, each in a JVM of its own:
#   seq-g1     CLIENTS sequential clients on 1 group          seq-gN     the same on SEQ_GROUPS groups
#   pipe-g1    one client, INFLIGHT puts in flight, 1 group   pipe-gN    the same on PIPE_GROUPS groups
# Odd rounds run seq-g1, seq-gN, pipe-g1, pipe-gN; even rounds seq-gN, seq-g1, pipe-gN, pipe-g1, so neither group
# count always goes first. After the rounds, one more step measures the idle footprint (IDLE group counts).
# LOCK=run (default): every step is started by `../shared/tools/heavy --quiet` (which waits for the lock and for a
# 1-minute load below 1.5, at most 10 minutes, and prints the load before and after). LOCK=round: one
# `heavy --quiet` per round (and one for the idle step) runs the round's four steps back to back while it holds the
# lock, and the script prints the 1-minute load before and after each step itself (`sitting: load ...`): nothing
# started through heavy runs beside them, but a step starts at the load the previous one left; for a lock shared by
# many users, where waiting for it once per step takes too long. LOCK=held: the caller already holds the lock for the
# whole sitting (`../shared/tools/heavy --quiet env LOCK=held benchmarks/shard-sitting.sh`); every step runs as in a
# round of LOCK=round. Every run reports the cores everything but its JVM used during its measured window ("other
# cores"), whichever the mode.
# Every run: three durable members in one JVM, kryo, leaders balanced before the run (balance=true), no meters.
# Each step's output goes to RESULTS/round-<n>/<k>-<step>.log and its RESULT line to <k>-<step>.results (the idle
# step's to RESULTS/idle.log and idle.results); at the end ShardSittingReport prints (and writes to
# RESULTS/report.md) the ratios N groups ÷ 1 group per round and as median [min..max], every run's figures with the
# load printed around it, and the idle table.
#
# It builds nothing. It expects benchmarks/target/benchmarks.jar (mvn -B -ntp -q -pl benchmarks -am package
# -DskipTests), run from the repository root or anywhere, with ../shared beside the repository.
# Knobs (environment): ROUNDS=3 WARMUP=5 MEASURE=10 (seconds) SEQ_GROUPS=16 PIPE_GROUPS=8 CLIENTS=16 INFLIGHT=64
#   IDLE=1,16,128 (empty: no idle step)  LOCK=run|round|held  JVM_OPTS="-Xms1g -Xmx1g"  RESULTS=<dir> (default
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
LOCK=${LOCK:-run}
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
[[ "$IDLE" =~ ^([1-9][0-9]*(,[1-9][0-9]*)*)?$ ]] \
  || fail "IDLE = $IDLE (expected: group counts such as 1,16,128, or empty)"
[[ "$LOCK" =~ ^(run|round|held)$ ]] || fail "LOCK = $LOCK (expected: run, round or held)"
[ -x "$HEAVY" ] || fail "no $HEAVY (expected: ../shared/tools/heavy beside the repository)"
[ -f "$JAR" ] || fail "no $JAR (expected: built by mvn -B -ntp -q -pl benchmarks -am package -DskipTests)"

# steps ROUND: the round's steps in the order they run
steps() {
  if [ $(($1 % 2)) = 1 ]; then
    echo "seq-g1 seq-g$SEQ_GROUPS pipe-g1 pipe-g$PIPE_GROUPS"
  else
    echo "seq-g$SEQ_GROUPS seq-g1 pipe-g$PIPE_GROUPS pipe-g1"
  fi
}

# options STEP: ShardBenchmark's workload options for a step (seq-g16, pipe-g1, idle)
options() {
  case $1 in
    seq-*) echo "sequential=${1##*-g} pipelined= idle=" ;;
    pipe-*) echo "sequential= pipelined=${1##*-g} idle=" ;;
    idle) echo "sequential= pipelined= idle=$IDLE" ;;
  esac
}

# java_run OUT STEP: one ShardBenchmark JVM on this process's output, RESULT lines to OUT.results
java_run() {
  # shellcheck disable=SC2046,SC2086 # JVM_OPTS, EXTRA and the options are lists of words
  java $JVM_OPTS -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$JAR" io.raftwire.bench.shards.ShardBenchmark \
      warmup="$WARMUP" measure="$MEASURE" clients="$CLIENTS" inflight="$INFLIGHT" results="$1.results" \
      $(options "$2") $EXTRA
}

# unlocked OUT STEP: a step inside a lock already held (LOCK=round or held), with the loads around it
unlocked() {
  {
    echo "sitting: load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    java_run "$1" "$2" || echo "shard-sitting: $(basename "$1") failed (rc=$?)"
    echo "sitting: load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  } > "$1.log" 2>&1
  echo "-- $(date -u +%H:%M:%S) $(basename "$1"): $(grep -E '^(sitting: load|shard-sitting: )' "$1.log" | tr '\n' ' ')"
}

case "${1:-}" in # the modes this script runs itself in, under heavy --quiet
  --step) java_run "$2" "$3"; exit ;;                          # LOCK=run: one step
  --locked-idle) unlocked "$2/idle" idle; exit 0 ;;             # LOCK=round: the idle step
  --locked-round)                                               # LOCK=round: a round's steps
    k=0
    for step in $(steps "$3"); do
      k=$((k + 1))
      unlocked "$2/$k-$step" "$step"
    done
    exit 0 ;;
esac

mkdir -p "$RESULTS"
{
  echo "shard-sitting: results in $RESULTS; rounds=$ROUNDS warmup=${WARMUP}s measure=${MEASURE}s sequential" \
       "$CLIENTS clients on 1 and $SEQ_GROUPS groups, pipelined $INFLIGHT in flight on 1 and $PIPE_GROUPS groups," \
       "idle ${IDLE:-none}; lock per $LOCK; jvm $JVM_OPTS; extra ${EXTRA:-none}"
  head=$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?')
  git -C "$REPO" diff --quiet HEAD 2>/dev/null || head="$head (with uncommitted changes)"
  echo "shard-sitting: $(nproc) cores, $(java -version 2>&1 | head -1), git $head"
} | tee "$RESULTS/sitting.txt"

# locked OUT STEP: one step started by heavy --quiet (LOCK=run)
locked() {
  "$HEAVY" --quiet "$0" --step "$1" "$2" > "$1.log" 2>&1 \
    || echo "shard-sitting: $(basename "$1") failed (rc=$?), see $1.log" | tee -a "$1.log"
  echo "-- $(date -u +%H:%M:%S) $(basename "$1"): $(grep '^heavy: load' "$1.log" | tr '\n' ' ')"
}

export WARMUP MEASURE CLIENTS INFLIGHT IDLE JVM_OPTS EXTRA SEQ_GROUPS PIPE_GROUPS
for round in $(seq 1 "$ROUNDS"); do
  DIR="$RESULTS/round-$round"
  mkdir -p "$DIR"
  echo "-- $(date -u +%H:%M:%S) round $round/$ROUNDS: $(steps "$round")"
  if [ "$LOCK" = round ]; then
    "$HEAVY" --quiet "$0" --locked-round "$DIR" "$round" 2>&1 | tee -a "$DIR/round.log"
  elif [ "$LOCK" = held ]; then
    "$0" --locked-round "$DIR" "$round"
  else
    k=0
    for step in $(steps "$round"); do
      k=$((k + 1))
      locked "$DIR/$k-$step" "$step"
    done
  fi
done

if [ -n "$IDLE" ]; then
  echo "-- $(date -u +%H:%M:%S) idle $IDLE"
  if [ "$LOCK" = round ]; then
    "$HEAVY" --quiet "$0" --locked-idle "$RESULTS" 2>&1 | tee -a "$RESULTS/idle-lock.log"
  elif [ "$LOCK" = held ]; then
    "$0" --locked-idle "$RESULTS"
  else
    locked "$RESULTS/idle" idle
  fi
fi

java -cp "$JAR" io.raftwire.bench.shards.ShardSittingReport "$RESULTS" | tee "$RESULTS/report.md"
