"""ferry-test's mpi group: ferry's MPI layer on 1 to 4 ranks
(examples/mpi_heat and testsuite/mpi), on the host and the sim device,
equal to one rank's answers, with the bytes per step from ferry-stats,
check mode on a pending receive, and errors naming the rank.  Runs when
FERRY_TEST_MPI=yes (configure found MPI)."""
import os
import re
import shutil
import tempfile
import threading

from harness import (BUILD, COMPILE_TIMEOUT, SRC, TESTS, Outcome, ferry_gxx,
                     plain_gxx, run, wrapper_environment)


# ferry's MPI layer with Open MPI (or any MPI whose mpicxx honours OMPI_CXX
# or MPICH_CXX), when configure found one (FERRY_TEST_MPI=yes): the
# examples/mpi_heat solver and testsuite/mpi/messages.cc on 1, 2 and 4
# ranks (oversubscribed: CI has 2 cores), on the host and the sim device.
MPI_PROGRAMS = {"mpi_heat": os.path.join(SRC, "examples", "mpi_heat",
                                         "mpi_heat.cc"),
                "messages": os.path.join(TESTS, "mpi", "messages.cc"),
                "class_halo": os.path.join(TESTS, "mpi", "class_halo.cc")}
MPI_RANKS = [1, 2, 4]
MPI_HEAT_COLUMNS = 200  # rows of 1,600 bytes: not a whole number of pages
_mpi_builds = {}
_mpi_build_lock = threading.Lock()


def mpi_environment():
    env = wrapper_environment()
    env.update({"OMPI_CXX": ferry_gxx(), "MPICH_CXX": ferry_gxx(),
                # CI runs as root, on 2 cores, in a container without
                # ptrace (Open MPI's single-copy transport needs it).
                "OMPI_ALLOW_RUN_AS_ROOT": "1",
                "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
                "OMPI_MCA_rmaps_base_oversubscribe": "1",
                "OMPI_MCA_btl_vader_single_copy_mechanism": "none"})
    return env


def mpi_program(name):
    """Builds NAME of MPI_PROGRAMS once, the way Open MPI users build;
    returns (binary, problems)."""
    with _mpi_build_lock:
        if name not in _mpi_builds:
            work = tempfile.mkdtemp(prefix="ferry-mpi-")
            binary = os.path.join(work, name)
            code, out, err = run(
                [os.environ.get("FERRY_TEST_MPICXX", "mpicxx"),
                 "-DOMPI_SKIP_MPICXX=1", "-std=c++20", "-O2", "-Wall",
                 "-Wextra", "-Werror", "-o", binary, MPI_PROGRAMS[name]],
                env=mpi_environment(), timeout=COMPILE_TIMEOUT)
            _mpi_builds[name] = (binary, [] if code == 0 else
                                 ["building %s failed:\n%s%s" %
                                  (name, out, err)])
        return _mpi_builds[name]


def mpirun(ranks, command, env):
    # Each run gets its own session directory: two mpiruns started at once
    # both try to create /tmp/ompi.<host>.<uid>, and the loser's orte_init
    # fails with "File exists" (Open MPI 4.1's session_dir.c).
    session = tempfile.mkdtemp(prefix="ferry-mpirun-")
    try:
        env = dict(env, TMPDIR=session, OMPI_MCA_orte_tmpdir_base=session)
        return run([os.environ.get("FERRY_TEST_MPIEXEC", "mpirun"),
                    "--tag-output", "-np", str(ranks)] + command, env=env)
    finally:
        shutil.rmtree(session, ignore_errors=True)


def rank_lines(output, stream="stdout"):
    """{rank: [line, ...]} from mpirun --tag-output's "[1,R]<stream>:line"."""
    lines = {}
    for match in re.finditer(r"^\[\d+,(\d+)\]<%s>:(.*)$" % stream, output,
                             re.M):
        lines.setdefault(int(match.group(1)), []).append(match.group(2))
    return lines


def mpi_cases():
    if os.environ.get("FERRY_TEST_MPI") != "yes":
        return []
    return ["mpi/heat/host", "mpi/heat/sim", "mpi/heat/sim-compiler",
            "mpi/heat/bytes-per-step", "mpi/messages/host",
            "mpi/messages/sim", "mpi/messages/sim-compiler",
            "mpi/check-mode", "mpi/errors", "mpi/layer", "mpi/class-halo"]


