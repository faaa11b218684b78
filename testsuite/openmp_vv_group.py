"""ferry-test's openmp_vv group: the target tests of the OpenMP
Validation and Verification suite (testsuite/openmp_vv), built unchanged
(the C tests with gcc and ferry-gcc, the C++ tests with g++ and
ferry-g++) and run; ferry's build must do at least what GCC's does
(testsuite/openmp_vv/README.md)."""
import os
import shutil
import tempfile

from harness import (COMPILE_TIMEOUT, TESTS, Outcome, ferry_gcc, ferry_gxx,
                     plain_gcc, plain_gxx, run, wrapper_environment)

SUITE = os.path.join(TESTS, "openmp_vv")
# What ferry-g++ adds for GCC's own offloading, without the plugin.
GCC_OFFLOAD = ["-fopenmp", "-foffload=nvptx-none",
               "-foffload-options=nvptx-none=-misa=sm_80",
               "-foffload-options=nvptx-none=-lm",
               "-foffload-options=nvptx-none=-latomic"]


def openmp_vv_cases():
    cases = []
    for root, _, files in os.walk(os.path.join(SUITE, "tests")):
        cases += [os.path.join(root, f) for f in files
                  if f.endswith((".c", ".cpp"))]
    return sorted(cases)


def openmp_vv_case(path):
    name = os.path.relpath(path, TESTS)
    work = tempfile.mkdtemp(prefix="ferry-ompvv-")
    env = wrapper_environment()
    try:
        results = {}
        logs = []
        c = path.endswith(".c")
        for build, command in (
                ("gcc", [plain_gcc() if c else plain_gxx()] + GCC_OFFLOAD),
                ("ferry", [ferry_gcc() if c else ferry_gxx()])):
            binary = os.path.join(work, build)
            code, out, err = run(command + ["-O2", "-I", SUITE, path, "-o",
                                            binary, "-lm"],
                                 env=env, timeout=COMPILE_TIMEOUT)
            if "internal compiler error" in err:
                return Outcome(name, False, "%s build crashed GCC:\n%s" %
                               (build, err))
            if code != 0:
                results[build] = "does not build"
                logs.append("%s build:\n%s%s" % (build, out, err))
                continue
            code, out, err = run([binary], env=env)
            results[build] = "exit %d" % code
            if code != 0:
                logs.append("%s run, exit %d:\n%s%s" % (build, code, out, err))
        gcc, ferry = results["gcc"], results["ferry"]
        # No worse than GCC: passes where GCC's passes, builds where it
        # builds.
        passed = (ferry == "exit 0" or
                  (gcc != "exit 0" and ferry != "does not build") or
                  gcc == "does not build")
        if passed:
            # A test GCC's build fails says so on its PASS line.
            if gcc != "exit 0":
                name += " (GCC's build: %s, ferry's: %s)" % (gcc, ferry)
            return Outcome(name, True)
        return Outcome(name, False, "\n".join(
            ["GCC's build: %s, ferry's: %s" % (gcc, ferry)] + logs))
    finally:
        shutil.rmtree(work, ignore_errors=True)
