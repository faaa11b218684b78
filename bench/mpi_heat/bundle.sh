#!/bin/sh
# Packs what the MPI runs of doc/gpu-results.md need onto a GPU machine that
# has no MPI of its own (the H200 machines run Ubuntu 24.04, without Open
# MPI): Debian 12's Open MPI with the libraries it loads, relocated by
# environment, and both builds of the solver.
#
#   bench/mpi_heat/bundle.sh DIR [FERRY-G++]
#
# On the GPU machine: . DIR/env.sh, then mpirun as usual.  Built on
# Debian 12 with libopenmpi-dev, ferry (./build.sh) and CUDA's nvcc.
set -eu
dir=${1:?usage: bundle.sh DIR [FERRY-G++]}
here=$(cd "$(dirname "$0")" && pwd)
ferry_gxx=${2:-ferry-g++}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
ompi=/usr/lib/x86_64-linux-gnu/openmpi/lib
pmix=/usr/lib/x86_64-linux-gnu/pmix2/lib/pmix
rm -rf "$dir"
mkdir -p "$dir/bin" "$dir/lib" "$dir/openmpi3" "$dir/pmix" "$dir/share" "$dir/etc"

OMPI_CXX=$ferry_gxx mpicxx -DOMPI_SKIP_MPICXX=1 -std=c++20 -O3 \
  -o "$dir/bin/mpi_heat" "$here/../../examples/mpi_heat/mpi_heat.cc"
"$nvcc" -O3 -arch=sm_90 -ccbin g++ $(mpicxx --showme:compile) \
  -DOMPI_SKIP_MPICXX=1 -o "$dir/bin/mpi_heat_cuda" "$here/mpi_heat_cuda.cu" \
  $(mpicxx --showme:link)

cp -L "$(command -v orterun)" "$dir/bin/mpirun"
cp -L "$(command -v orted)" "$dir/bin/orted"
# The components that a run on one node uses; the others need drivers
# (InfiniBand, UCX, libfabric) that neither machine has.
for component in "$ompi"/openmpi3/mca_*.so; do
  case $(basename "$component") in
    *ucx*|*ofi*|*openib*|*verbs*|*psm*|*portals*|*usnic*|*java*) ;;
    *) cp -L "$component" "$dir/openmpi3/" ;;
  esac
done
cp -L "$pmix"/*.so "$dir/pmix/" 2>/dev/null || true
cp -rL /usr/share/openmpi "$dir/share/"
cp -rL /usr/share/pmix "$dir/share/" 2>/dev/null || true
cp -L /etc/openmpi/openmpi-mca-params.conf "$dir/etc/" 2>/dev/null || true
# Every library these load, but the C and C++ run-time libraries, which the
# GPU machine has in newer versions.
for file in "$dir"/bin/* "$dir"/openmpi3/*.so "$dir"/pmix/*.so; do
  ldd "$file" 2>/dev/null | awk '/=> \// { print $3 }'
done | sort -u | while read -r library; do
  case $(basename "$library") in
    libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*|ld-linux*|\
    libstdc++.so*|libgcc_s.so*|libcuda.so*|libferry.so*|libgomp.so*) ;;
    *) cp -L "$library" "$dir/lib/" ;;
  esac
done
cat > "$dir/env.sh" <<'ENV'
# bundle=THIS-FOLDER; . THIS-FOLDER/env.sh: Open MPI from this folder.
bundle=$(cd "${bundle:?set bundle to the folder of env.sh}" && pwd)
export PATH=$bundle/bin:$PATH
export LD_LIBRARY_PATH=$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OPAL_PREFIX=$bundle OPAL_BINDIR=$bundle/bin OPAL_LIBDIR=$bundle/lib
export OPAL_PKGLIBDIR=$bundle/openmpi3 OPAL_PKGDATADIR=$bundle/share/openmpi
export OPAL_DATADIR=$bundle/share OPAL_SYSCONFDIR=$bundle/etc
export OMPI_MCA_mca_base_component_path=$bundle/openmpi3
export PMIX_MCA_mca_base_component_path=$bundle/pmix
export OMPI_MCA_mca_base_component_show_load_errors=0
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
export PMIX_MCA_pcompress_base_silence_warning=1
ENV
du -sh "$dir"
