#!/bin/bash
# For the first session with a device after 2026-12-05's fifth: the whole
# programs group (prebuilt p, which holds the openmp_regions_* programs
# and this session's kept_locals_in_subscripts, grid_boundary_loops,
# openmp_regions_if_nowait, openmp_sections_with_starts and
# openmp_nested_parallel_for) on both launch
# paths, and the OpenMP_VV pairs, whose if, nowait and offset sections now
# take ferry's path; also the first GPU run of the fourth session's hooks
# (reads only), which doc/gpu-results.md lists as untested.
# Expects .gpu/lib (libferry, Debian's libgomp and its nvptx plugin),
# .gpu/p.tar.xz (`ferry-test -j 2 --prebuild /tmp/p`) and .gpu/vv.tar.xz
# (`openmp_vv_prebuild.sh /tmp/vv`), as README.md says.
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
for a in p vv; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 240
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 30 | tee $logs/openmp_vv-summary.txt
