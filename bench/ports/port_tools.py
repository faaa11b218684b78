"""What the port scripts (tealeaf_port.py, xsbench_port.py) share: their
command line and the copy of the model they port, and finding the CUDA
compiler that builds the app's own CUDA model."""
import os
import shutil
import sys


def start_port(doc, *model_in_app):
    """APP_DIR OUT_DIR FERRY_GXX from the command line (else the paragraph
    of the script's DOC that starts with "Usage:"), and a fresh copy of the
    app's MODEL_IN_APP directory as OUT_DIR/src, to port:
    (app, out, ferry_gxx, model)."""
    if len(sys.argv) != 4:
        sys.exit(next(p for p in doc.split("\n\n") if p.startswith("Usage:")))
    app, out, ferry_gxx = sys.argv[1:]
    model = os.path.join(out, "src")
    shutil.rmtree(model, ignore_errors=True)
    shutil.copytree(os.path.join(app, *model_in_app), model)
    return app, out, ferry_gxx, model


def find_nvcc(script):
    """$NVCC or the toolkit's nvcc; None, with a note from SCRIPT, when
    there is none (the CUDA model is then not built)."""
    nvcc = os.environ.get("NVCC", "/usr/local/cuda/bin/nvcc")
    if os.access(nvcc, os.X_OK):
        return nvcc
    print("%s: no nvcc; the CUDA model is not built" % script, file=sys.stderr)
    return None
