"""Statistics of paired, interleaved runs, shared by versus.sh and versus-real.sh (docs/performance.md).

    python3 paired-stats.py SAMPLES RUNS [A B]

SAMPLES holds one line per run, `TOOL|CASE|WALL_US|PEAK_RSS_KIB|USER_S|SYS_S` (GNU time's %M %U %S). Per case it
prints the median wall ms of tool A (default `cumps`) and of tool B (default `uni`), the median of the paired ratios
A/B with their 10th and 90th percentiles, the median CPU ms (user + sys) of each with the median of their paired
ratios, and each tool's largest peak RSS. Runs are paired in the order they were written.
"""
import statistics
import sys

path, runs = sys.argv[1], sys.argv[2]
first, second = (sys.argv[3], sys.argv[4]) if len(sys.argv) > 4 else ("cumps", "uni")
samples = {}
for line in open(path):
    tool, case, us, rss, user, system = line.rstrip("\n").split("|")
    samples.setdefault(case, {}).setdefault(tool, []).append((int(us) / 1000.0, int(rss), (float(user) + float(system)) * 1000))


def q(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


width = max([16] + [len(c) for c in samples])
print(f"{'command':{width}} {'cumps ms':>9} {'uni ms':>9} {'ratio':>7} {'p10':>6} {'p90':>6} {'CPU ms cumps/uni':>17} {'CPU ratio':>9}"
      f" {'RSS MiB cumps/uni':>18}   ({runs} paired runs)")
for case, by in samples.items():
    c, u = by[first], by[second]
    ratios = [a[0] / b[0] for a, b in zip(c, u)]
    cpu = [a[2] / b[2] for a, b in zip(c, u) if b[2] > 0]
    print(f"{case:{width}} {statistics.median(x[0] for x in c):9.1f} {statistics.median(x[0] for x in u):9.1f} "
          f"{statistics.median(ratios):7.2f} {q(ratios, .1):6.2f} {q(ratios, .9):6.2f} "
          f"{statistics.median(x[2] for x in c):7.0f} / {statistics.median(x[2] for x in u):7.0f} "
          f"{statistics.median(cpu) if cpu else float('nan'):9.2f} "
          f"{max(x[1] for x in c) / 1024:8.1f} / {max(x[1] for x in u) / 1024:.1f}")
