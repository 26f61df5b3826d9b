#!/usr/bin/env python3
"""trainledger-cli under a zh_CN locale (issue 14): --help in Chinese with every option's help translated, errors
and the planner's reason in Chinese; English --help byte for byte as tests/cli/help_en.txt; --json the same in both
languages (scripts read its keys and values). Usage: chinese_cli.py CLI SRC_DIR"""
import os, re, subprocess, sys

cli, src = sys.argv[1], sys.argv[2]
failures = []


def run(args, **env):
    base = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    base.update(env)
    p = subprocess.run([cli] + args, env=base, capture_output=True)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def check(ok, what):
    if not ok:
        failures.append(what)


cjk = re.compile(r"[\u4e00-\u9fff]")
normalize = lambda text: re.sub(r"^(Usage: |用法：)\S+", r"\1trainledger-cli", text)

# English: unchanged, whatever the English locale.
expected = open(os.path.join(src, "tests/cli/help_en.txt"), encoding="utf-8").read()
for env in ({"LANG": "C"}, {"LANG": "en_US.UTF-8"}, {"LC_ALL": "en_GB.UTF-8"}, {"LANG": "zh_TW.UTF-8"},
            {"LANGUAGE": "en_US:zh_CN", "LANG": "zh_CN.UTF-8"}):
    rc, out, _ = run(["--help"], **env)
    check(rc == 0 and normalize(out) == expected, "English --help changed under %s" % env)

# Chinese: LANG, LC_ALL or LANGUAGE.
for env in ({"LANG": "zh_CN.UTF-8"}, {"LC_ALL": "zh_CN.UTF-8"}, {"LANGUAGE": "zh_CN", "LANG": "en_US.UTF-8"}):
    rc, out, _ = run(["--help"], **env)
    check(rc == 0 and out.startswith("用法："), "no Chinese usage line under %s: %r" % (env, out[:40]))
    # Each option's help (the column after "  --name <VALUE>") and the description and FILE's help are Chinese.
    helps = re.findall(r"^  (-\S.*?)  +(\S.*)$", out, re.M)
    check(len(helps) >= 20, "too few options found in the Chinese --help: %d" % len(helps))
    for option, text in helps:
        check(cjk.search(text) is not None or text.startswith("--"), "untranslated help of %s: %r" % (option, text))
    for line in out.splitlines()[1:]:
        words = re.findall(r"[A-Za-z]{4,}", re.sub(r"--?[\w-]+|<[^>]*>|\S+\.\w+|[A-Z_=:|\[\]]{2,}\S*", "", line))
        english = [w for w in words if w not in ("JSON", "FILE", "Schema", "alpha", "beta", "params", "tokens",
                                                  "loss", "fastest", "cheapest", "fewest", "trainledger", "scenario",
                                                  "megatron", "torchtitan", "deepspeed")]
        check(not english, "English left in the Chinese --help: %r (%s)" % (line, english))

# Errors and the planner's reason in Chinese, status and streams as in English.
rc, out, err = run(["--json", "--report"], LANG="zh_CN.UTF-8")
check(rc == 2 and out == "" and err.startswith("trainledger-cli: ") and cjk.search(err), "Chinese error: %r" % err)
rc, _, err = run(["--set", "parallel.pp=99"], LANG="zh_CN.UTF-8")
check(rc == 2 and "parallel.pp" in err and cjk.search(err), "engine error in Chinese, keeping its key: %r" % err)
rc, _, err = run(["--set", "parallel.dp=abc"], LANG="zh_CN.UTF-8")
check(rc == 2 and "parallel.dp" in err and "abc" in err and cjk.search(err), "--set error in Chinese: %r" % err)
rc, out, _ = run(["--plan", "--gpus", "5128"], LANG="zh_CN.UTF-8")
check(rc == 0 and "没有方案" in out and "5,120" in out and "no layout" not in out, "Chinese no-plan reason: %r" % out)
rc, en_out, _ = run(["--plan", "--gpus", "5128"], LANG="C")
check("no plan: no layout uses exactly 5,128 GPUs" in en_out, "English no-plan reason: %r" % en_out)

# --json never changes with the language.
for args in (["--json"], ["--plan", "--gpus", "5128", "--json"]):
    _, zh, _ = run(args, LANG="zh_CN.UTF-8")
    _, en, _ = run(args, LANG="C")
    strip = lambda t: re.sub(r'"seconds": [0-9.e-]+', "", t)
    check(strip(zh) == strip(en) and zh, "--json differs between the languages: %s" % args)

for f in failures:
    print("FAIL:", f)
print("%d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