DEVICE_RUNS = {"host": {"FERRY_DEVICE": "host"},
               "sim": {"FERRY_DEVICE": "sim"},
               "sim-compiler": {"FERRY_DEVICE": "sim",
                                "FERRY_COHERENCE": "compiler"}}


def heat_runs(label):
    """mpi_heat on 1, 2 and 4 ranks: each OK, and the same residual line as
    one rank's."""
    binary, problems = mpi_program("mpi_heat")
    if problems:
        return problems
    env = mpi_environment()
    env.update(DEVICE_RUNS[label.split("/")[-1]])
    results = {}
    for ranks in MPI_RANKS:
        code, out, err = mpirun(ranks, [binary, "66", str(MPI_HEAT_COLUMNS),
                                        "30", "10"], env)
        lines = rank_lines(out).get(0, [])
        if code != 0 or not lines or lines[-1] != "mpi_heat: OK":
            return ["%d ranks: exit %d\n%s%s" % (ranks, code, out, err)]
        results[ranks] = [line.split(",")[-1] for line in lines
                          if "residual" in line]
    return ["%d ranks end with%s, one rank with%s" %
            (ranks, results[ranks], results[1])
            for ranks in MPI_RANKS if results[ranks] != results[1]]


def stats_of(lines):
    for line in lines:
        if line.startswith("ferry-stats "):
            return {key: int(value) for key, value in
                    re.findall(r"(\w+)=(\d+)", line)}
    return None


def heat_bytes_per_step():
    """Each extra step moves exactly one row each way per neighbour, per
    rank: the row MPI_Sendrecv sends comes back, the row it received goes
    up, nothing else (ferry-stats of 20 and 30 steps, on the sim device)."""
    binary, problems = mpi_program("mpi_heat")
    if problems:
        return problems
    env = mpi_environment()
    env.update({"FERRY_DEVICE": "sim", "FERRY_STATS": "1"})
    row = MPI_HEAT_COLUMNS * 8
    for ranks in MPI_RANKS:
        stats = {}
        for steps in (20, 30):
            code, out, err = mpirun(ranks, [binary, "66", str(MPI_HEAT_COLUMNS),
                                            str(steps), "10", "0"], env)
            if code != 0:
                return ["%d ranks, %d steps: exit %d\n%s%s" %
                        (ranks, steps, code, out, err)]
            stats[steps] = {rank: stats_of(lines) for rank, lines in
                            rank_lines(out + err, "stderr").items()}
        for rank in range(ranks):
            before, after = stats[20].get(rank), stats[30].get(rank)
            if not before or not after:
                problems.append("%d ranks: no ferry-stats line of rank %d" %
                                (ranks, rank))
                continue
            neighbours = (rank > 0) + (rank < ranks - 1)
            for key, want in (("d2h_bytes", neighbours * row),
                              ("h2d_bytes", neighbours * row),
                              ("d2h_copies", neighbours),
                              ("h2d_copies", neighbours)):
                got = (after[key] - before[key]) / 10
                if got != want:
                    problems.append("%d ranks, rank %d: %s per step is %g, "
                                    "expected %d" %
                                    (ranks, rank, key, got, want))
    return problems


def messages_runs(label):
    binary, problems = mpi_program("messages")
    if problems:
        return problems
    env = mpi_environment()
    env.update(DEVICE_RUNS[label.split("/")[-1]])
    for ranks in (1, 2, 3):
        code, out, err = mpirun(ranks, [binary], env)
        if code != 0 or "messages: OK" not in out:
            problems.append("%d ranks: exit %d\n%s%s" % (ranks, code, out, err))
    return problems


def expect_rank_errors(ranks, command, env, pattern):
    """Run COMMAND, which must fail with PATTERN on stderr for every rank
    ("ferry: rank R: " then PATTERN)."""
    code, out, err = mpirun(ranks, command, env)
    problems = ["exit 0, expected a failure\n" + out + err] if code == 0 else []
    for rank in range(ranks):
        if not re.search(r"ferry: rank %d: %s" % (rank, pattern), out + err):
            problems.append("no 'ferry: rank %d: %s' in:\n%s%s" %
                            (rank, pattern, out, err))
    return problems


def program_and_environment(name, settings):
    """NAME of MPI_PROGRAMS built, the MPI environment with SETTINGS, and
    the build's problems."""
    binary, problems = mpi_program(name)
    env = mpi_environment()
    env.update(settings)
    return binary, env, problems


