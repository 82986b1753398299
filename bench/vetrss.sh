#!/usr/bin/env bash
# Peak memory and wall time of every vet-tool process (one per package) when
# the standalone command (reconcilelint -json ./..., which runs go vet with
# itself as the vet tool) analyzes a module, largest first.
# Usage: bash bench/vetrss.sh MODULE_DIR [PACKAGES...]   (default ./...)
# Prints the largest ten; the full table (MiB, seconds, package) is kept in
# $VETRSS_KEEP if set.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: bash bench/vetrss.sh MODULE_DIR [PACKAGES...]" >&2; exit 2; }
mod=$(cd "$1" && pwd)
shift
pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || pkgs=(./...)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/reconcilelint" ./cmd/reconcilelint
go build -o "$work/vetrss" ./bench/vetrss
# A fresh build ID (random bytes appended to the tool, whose -V=full hashes
# its own executable): go vet's cache misses and every package is analyzed.
head -c 32 /dev/urandom >>"$work/reconcilelint"
out=$work/rss.tsv
: >"$out"
start=$(date +%s)
# RECONCILELINT_VETTOOL: the standalone command hands go vet the wrapper.
(cd "$mod" && GOFLAGS=-mod=mod VETRSS_TOOL="$work/reconcilelint" VETRSS_OUT="$out" \
  RECONCILELINT_VETTOOL="$work/vetrss" "$work/reconcilelint" -json "${pkgs[@]}" >/dev/null 2>&1) || true
end=$(date +%s)
[ -z "${VETRSS_KEEP:-}" ] || sort -rn "$out" >"$VETRSS_KEEP"
echo "$(wc -l <"$out") packages analyzed in $((end - start))s; largest vet-tool processes (MiB, seconds, package):"
sort -rn "$out" | head -10
