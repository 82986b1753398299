#!/usr/bin/env bash
# Turns a copy of the demo operator into a larger operator: n controller
# packages (internal/gen/c01 ... ), each a copy of the demo's controllers,
# over the same dependency closure, so that the benchmark shows how time and
# memory grow with the operator rather than with its dependencies.
# Usage: bash bench/synth.sh n dir   (dir: a copy of testdata/demo-operator)
set -euo pipefail
n=$1
dir=$2
for i in $(seq -w 1 "$n"); do
  pkg="$dir/internal/gen/c$i"
  mkdir -p "$pkg"
  for f in "$dir"/internal/controller/*.go; do
    sed "s/^package controller$/package c$i/" "$f" >"$pkg/$(basename "$f")"
  done
done
