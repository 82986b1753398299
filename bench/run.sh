#!/usr/bin/env bash
# The performance benchmark: reconcilelint against baselines measured in the
# same run, on a copy of the demo operator and its whole dependency closure,
# and the standalone command on a larger operator made by bench/synth.sh.
# Usage: bash bench/run.sh [repetitions]   (the best of each is reported)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
reps=${1:-2}
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

echo "building the tools..."
go build -o "$work/baseline" ./bench/baseline
go build -o "$work/reconcilelint" ./cmd/reconcilelint
go build -o "$work/peakrss" ./bench/peakrss
(cd testdata/golangci && go build -o "$work/golangci-lint" .)
cp -r testdata/demo-operator "$work/demo"
cp -r testdata/demo-operator "$work/synth"
chmod -R u+w "$work/demo" "$work/synth"
bash bench/synth.sh 50 "$work/synth"
(cd "$work/synth" && go build ./...)
synth_packages=$(cd "$work/synth" && go list ./... | wc -l)
cd "$work/demo"
go build ./... # compile the closure once: every measurement then starts from the same warm build cache
packages=$(go list -deps ./... | wc -l)

# fresh copies a tool with random bytes appended: its build ID, and so go
# vet's cache key, is new, and every package is analyzed again.
fresh() {
  local f
  f=$(mktemp "$work/fresh.XXXXXX")
  cp "$1" "$f"
  chmod +x "$f"
  head -c 32 /dev/urandom >>"$f"
  echo "$f"
}
seconds() { # prints the wall time of a command, in seconds
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  awk "BEGIN { printf \"%.2f\", $end - $start }"
}
best() { # best of $reps runs of a command that is rebuilt fresh each time by the caller
  local best=""
  for _ in $(seq "$reps"); do
    local t
    t=$("$@")
    if [ -z "$best" ] || awk "BEGIN { exit !($t < $best) }"; then best=$t; fi
  done
  echo "$best"
}
vet_fresh() { seconds go vet -vettool="$(fresh "$1")" ./...; }
vet_ssa_fresh() { BASELINE_SSA=1 seconds go vet -vettool="$(fresh "$work/baseline")" ./...; }
golangci() {
  local cache
  cache=$(mktemp -d)
  GOLANGCI_LINT_CACHE=$cache seconds "$work/golangci-lint" run --config "$1" ./...
  rm -rf "$cache"
}

echo "measuring ($reps repetitions each, best kept)..."
a=$(best vet_fresh "$work/baseline")
b=$(best vet_ssa_fresh)
c=$(best vet_fresh "$work/reconcilelint")

# The standalone command, cold (a fresh tool: go vet's cache misses), with
# the peak of all its processes together (it runs go vet, which runs the tool).
standalone() { # dir tool -> "12.34s, peak RSS 210 MiB"
  (cd "$1" && { "$work/peakrss" "$2" ./... 2>&1 >/dev/null || true; } | awk '/^wall/ {sub("s", "", $2); printf "%ss, peak RSS %s MiB", $2, $4}')
}
d=$(standalone "$work/demo" "$(fresh "$work/reconcilelint")")
synth_tool=$(fresh "$work/reconcilelint")
g=$(standalone "$work/synth" "$synth_tool")
echo "// a one-line edit" >>"$work/synth/internal/gen/c07/bucket_controller.go"
h=$(standalone "$work/synth" "$synth_tool")

e_plugin=$(best golangci "$root/testdata/snippets/golangci.yml")
e_ctx=$(best golangci "$root/bench/contextcheck.yml")

# (f) warm: the same tool, its cache full, after a one-line edit.
tool=$(fresh "$work/reconcilelint")
go vet -vettool="$tool" ./... >/dev/null 2>&1 || true
echo "// a one-line edit" >>internal/controller/bucket_controller.go
f=$(seconds go vet -vettool="$tool" ./...)

ratio() { awk "BEGIN { printf \"%.2f\", $1 / $2 }"; }
cat <<OUT
reconcilelint benchmark: the demo operator and its dependency closure ($packages packages), $(nproc) cores
(a) go vet, baseline tool (parse, type-check, one fact per package)  ${a}s
(b) go vet, baseline tool that also builds SSA                       ${b}s
(c) go vet -vettool=reconcilelint                                    ${c}s
(d) reconcilelint ./... (standalone), the demo ($(go list ./... | wc -l) packages)             ${d}
(g) reconcilelint ./... (standalone), synthetic operator ($synth_packages packages)  ${g}
(h) the same, warm, after a one-line edit in one controller           ${h}
(e) golangci-lint with the reconcilelint plugin, caches cleared      ${e_plugin}s
    golangci-lint with only contextcheck, caches cleared             ${e_ctx}s
(f) go vet -vettool=reconcilelint, warm, after a one-line edit       ${f}s
ratios: c/a = $(ratio "$c" "$a")   c/b = $(ratio "$c" "$b")   plugin/contextcheck = $(ratio "$e_plugin" "$e_ctx")
targets: c/a <= 1.15, plugin/contextcheck <= 0.8, standalone peak RSS <= 1024 MiB on 40+ packages, warm re-runs <= 5s
OUT
