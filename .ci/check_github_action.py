"""The GitHub Action as GitHub runs it, without GitHub:
1. action.yml against GitHub's action schema (check-jsonschema's vendored `vendor.github-actions`);
2. every workflow in docs/ci.md (whole workflows, and the jobs given as "a job of .github/workflows/X.yml" put under
   X's `jobs:`) against GitHub's workflow schema and through actionlint;
3. the action's script (.ci/github-action.sh) run the way its composite step runs it, with the environment GitHub
   provides (GITHUB_ACTION_PATH, GITHUB_WORKSPACE, RUNNER_TEMP, GITHUB_PATH, GITHUB_STEP_SUMMARY and the inputs),
   installing the release archive .ci/check_release.sh built: on the demo project it passes and writes its summary
   and SARIF; with a broken declaration it fails with an annotation at the line; with stale output it fails.

    python3 .ci/check_github_action.py VENV_BIN RELEASE_FOLDER
"""
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

from harness import REPOSITORY, Failures

venv_bin = pathlib.Path(sys.argv[1]).resolve()
release = pathlib.Path(sys.argv[2]).resolve()
failures = Failures()


def workflows(manual):
    """docs/ci.md's GitHub Actions workflows: {file name: text}, each job fragment put under its workflow's jobs."""
    blocks = re.findall(r"```yaml\n(.*?)```\n", manual.read_text(encoding="utf-8"), re.S)
    whole, fragments = {}, {}
    for block in blocks:
        first = block.split("\n", 1)[0]
        named = re.search(r"\.github/workflows/([\w.-]+\.yml)", first)
        if not named or "GitLab" in first:
            continue
        if "a job of" in first:
            fragments.setdefault(named.group(1), []).append(block.split("\n", 1)[1])
        else:
            whole[named.group(1)] = block
    for name, jobs in fragments.items():
        whole[name] = whole[name].rstrip("\n") + "\n" + "".join(jobs)
    return whole


def run(arguments, **options):
    return subprocess.run(arguments, capture_output=True, text=True, **options)


# 1. The action's metadata.
checked = run([venv_bin / "check-jsonschema", "--builtin-schema", "vendor.github-actions", REPOSITORY / "action.yml"])
failures.check(checked.returncode == 0, "action.yml is valid against GitHub's action schema " + checked.stdout.strip())

# 2. The manual's workflows.
with tempfile.TemporaryDirectory() as folder:
    folder = pathlib.Path(folder)
    target = folder / ".github" / "workflows"
    target.mkdir(parents=True)
    found = workflows(REPOSITORY / "docs" / "ci.md")
    for name, text in found.items():
        (target / name).write_text(text, encoding="utf-8")
    failures.check(len(found) >= 3, f"docs/ci.md has GitHub workflows: {sorted(found)}")
    uses = "".join(found.values())
    failures.check("uses: your-org/mc-style@v0.1.0" in uses and "sarif: mc-style.sarif" in uses,
                   "the manual's workflows use the action, with SARIF")
    # actions/checkout before v5 runs on Node 20, which GitHub removed from its runners in September 2026.
    old_checkouts = re.findall(r"actions/checkout@v[1-4]\b", uses)
    failures.check(not old_checkouts, f"the workflows use a current actions/checkout (v6), not {old_checkouts}")
    files = sorted(str(path) for path in target.iterdir())
    checked = run([venv_bin / "check-jsonschema", "--builtin-schema", "vendor.github-workflows", *files])
    failures.check(checked.returncode == 0, "the workflows are valid against GitHub's workflow schema "
                   + (checked.stdout + checked.stderr).strip())
    linted = run([venv_bin / "actionlint", "-no-color", *files], cwd=folder)
    failures.check(linted.returncode == 0, "actionlint finds nothing in the workflows " + linted.stdout.strip())

# 3. The action's script, as the composite step runs it.
archives = sorted(release.glob("mc-style-*-linux-*.tar.gz"))
failures.check(len(archives) == 1, f"one release archive in {release}")
version = re.search(r"default: ([0-9.]+)\n", (REPOSITORY / "action.yml").read_text(encoding="utf-8"))
tool_version = re.search(r'current = "([0-9.]+)"',
                         (REPOSITORY / "Sources/StyleCompiler/Pipeline/ToolVersion.swift").read_text(encoding="utf-8"))
failures.check(version is not None and tool_version is not None and version.group(1) == tool_version.group(1),
               "the action's default version is the tool's version")