def mpi_check_mode():
    """A kernel launched on the buffer of an unfinished MPI_Irecv is
    stopped in check mode, naming the rank, the kernel and the call."""
    binary, env, problems = program_and_environment(
        "messages", {"FERRY_DEVICE": "sim", "FERRY_CHECK": "1"})
    if problems:
        return problems
    problems += expect_rank_errors(
        2, [binary, "race"], env,
        r"kernel 'scale' .* called at .*messages\.cc:\d+: .* an unfinished "
        r"MPI_Irecv receives into")
    # Writing a buffer in flight in an MPI_Isend is refused; a kernel on
    # another buffer before it is not.
    problems += expect_rank_errors(
        2, [binary, "race-send"], env,
        r"kernel 'fill' .* called at .*messages\.cc:\d+: .* an unfinished "
        r"MPI_Isend sends from")
    return problems


def mpi_errors():
    """A rank without its GPU, and ranks out of device memory, are named,
    with the kernel and its call site."""
    binary, env, problems = program_and_environment(
        "mpi_heat", {"FERRY_DEVICE": "gpu", "FERRY_GPU": "99"})
    if problems:
        return problems
    problems += expect_rank_errors(
        2, [binary], env,
        r"(FERRY_DEVICE=gpu, but OpenMP reports no offload device|"
        r"FERRY_GPU=99, but OpenMP reports \d+ GPU)")
    env.update({"FERRY_DEVICE": "sim", "FERRY_SIM_MEMORY": "100000"})
    env.pop("FERRY_GPU")
    problems += expect_rank_errors(
        2, [binary, "130", "130"], env,
        r"kernel 'jacobi_step' \(.*mpi_heat\.cc:\d+\) called at "
        r".*mpi_heat\.cc:\d+ \(its 2 buffers: \d+ bytes\): out of device "
        r"memory: .*MPI ranks that share a GPU share its memory")
    return problems


def mpi_layer():
    """libferry_mpi defines every call the plugin leaves to it, and a
    program that relies on it does not link without it."""
    problems = []
    archive = os.path.join(BUILD, "runtime", ".libs", "libferry_mpi.a")
    code, out, err = run(["nm", "--defined-only", archive])
    defined = set(re.findall(r" T (\w+)$", out, re.M))
    with open(os.path.join(SRC, "runtime", "mpi", "wrapped_calls.def")) as f:
        wrapped = re.findall(r"^FERRY_MPI_CALL\((\w+)\)", f.read(), re.M)
    problems += ["%s is in wrapped_calls.def but libferry_mpi does not "
                 "define it" % name for name in wrapped if name not in defined]
    if len(wrapped) < 20:
        problems.append("wrapped_calls.def lists only %d calls" % len(wrapped))
    work = tempfile.mkdtemp(prefix="ferry-mpi-layer-")
    try:
        env = mpi_environment()
        obj = os.path.join(work, "heat.o")
        code, out, err = run([os.environ.get("FERRY_TEST_MPICXX", "mpicxx"),
                              "-DOMPI_SKIP_MPICXX=1", "-std=c++20", "-c",
                              "-o", obj, MPI_PROGRAMS["mpi_heat"]], env=env,
                             timeout=COMPILE_TIMEOUT)
        if code != 0:
            return problems + ["compiling mpi_heat failed:\n" + out + err]
        # ferry-g++ names the layer after the MPI library, and the
        # program's own definitions of the calls must still be the ones
        # that run; linked without the layer, the program must not link.
        code, out, err = run([os.environ.get("FERRY_TEST_MPICXX", "mpicxx"),
                              "--showme:link"], env=env)
        libraries = [a for a in out.split() if not a.startswith("-lmpi")]
        heat = os.path.join(work, "heat")
        code, out, err = run([ferry_gxx(), "-o", heat, obj] + libraries +
                             ["-lmpi"], env=env, timeout=COMPILE_TIMEOUT)
        if code != 0:
            problems.append("ferry-g++ ... -lmpi did not link:\n" + out + err)
        else:
            code, out, err = run(["nm", "--defined-only", heat])
            if not re.search(r" T MPI_Sendrecv$", out, re.M):
                problems.append("the program does not define MPI_Sendrecv: "
                                "the layer was not linked in")
            env_run = dict(env, FERRY_DEVICE="sim", FERRY_STATS="1")
            code, out, err = mpirun(2, [heat, "34", "100", "20", "10"],
                                    env_run)
            if code != 0 or "mpi_heat: OK" not in out:
                problems.append("the program linked by ferry-g++ failed:\n" +
                                out + err)
        code, out, err = run([plain_gxx(), "-fopenmp", "-foffload=disable", "-o",
                              heat, obj] + libraries +
                             ["-lmpi", "-L" + env["FERRY_LIBDIR"], "-lferry"],
                             env=env, timeout=COMPILE_TIMEOUT)
        if code == 0 or "__ferry_mpi_layer_linked" not in err:
            problems.append("a link without the MPI layer did not fail on "
                            "__ferry_mpi_layer_linked (exit %d):\n%s" %
                            (code, err))
        # A program without MPI, linked by ferry-g++, takes none of it.
        saxpy = os.path.join(work, "saxpy")
        code, out, err = run([ferry_gxx(), "-O1", "-o", saxpy,
                              os.path.join(TESTS, "programs", "saxpy.cc")],
                             env=env, timeout=COMPILE_TIMEOUT)
        code, out, err = run(["nm", saxpy])
        if code != 0 or re.search(r" T MPI_", out):
            problems.append("a program without MPI holds the MPI layer "
                            "(or did not build)")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return problems


