#!/bin/bash
# For the first session with a device after 2026-12-05's sixth: the whole
# programs group (prebuilt p: the openmp_regions_* programs, this
# session's openmp_region_globals, the fifth session's
# kept_locals_in_subscripts, grid_boundary_loops,
# openmp_regions_if_nowait, openmp_sections_with_starts and
# openmp_nested_parallel_for, and coherence_probe_reads with this
# session's read windows) on both launch paths; the OpenMP_VV pairs, whose
# if, nowait and constant-start sections take ferry's path; the hooks'
# settling of the fourth session (reads only), which doc/gpu-results.md
# lists as untested; and tools/calls_in_other_files.sh's three builds
# (prebuilt calls: the halo routine in another file, skipped syncs under
# guarded pages), on the GPU, on the compiler's syncs alone, and on the
# naive path, against the plain build, with the bytes each moves.
# Expects .gpu/lib (libferry, Debian's libgomp and its nvptx plugin),
# .gpu/p.tar.xz (`ferry-test -j 2 --prebuild /tmp/p`), .gpu/vv.tar.xz
# (`openmp_vv_prebuild.sh /tmp/vv`) and .gpu/calls.tar.xz (two_files,
# one_file and plain_build of that test, its temporary folder kept).
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r /tmp/r/calls
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
for a in p vv; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
xz -dc .gpu/calls.tar.xz | tar xf - -C /tmp/r/calls
(cd /tmp/r/calls &&
 want=$(./plain_build) &&
 for run in "" "FERRY_COHERENCE=compiler" "FERRY_RESIDENCY=0"; do
   for program in two_files one_file; do
     got=$(env $run FERRY_STATS=1 ./$program 2> stats.txt)
     verdict=FAIL; [ "$got" = "$want" ] && verdict=PASS
     echo "$verdict ${run:-default} $program: $got (plain: $want)" \
          "$(grep -o 'd2h_bytes=[0-9]* d2h_copies=[0-9]* faults=[0-9]*' stats.txt)"
   done
 done) > $logs/calls_in_other_files.txt 2>&1
cat $logs/calls_in_other_files.txt
bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 240
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 30 | tee $logs/openmp_vv-summary.txt
