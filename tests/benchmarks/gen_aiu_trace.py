#!/usr/bin/env python3
"""Writes a large IBM AIU Flex trace (one file per AIU) for the AIU import benchmark.

Each control block is four B/E pairs sharing one set of TS1..TS5 stamps (hex strings, as the Flex
runtime writes them) and a Power counter: "<kernel> DmaI", "<kernel> Cmpt Prep",
"<kernel> Cmpt Exec", "<kernel> DmaO", each on its own stream tid, host times derived from the
stamps at the SoC frequency. The 32-bit cycle counter starts near its top, so it wraps early.

    python3 tests/benchmarks/gen_aiu_trace.py OUT_DIR [--events N] [--ranks R] [--freq MHZ]

writes OUT_DIR/aiu_bench_rank<r>.json (N JSON events in all, 8 per block) and a compiler log
OUT_DIR/aiu_bench_complog.txt with ideal cycles for the kernel names.
"""
import argparse
import os
import random

KERNELS = ["convolution", "add", "relu", "addmm_MatMul", "layer_norm", "softmax", "bmm", "gelu"]
STREAMS = {  # phase suffix -> source tid (64-bit, like the runtime's)
    "DmaI": 14212308887215440790,
    "Cmpt Prep": 15514734831341844875,
    "Cmpt Exec": 2009867741857745393,
    "DmaO": 9912308887215440111,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--events", type=int, default=1_048_576)
    ap.add_argument("--ranks", type=int, default=1)
    ap.add_argument("--freq", type=float, default=557.05)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    blocks_per_rank = max(1, a.events // (8 * a.ranks))
    names = [f"{k}_{i}" for k in KERNELS for i in range(8)]
    for r in range(a.ranks):
        path = os.path.join(a.out, f"aiu_bench_rank{r}.json")
        cyc = (1 << 32) - 5_000_000 + r * 1000  # wraps after a few thousand blocks
        power = rng.randrange(1 << 32)
        host0 = 2_000_000_000.0 + r * 3.0
        with open(path, "w") as f:
            f.write("[\n")
            first = True
            for b in range(blocks_per_rank):
                name = names[b % len(names)]
                ts1 = cyc
                ts2 = ts1 + rng.randrange(200, 4000)
                ts3 = ts2 + rng.randrange(50, 2000)
                ts4 = ts3 + rng.randrange(500, 60000)
                ts5 = ts4 + rng.randrange(6, 3000)
                power = (power + rng.randrange(1000, 200000)) & 0xFFFFFFFF
                stamps = [ts1, ts2, ts3, ts4, ts5]
                attr = ",".join(f'"TS{i + 1}":"{hex(s & 0xFFFFFFFF)}"' for i, s in enumerate(stamps))
                attr += f',"Power":"{hex(power)}"'
                for k, suffix in enumerate(["DmaI", "Cmpt Prep", "Cmpt Exec", "DmaO"]):
                    begin = host0 + (stamps[k] - ((1 << 32) - 5_000_000)) / a.freq
                    end = host0 + (stamps[k + 1] - ((1 << 32) - 5_000_000)) / a.freq
                    for ph, ts in (("B", begin), ("E", end)):
                        if not first:
                            f.write(",\n")
                        first = False
                        f.write(f'{{"attr":{{{attr}}},"name":"{name} {suffix}","ph":"{ph}","pid":{r},'
                                f'"tid":{STREAMS[suffix]},"ts":{ts:.3f}}}')
                cyc = ts4 + rng.randrange(10, 500)
            f.write("\n]\n")
    with open(os.path.join(a.out, "aiu_bench_complog.txt"), "w") as f:
        f.write("[DeepRT] ===== Perf BEGIN =====\n====== Perf Summary ======\n~~~~ Ideal/Total Cycles ~~~~\n")
        f.write("-" * 91 + "\nName" + " " * 76 + "Ideal Cy.\n" + "-" * 91 + "\n")
        for n in names:
            cat = "Conv_fp16" if n.startswith("conv") else "Bmm_fp16" if "MatMul" in n or n.startswith("bmm") else "Scalar"
            f.write(f"{n}-opCat{cat}".ljust(80) + f"{rng.randrange(0, 30000)}\n")
        f.write("-" * 91 + "\n====== Perf Summary End ======\n")


if __name__ == "__main__":
    main()