def mpi_class_halo():
    """A halo exchange in a method of its own, with non-blocking calls:
    the answers of the build without the plugin on 2 and 3 ranks, on the
    host and the sim device, in both coherence modes; on the sim device
    with guarded pages, no fault and only the rows sent (and the page the
    host writes) come back per step."""
    binary, problems = mpi_program("class_halo")
    if problems:
        return problems
    work = tempfile.mkdtemp(prefix="ferry-mpi-serial-")
    try:
        serial = os.path.join(work, "class_halo")
        code, out, err = run([os.environ.get("FERRY_TEST_MPICXX", "mpicxx"),
                              "-DOMPI_SKIP_MPICXX=1", "-std=c++20", "-O2",
                              "-I" + os.path.join(SRC, "include"), "-o",
                              serial, MPI_PROGRAMS["class_halo"]],
                             env=mpi_environment(), timeout=COMPILE_TIMEOUT)
        if code != 0:
            return ["the build without the plugin failed:\n" + out + err]
        row, page = 700 * 8, 4096
        for ranks in (2, 3):
            code, out, err = mpirun(ranks, [serial, "30"], mpi_environment())
            want = re.search(r"sum (\S+)", out)
            if code != 0 or not want:
                return ["the serial build failed:\n" + out + err]
            for device in DEVICE_RUNS.values():
                env = mpi_environment()
                env.update(device, FERRY_STATS="1")
                stats = {}
                for steps in (20, 30):
                    code, out, err = mpirun(ranks, [binary, str(steps)], env)
                    stats[steps] = {r: stats_of(lines) for r, lines in
                                    rank_lines(out + err, "stderr").items()}
                got = re.search(r"sum (\S+)", out)
                if code != 0 or not got or abs(float(got.group(1)) - float(
                        want.group(1))) > 1e-12 * abs(float(want.group(1))):
                    problems.append("%d ranks %s: %s, the serial build %s\n%s"
                                    % (ranks, device, got and got.group(1),
                                       want.group(1), out + err))
                    continue
                if device != {"FERRY_DEVICE": "sim"}:
                    continue
                for rank in range(ranks):
                    before, after = stats[20].get(rank), stats[30].get(rank)
                    if not before or not after:
                        problems.append("no ferry-stats of rank %d" % rank)
                        continue
                    neighbours = (rank > 0) + (rank < ranks - 1)
                    down = (after["d2h_bytes"] - before["d2h_bytes"]) / 10
                    if after["faults"] or down > neighbours * row + page:
                        problems.append(
                            "%d ranks, rank %d: %g bytes back per step (at "
                            "most %d), %d faults" % (ranks, rank, down,
                                                     neighbours * row + page,
                                                     after["faults"]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return problems


def mpi_case(label):
    if label.startswith("mpi/heat/bytes"):
        problems = heat_bytes_per_step()
    elif label.startswith("mpi/heat/"):
        problems = heat_runs(label)
    elif label.startswith("mpi/messages/"):
        problems = messages_runs(label)
    else:
        problems = {"mpi/check-mode": mpi_check_mode,
                    "mpi/errors": mpi_errors,
                    "mpi/layer": mpi_layer,
                    "mpi/class-halo": mpi_class_halo}[label]()
    return Outcome(label, not problems, "\n".join(problems))
