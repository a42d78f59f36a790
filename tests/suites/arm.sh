#!/bin/sh
# Arm backend (edge dialect) suite: golden graph tests in tests/arm, one or
# more per ported pass (format in tests/graph_goldens.sh); the pipeline's
# listing; skipping on a graph without the passes' ops; every rules file of
# backends/arm checking clean on its own.
cd "$RG_ROOT" || exit 1
rgopt="$RG_BUILD/bin/rgopt"
rulegen="$RG_BUILD/bin/rulegen"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -x "$rgopt" ] || { echo "FAIL arm: $rgopt not built"; exit 0; }
. tests/graph_goldens.sh
graph_goldens tests/arm

# A graph without any op the passes match: every pass of the pipeline is
# skipped from the histogram and no node is visited.
j="$tmp/skip_all.json"
npasses=$("$rgopt" --list | sed -n 's/^  arm: //p' | wc -w)
nskipped=$(grep -c '"skipped": true, .*"nodes_visited": 0}' "$j" 2>/dev/null)
if [ "$npasses" -gt 0 ] && [ "$nskipped" = "$npasses" ] && ! grep -q '"ran": true' "$j"; then
  echo "PASS skip_all.no_visits"
else
  echo "FAIL skip_all.no_visits: $nskipped of $npasses passes skipped with no visits"
fi

# The pipeline runs the ported passes in the backend's order.
if "$rgopt" --list | grep -q '^  arm: remove_clone fuse_batch_norm2d fuse_quantized_activation convert_to_clamp .* fuse_view_copy_transform remove_noop$'; then
  echo "PASS target.pipeline"
else
  echo "FAIL target.pipeline: $("$rgopt" --list | grep '^  arm:')"
fi

# Each rules file checks clean (no warning) with only its own imports.
for f in backends/arm/*.rules; do
  if "$rulegen" -I backends/arm -I backends/xnnpack -I backends/tosa --check "$f" >"$tmp/out" 2>"$tmp/err" && [ ! -s "$tmp/err" ]; then
    echo "PASS check.$(basename "$f" .rules)"
  else
    echo "FAIL check.$(basename "$f" .rules): $(head -n 2 "$tmp/err")"
  fi
done
