"""What the port scripts (tealeaf_port.py, xsbench_port.py) share: finding
the CUDA compiler that builds the app's own CUDA model."""
import os
import sys


def find_nvcc(script):
    """$NVCC or the toolkit's nvcc; None, with a note from SCRIPT, when
    there is none (the CUDA model is then not built)."""
    nvcc = os.environ.get("NVCC", "/usr/local/cuda/bin/nvcc")
    if os.access(nvcc, os.X_OK):
        return nvcc
    print("%s: no nvcc; the CUDA model is not built" % script, file=sys.stderr)
    return None
