"""What every group of ferry-test shares: where the source and build trees
are, how to run a command, how ferry-g++ is made to use the build tree,
and a case's outcome."""
import os
import re
import shlex
import subprocess

SRC = os.path.abspath(os.environ.get(
    "FERRY_SRC_DIR", os.path.join(os.path.dirname(__file__), "..")))
BUILD = os.path.abspath(os.environ.get("FERRY_BUILD_DIR", SRC))
TESTS = os.path.join(SRC, "testsuite")

COMPILE_TIMEOUT = 600
RUN_TIMEOUT = int(os.environ.get("FERRY_TEST_RUN_TIMEOUT", "300"))


# ------------------------------------------------------------------ helpers

def wrapper_environment():
    """Makes ferry-g++ use this build tree instead of an installation."""
    env = dict(os.environ)
    # Plain ASCII quotes in diagnostics, whatever the user's locale.
    env["LC_ALL"] = "C"
    env["FERRY_PLUGIN"] = os.path.join(BUILD, "plugin", ".libs", "ferry.so")
    env["FERRY_INCLUDE"] = os.path.join(SRC, "include")
    env["FERRY_LIBDIR"] = os.path.join(BUILD, "runtime", ".libs")
    env["FERRY_OFFLOAD_TOOLS"] = os.path.join(BUILD, "tools")
    for key in ("FERRY_STATS", "FERRY_DEVICE", "FERRY_RESIDENCY", "FERRY_CHECK",
                "FERRY_COHERENCE"):
        env.pop(key, None)
    return env


def ferry_gxx():
    return os.path.join(BUILD, "tools", "ferry-g++")


def plain_gxx():
    with open(ferry_gxx()) as script:
        for line in script:
            match = re.match(r'cxx=\$\{FERRY_CXX:-(.*)\}', line.strip())
            if match:
                return match.group(1)
    return "g++"


def ferry_gcc():
    return os.path.join(BUILD, "tools", "ferry-gcc")


def plain_gcc():
    """The gcc of plain_gxx(), as ferry-gcc picks it."""
    return re.sub(r"g\+\+", "gcc", plain_gxx())


def run(command, env=None, timeout=RUN_TIMEOUT, cwd=None):
    try:
        result = subprocess.run(command, env=env, cwd=cwd, timeout=timeout,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, errors="replace")
        return result.returncode, result.stdout, result.stderr
    except subprocess.TimeoutExpired as expired:
        # The partial output comes back as bytes, whatever text= says.
        def text(output):
            if isinstance(output, bytes):
                return output.decode(errors="replace")
            return output or ""
        return 124, text(expired.stdout), text(expired.stderr) + \
            "\n[timed out after %d s]" % timeout


def parse_env(text):
    env = {}
    for item in shlex.split(text):
        key, _, value = item.partition("=")
        env[key] = value
    return env


class Outcome:
    def __init__(self, name, passed, detail=""):
        self.name = name
        self.passed = passed
        self.detail = detail
