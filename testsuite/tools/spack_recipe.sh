#!/bin/sh
# contrib/spack's recipe parses, and for each combination of its variants
# passes configure options that configure really has (Spack itself is not
# a Debian package, so it cannot build the recipe here).  A small stand-in
# for spack.package records the directives and plays the spec.
# Runs against the source tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }
help=$("$FERRY_SRC_DIR/configure" --help) || fail "configure --help failed"
python3 - "$FERRY_SRC_DIR/contrib/spack/packages/ferry/package.py" "$help" <<'PY' || exit 1
import itertools, re, sys, types

recipe_path, help_text = sys.argv[1], sys.argv[2]
variants = {}
package = types.ModuleType("spack.package")

def record_variant(name, default=None, values=None, description=""):
    variants[name] = (default, values)

def ignore(*args, **kwargs):
    pass

class AutotoolsPackage:
    pass

package.AutotoolsPackage = AutotoolsPackage
package.variant = record_variant
for directive in ("version", "depends_on", "requires", "conflicts", "license",
                  "Executable"):
    setattr(package, directive, ignore)
package.__all__ = [n for n in dir(package) if not n.startswith("_")]
spack = types.ModuleType("spack")
spack.package = package
sys.modules["spack"] = spack
sys.modules["spack.package"] = package

namespace = {}
exec(compile(open(recipe_path).read(), recipe_path, "exec"), namespace)
Ferry = namespace["Ferry"]
for required in ("nvptx", "nvptx_isa", "amdgcn", "amdgcn_arch", "mpi"):
    if required not in variants:
        sys.exit("FAIL: the recipe has no variant %r" % required)

class Variant:
    def __init__(self, value):
        self.value = value

class Spec:
    def __init__(self, values):
        self.values = values
        self.variants = {k: Variant(v) for k, v in values.items()}
    def satisfies(self, constraint):
        wanted = constraint[0] == "+"
        return self.values[constraint[1:]] == wanted

known = set(re.findall(r"--(?:with|enable)-[a-z0-9-]+", help_text) +
            [w.replace("--without-", "--with-") for w in
             re.findall(r"--without-[a-z0-9-]+", help_text)])
failures = []
for nvptx, amdgcn, mpi in itertools.product((True, False), repeat=3):
    if not (nvptx or amdgcn):
        continue
    recipe = Ferry()
    recipe.spec = Spec({"nvptx": nvptx, "amdgcn": amdgcn, "mpi": mpi,
                        "nvptx_isa": variants["nvptx_isa"][0],
                        "amdgcn_arch": variants["amdgcn_arch"][0]})
    arguments = recipe.configure_args()
    for argument in arguments:
        option = argument.split("=", 1)[0]
        # configure --help lists --without-X for a default-on --with-X.
        if option.replace("--without-", "--with-") not in known:
            failures.append("%s (nvptx=%s amdgcn=%s mpi=%s) is not an option "
                            "of configure" % (option, nvptx, amdgcn, mpi))
    targets = [a for a in arguments if a.startswith("--with-offload-targets=")]
    expected = ",".join(t for t, on in (("nvptx-none", nvptx),
                                        ("amdgcn-amdhsa", amdgcn)) if on)
    if targets != ["--with-offload-targets=" + expected]:
        failures.append("offload targets %s, expected %s" % (targets, expected))
if failures:
    sys.exit("FAIL: " + "; ".join(failures))
PY
echo "ok"
