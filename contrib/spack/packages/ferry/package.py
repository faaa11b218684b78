# SPDX-License-Identifier: GPL-3.0-or-later
# A Spack recipe for ferry.  Use it from a clone:
#
#   spack repo add contrib/spack
#   spack install ferry %gcc@12 +nvptx nvptx_isa=sm_90
#
# ferry's test suite cannot run Spack (it is not a Debian package); it
# checks that this file parses and that every configure option it passes
# exists (testsuite/tools/spack_recipe.sh).

from spack.package import *


class Ferry(AutotoolsPackage):
    """Safe, resident GPU offload for C++ through a GCC plugin: kernels
    checked for races and aliasing at compile time, data movement that
    libferry manages, OpenMP offload underneath."""

    homepage = "https://github.com/ferry-offload/ferry"
    git = "https://github.com/ferry-offload/ferry.git"

    license("GPL-3.0-or-later")

    version("main", branch="main")

    variant("nvptx", default=True,
            description="Offload to NVIDIA GPUs (GCC's nvptx-none compiler)")
    variant("nvptx_isa", default="sm_80",
            values=("sm_70", "sm_75", "sm_80", "sm_89", "sm_90"),
            description="PTX target of the nvptx offload compiler")
    variant("amdgcn", default=False,
            description="Offload to AMD GPUs (GCC's amdgcn-amdhsa "
                        "compiler; OpenMP path only)")
    variant("mpi", default=True,
            description="ferry's MPI layer (libferry_mpi) and the "
                        "mpi_heat example")
    variant("amdgcn_arch", default="gfx906",
            values=("fiji", "gfx900", "gfx906", "gfx908"),
            description="AMD GPU that GCC 12 compiles for")

    depends_on("autoconf", type="build")
    depends_on("automake", type="build")
    depends_on("libtool", type="build")
    depends_on("m4", type="build")
    depends_on("pkgconfig", type="build")
    depends_on("python@3:", type="build")
    depends_on("boost+test", type="build")
    depends_on("mpi", when="+mpi")

    # The plugin runs inside the compiler it is built with, and is ported to
    # GCC 12 (doc/design.md, "GCC versions"); that GCC must have been built
    # with the offload compilers the variants name.
    requires("%gcc@12", msg="ferry's plugin is ported to GCC 12")
    conflicts("~nvptx~amdgcn", msg="choose at least one offload target")

    force_autoreconf = True

    def autoreconf(self, spec, prefix):
        Executable("autoreconf")("-fi")

    def configure_args(self):
        spec = self.spec
        targets = []
        args = []
        if spec.satisfies("+nvptx"):
            targets.append("nvptx-none")
            isa = spec.variants["nvptx_isa"].value
            args.append("--with-nvptx-options=-misa=" + isa)
        if spec.satisfies("+amdgcn"):
            targets.append("amdgcn-amdhsa")
            arch = spec.variants["amdgcn_arch"].value
            args.append("--with-amdgcn-options=-march=" + arch)
        args.append("--with-offload-targets=" + ",".join(targets))
        args.append("--with-mpi" if spec.satisfies("+mpi") else "--without-mpi")
        return args
