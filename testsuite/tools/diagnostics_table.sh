#!/bin/sh
# doc/rules.md keeps a table of every diagnostic of the test suite with
# what it tells the user to do: each diagnostics case that expects an
# error or a warning must appear there by name.
# Runs against the source tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

table="$FERRY_SRC_DIR/doc/rules.md"
[ -r "$table" ] || fail "no $table"
missing=""
for case in "$FERRY_SRC_DIR"/testsuite/diagnostics/*.cc; do
  grep -q 'dg-\(error\|warning\)' "$case" || continue
  name=$(basename "$case" .cc)
  grep -q "\`$name\`" "$table" || missing="$missing $name"
done
[ -z "$missing" ] || fail "not in the diagnostics table of doc/rules.md:$missing"
echo "ok"
