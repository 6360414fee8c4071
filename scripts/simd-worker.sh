#!/usr/bin/env bash
# The computer's worker module a second time, built with WebAssembly SIMD (simd128), so that
# the network evaluation's loops are vectorised in the page as they are natively. Trunk builds
# the page's module and the plain worker without SIMD (index.html), which browsers without
# WebAssembly SIMD also run; www/engine.js loads this one instead where the browser validates a SIMD
# instruction (docs/web.md, "WebAssembly SIMD").
#
#   simd-worker.sh STAGING
#
# Trunk's post-build hook (Trunk.toml) runs it on its staging directory before
# scripts/hash-assets.mjs hashes the files: it writes www/dame-worker-simd.js and
# www/dame-worker-simd_bg.wasm there, and checks that the plain modules hold no SIMD
# instruction and that this one does. Needs cargo, wasm-bindgen and wasm-opt (scripts/setup-web.sh).
set -euo pipefail
staging="$(realpath "${1:?usage: simd-worker.sh STAGING}")"
cd "$(dirname "$0")/.."
out="$staging/www"
# The versions Trunk.toml pins (scripts/setup-web.sh installs them; Debian's older binaryen
# produces modules that crash in Chromium).
wasm-bindgen --version | grep -q ' 0\.2\.130$' \
  || { echo "simd-worker.sh: wasm-bindgen 0.2.130 wanted, found $(wasm-bindgen --version); run scripts/setup-web.sh" >&2; exit 1; }
wasm-opt --version | grep -q 'version 123' \
  || { echo "simd-worker.sh: wasm-opt 123 wanted, found $(wasm-opt --version); put node_modules/.bin first on PATH (scripts/setup-web.sh)" >&2; exit 1; }
# Its own target directory: other flags in the shared one would rebuild the plain modules.
# RUSTFLAGS, when set, would replace the target's flags: simd128 goes into it then.
target=target/wasm-simd
simd="-C target-feature=+simd128"
if [ -n "${RUSTFLAGS:-}" ]; then export RUSTFLAGS="$RUSTFLAGS $simd"; fi
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$simd" \
  cargo build --quiet --target wasm32-unknown-unknown --target-dir "$target" \
  -p dame-web --bin dame-worker --features worker --profile worker
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name dame-worker-simd \
  "$target/wasm32-unknown-unknown/worker/dame-worker.wasm"
# The same passes as Trunk's for the plain worker (index.html's data-wasm-opt-params); a debug
# build, where Trunk optimises nothing, only strips (the check below needs the target-features
# section gone: wasm-opt would take SIMD from it).
optimise=(-O3 --converge)
if [ "${TRUNK_PROFILE:-release}" = debug ]; then optimise=(); fi
wasm-opt "${optimise[@]}" --strip-debug --strip-producers --strip-target-features \
  "$out/dame-worker-simd_bg.wasm" -o "$out/dame-worker-simd_bg.wasm"

# wasm-opt validates a module against the features it is told; without SIMD it refuses any
# SIMD instruction.
without_simd() { wasm-opt --all-features --disable-simd --disable-relaxed-simd "$1" -o /dev/null 2>/dev/null; }
found=0
while IFS= read -r -d '' plain; do
  found=$((found + 1))
  without_simd "$plain" || { echo "simd-worker.sh: $plain holds SIMD instructions: a browser without SIMD could not load it" >&2; exit 1; }
done < <(find "$staging" -name '*.wasm' ! -name '*simd*' -print0)
[ "$found" -ge 2 ] || { echo "simd-worker.sh: expected the page's and the worker's plain modules in $staging, found $found" >&2; exit 1; }
if without_simd "$out/dame-worker-simd_bg.wasm"; then
  echo "simd-worker.sh: the SIMD worker holds no SIMD instruction: was it built with simd128?" >&2
  exit 1
fi
