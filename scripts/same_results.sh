#!/usr/bin/env bash
# Same results bit for bit from two builds of orca: fits of every family, task and truncation,
# their model files, analyses, explanations, shape functions, predictions, a sweep and a stability
# run, compared byte for byte. Refactors that promise to change no result run it against the
# commit before them:
#   git worktree add /tmp/before HEAD && cmake -S /tmp/before -B /tmp/before/build && \
#     cmake --build /tmp/before/build --target orca_cli
#   scripts/same_results.sh /tmp/before/build/orca build/orca
# Exits 1 naming the first output that differs.
set -euo pipefail
before=$(realpath "$1") after=$(realpath "$2")
work=$(mktemp -d)
[ -n "${ORCA_KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

# Data: deterministic tables (awk's sin and cos on this machine), two to four features.
awk 'BEGIN { print "x1,x2,x3,x4,y,z,k"; for (i = 0; i < 240; i++) { a = sin(i * 1.7); b = cos(i * 0.9);
  c = sin(i * 0.37 + 1); d = cos(i * 2.3); y = (a * b + 0.3 * c > 0.05) ? "pos" : "neg";
  z = a * a - b * c + 0.1 * d; k = (a > 0.4) ? "r" : (b > 0) ? "s" : "t";
  printf "%.6f,%.6f,%.6f,%.6f,%s,%.6f,%s\n", a, b, c, d, y, z, k } }' > "$work/d.csv"

run() {  # run NAME ARGS...: the same command with both binaries, outputs under before/ and after/
    local name=$1
    shift
    for side in before after; do
        local bin=$before
        [ "$side" = after ] && bin=$after
        mkdir -p "$work/$side"
        (cd "$work/$side" && "$bin" "${@//@DATA@/$work/d.csv}" > "$name.out" 2> "$name.err") || {
            echo "$side: orca $* failed: $(cat "$work/$side/$name.err")" >&2
            exit 1
        }
    done
}

fits=(
    "default|--target y --features x1,x2"
    "degree6|--target y --features x1,x2 --degree 6 -C 10"
    "jacobi|--target y --features x1,x2,x3 --family jacobi --alpha 0.5 --beta 1 --max-order 2"
    "gegenbauer|--target y --features x1,x2 --family gegenbauer --lambda 2 --measure lebesgue"
    "hermite|--target y --features x1,x2,x3,x4 --family hermite --degree 2"
    "chebyshev|--target y --features x1,x2,x3,x4 --family chebyshev1 --max-order 0 --max-total-degree 4"
    "weights|--target y --features x1,x2 --class-weight pos=2 --probability --seed 3"
    "ovo|--target k --features x1,x2,x3 --degree 4 --probability"
    "ovr|--target k --features x1,x2 --multi-class ovr"
    "svr|--target z --features x1,x2,x3 --task regression --epsilon 0.05 --degree 4"
    "bigc|--target y --features x1,x2,x3 --degree 2 -C 1000"
)
for entry in "${fits[@]}"; do
    name=${entry%%|*}
    read -r -a args <<< "${entry#*|}"
    run "fit-$name" fit --data @DATA@ "${args[@]}" --model "$name.json" -q
    run "info-$name" info --model "$name.json"
    run "analyze-$name" analyze --model "$name.json" --json "$name-okc.json"
    run "predict-$name" predict --model "$name.json" --data @DATA@
    class=()
    case $name in ovo | ovr) class=(--class s) ;; esac
    run "explain-$name" explain --model "$name.json" --data @DATA@ "${class[@]}"
    run "shapes-$name" shapes --model "$name.json" "${class[@]}"
done
run sweep sweep --data @DATA@ --target y --features x1,x2,x3 --degree 2,3 --max-order 1,2 -C 1,10 --cv 3 \
    --json sweep.json -q
run stability stability --data @DATA@ --target y --features x1,x2 --degree 3 --bootstrap 5 --json stability.json

differ=0
for file in "$work"/before/*; do
    name=$(basename "$file")
    if ! cmp -s "$file" "$work/after/$name"; then
        echo "differs: $name" >&2
        diff <(head -c 3000 "$file") <(head -c 3000 "$work/after/$name") | head -10 >&2 || true
        differ=1
    fi
done
[ "$differ" = 0 ] || exit 1
echo "same results: $(ls "$work/before" | wc -l) outputs identical byte for byte"
