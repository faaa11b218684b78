#!/bin/bash
# The twelfth session's run: the checks after the atomic constructs' fix
# (a program's `x[0]++` capture on a local array read its element outside
# the atomic: OpenMP_VV's target_teams_distribute_nowait failed with
# ferry-g++ on the H100 and the H200), and where the time of nbody,
# jacobi, babelstream and heat goes, and XSBench's and RSBench's, ferry
# against CUDA, under Nsight Systems (each app's own timer covers
# different work in its two versions).
# Expects .gpu/lib (libferry, Debian's libgomp and its nvptx plugin),
# .gpu/vv.tar.xz (`openmp_vv_prebuild.sh /tmp/vv`), .gpu/p.tar.xz
# (`ferry-test -j 2 --prebuild /tmp/p programs`), .gpu/of.tar.xz
# (`ferry-fuzz --openmp --prebuild /tmp/of --cases 160 --seed 5`), .gpu/hec
# (bench/openmp_apps/build.sh with NVCC=false) and .gpu/hecsrc (HeCBench's
# src/<app>-cuda folders and src/include, git archive of f27000a) and
# .gpu/anl (as the eleventh session's script).
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
cat $logs/machine.txt
for a in vv p of; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
(for app in xsbench rsbench; do
   (cd .gpu/anl/$app-cuda && /usr/local/cuda/bin/nvcc -O3 -arch=sm_90 \
      -std=c++17 ./*.cu -o ../$app.cuda -lm) > $logs/$app-nvcc.log 2>&1 ||
     echo "FAILED $app.cuda"
 done
 for name in jacobi nbody babelstream heat; do
   flags=$(awk -v n=$name '$1 == n { print $3 }' bench/openmp_apps/apps.txt)
   [ "$flags" = "-" ] && flags=""
   (cd .gpu/hecsrc/$name-cuda && /usr/local/cuda/bin/nvcc -std=c++17 -O3 \
      -arch=sm_90 $flags $(ls *.cu) -o ../../hec/$name.cuda) \
     > $logs/$name-nvcc.log 2>&1 || echo "FAILED $name.cuda"
 done) > $logs/nvcc.txt 2>&1 &
builds=$!
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 30 | tee $logs/openmp_vv-summary.txt
for launch in auto omp; do
  (cd testsuite && FERRY_LAUNCH=$launch FERRY_TEST_GPU=1 timeout 120 \
     python3 ferry-test -j 16 --run-prebuilt /tmp/r/p) > $logs/programs-$launch.log 2>&1
  echo "programs FERRY_LAUNCH=$launch: $(tail -n 1 $logs/programs-$launch.log)"
  grep -h -A8 "^FAIL" $logs/programs-$launch.log | head -30
done
(cd testsuite && FERRY_TEST_GPU=1 timeout 150 python3 ferry-fuzz -j 8 \
   --run-prebuilt /tmp/r/of --keep $logs/of-failures) > $logs/openmp-fuzz.log 2>&1
tail -n 2 $logs/openmp-fuzz.log
wait $builds
cat $logs/nvcc.txt
nsys=$(command -v nsys || ls /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys 2>/dev/null | head -1)
echo "nsys: ${nsys:-none}"
profile() {  # DIR NAME ARGS...: the CUDA and ferry builds of one app
  local dir=$1 name=$2; shift 2
  for build in cuda ferry; do
    if [ -n "$nsys" ]; then
      (cd /tmp && FERRY_STATS=1 timeout 90 "$nsys" profile -o /tmp/$name-$build \
         --stats=false -t cuda,osrt "$dir/$name.$build" "$@") \
        > $logs/$name-$build-run.txt 2>&1
      timeout 60 "$nsys" stats -r cuda_gpu_kern_sum,cuda_api_sum,cuda_gpu_mem_time_sum \
        -f csv -o $logs/$name-$build /tmp/$name-$build.nsys-rep > /dev/null 2>&1
    else
      FERRY_STATS=1 timeout 60 "$dir/$name.$build" "$@" > $logs/$name-$build-run.txt 2>&1
    fi
    echo "== $name $build: $(grep -h "Total Time\|per iteration\|^Runtime" $logs/$name-$build-run.txt | tr '\n' ' ')"
  done
}
profile $PWD/.gpu/hec jacobi
profile $PWD/.gpu/hec nbody 16000 10
profile $PWD/.gpu/hec babelstream
profile $PWD/.gpu/hec heat 4096 1000
profile $PWD/.gpu/anl xsbench -m event -s large
profile $PWD/.gpu/anl rsbench -m event -s large
ls $logs