def action(workspace, **inputs):
    """Runs the action's step in `workspace` with `inputs`; (status, standard output, summary, PATH additions)."""
    runner = pathlib.Path(tempfile.mkdtemp(prefix="runner-", dir=runners))
    summary, path_file = runner / "step-summary.md", runner / "github-path"
    environment = {
        "PATH": "/usr/bin:/bin", "HOME": str(runner), "LANG": "C.UTF-8",
        "GITHUB_ACTIONS": "true", "GITHUB_ACTION_PATH": str(REPOSITORY), "GITHUB_WORKSPACE": str(workspace),
        "RUNNER_TEMP": str(runner), "GITHUB_STEP_SUMMARY": str(summary), "GITHUB_PATH": str(path_file),
        "MC_STYLE_VERSION": version.group(1) if version else "", "MC_STYLE_REPOSITORY": "your-org/mc-style",
        "MC_STYLE_BUILD": "false", "MC_STYLE_DECLARATIONS": "mc-style.yaml", "MC_STYLE_STRICT": "false",
        "MC_STYLE_SARIF": "", "MC_STYLE_OUT": "", "MC_STYLE_WORKING_DIRECTORY": ".",
    }
    environment.update({"MC_STYLE_" + key.upper(): value for key, value in inputs.items()})
    done = run(["bash", REPOSITORY / ".ci" / "github-action.sh"], cwd=workspace, env=environment)
    read = lambda path: path.read_text(encoding="utf-8") if path.exists() else ""
    return done.returncode, done.stdout + done.stderr, read(summary), read(path_file)


runners = tempfile.mkdtemp(prefix="mc-style-action-")
with tempfile.TemporaryDirectory() as workspace:
    workspace = pathlib.Path(workspace)
    (workspace / "styles").mkdir()
    (workspace / "parts").mkdir()
    demo = (REPOSITORY / "fixtures/demo/mc-style.yaml").read_text(encoding="utf-8")
    declarations = demo.replace("base: ../../styles/tomtom-demo-base.json", "base: styles/tomtom-demo-base.json")
    (workspace / "mc-style.yaml").write_text(declarations, encoding="utf-8")
    shutil.copy(REPOSITORY / "styles/tomtom-demo-base.json", workspace / "styles")
    for part in (REPOSITORY / "fixtures/demo/parts").glob("*.yaml"):
        shutil.copy(part, workspace / "parts")
    shutil.copytree(REPOSITORY / "fixtures/demo/vector", workspace / "vector")
    archive = workspace / "release"
    archive.mkdir()
    shutil.copy(archives[0], archive)
    shutil.copy(release / "SHA256SUMS", archive)
    local = f"release/{archives[0].name}"

    status, output, summary, path = action(workspace, archive=local, declarations="")
    failures.check(status == 0 and "mc-style installed: mc-style " in output, "declarations '' only installs")
    failures.check(path.strip().endswith("/mc-style/bin"), "the installed mc-style is put on GITHUB_PATH")

    status, output, summary, _ = action(workspace, archive=local, declarations="mc-style.yaml", out="map-style",
                                        sarif="mc-style.sarif")
    failures.check(status == 1 and "would add" in output, "output never compiled is not current: the step fails")
    failures.check("| `compile --check` `map-style` | **not current**" in summary, "the summary says it is not current")

    compiled = run([str(pathlib.Path(path.strip()) / "mc-style"), "compile", "mc-style.yaml", "--out", "map-style",
                    "--quiet"], cwd=workspace)
    failures.check(compiled.returncode == 0, "the installed mc-style compiles the project")
    status, output, summary, _ = action(workspace, archive=local, out="map-style", sarif="mc-style.sarif",
                                        strict="true")
    failures.check(status == 0, "a good project passes: " + output[-300:])
    failures.check(summary.startswith("## mc-style\n\nmc-style " + (version.group(1) if version else "?")
                                      + " (commit: "), "the summary names the version and commit")
    failures.check("| `validate mc-style.yaml` | passed: 0 errors, 0 warnings |" in summary,
                   "the summary gives validate's counts")
    failures.check("| `compile --check` `map-style` | current |" in summary, "the summary says the output is current")
    sarif = json.loads((workspace / "mc-style.sarif").read_text(encoding="utf-8"))
    failures.check(sarif.get("version") == "2.1.0", "SARIF 2.1.0 is written to the 'sarif' input's file")

    broken = declarations.replace("opacity: 0.6", "opacity: 7", 1)
    (workspace / "mc-style.yaml").write_text(broken, encoding="utf-8")
    line = broken.split("\n").index(next(l for l in broken.split("\n") if "opacity: 7" in l)) + 1
    status, output, summary, _ = action(workspace, archive=local)
    failures.check(status == 1 and re.search(rf"::error file=mc-style\.yaml,line={line},col=\d+,", output) is not None,
                   f"a broken declaration fails the step with an annotation at line {line}")
    failures.check("| `validate mc-style.yaml` | **failed**: 1 error, 0 warnings (see the annotations) |" in summary,
                   "the summary says validate failed")

    (workspace / "mc-style.yaml").write_text(declarations, encoding="utf-8")
    (archive / "SHA256SUMS").write_text("0" * 64 + "  " + archives[0].name + "\n", encoding="utf-8")
    status, output, _, _ = action(workspace, archive=local)
    failures.check(status == 1 and "does not match its SHA256SUMS" in output, "an archive that fails its checksum stops")
    status, output, _, _ = action(workspace, archive="http://example.invalid/mc-style-0.1.0-linux-x86_64.tar.gz")
    failures.check(status == 2 and "must be an https URL" in output, "a clear-text archive URL is refused")
    status, output, _, _ = action(workspace, archive="", repository="a b; rm -rf /")
    failures.check(status == 2 and "is not owner/name" in output, "a repository input that is not owner/name is refused")

shutil.rmtree(runners)
print(f"GitHub Action check: {len(failures.items)} failed")
sys.exit(1 if failures.items else 0)
