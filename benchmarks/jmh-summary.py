#!/usr/bin/env python3
"""Turns a JMH JSON result (java -jar benchmarks.jar -prof gc -rf json -rff FILE) into the Markdown tables of
BENCHMARKS.md: per benchmark the median of all measurement iterations (every fork), JMH's mean +- 99.9 % error,
min..max, ns per message, ops/s, ratios to the hand-written codec and to JDK, and gc.alloc.rate.norm.

Usage: python3 benchmarks/jmh-summary.py results.json [more.json ...]   (several files are merged)
"""
import json
import statistics
import sys

CODECS = ['kryo', 'protostuff', 'jdk', 'fory', 'handwritten']
SET_SIZES = {'full': 32, 'no-install': 31, 'small': 20}


def load(paths):
    rows = {}
    for path in paths:
        for b in json.load(open(path)):
            cls, method = b['benchmark'].split('.')[-2:]
            p = b['params']
            raw = [x for fork in b['primaryMetric']['rawData'] for x in fork]
            alloc = b['secondaryMetrics'].get('gc.alloc.rate.norm', {}).get('score', float('nan'))
            name = cls + '.' + method
            if cls == 'SharingBenchmark' and b['threads'] != 2:
                name += '@t%d' % b['threads']   # -t 1 and other counts; the 2-thread table keeps the plain name
            rows[(name, p.get('serializer'), p.get('set', 'small'))] = dict(
                med=statistics.median(raw), lo=min(raw), hi=max(raw), score=b['primaryMetric']['score'],
                err=b['primaryMetric']['scoreError'], alloc=alloc, forks=len(b['primaryMetric']['rawData']),
                n=len(raw))
    return rows


def single_thread(rows):
    for op in ['encodeSet', 'decodeSet', 'roundTripSet']:
        for s, size in SET_SIZES.items():
            key = lambda c: ('CodecBenchmark.' + op, c, s)
            if not any(key(c) in rows for c in CODECS):
                continue
            hand = rows.get(key('handwritten'), {}).get('med', float('nan'))
            jdk = rows.get(key('jdk'), {}).get('med', float('nan'))
            print(f"\n#### {op}, {s} ({size} messages), one thread\n")
            print('| codec | median ns/op | JMH mean ± error | min..max | ns/msg | ops/s | time vs handwritten'
                  ' | speed vs jdk | alloc B/op |')
            print('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
            for c in CODECS:
                r = rows.get(key(c))
                if r is None:
                    print(f'| {c} | not run | | | | | | | |')
                    continue
                print(f"| {c} | {r['med']:,.0f} | {r['score']:,.0f} ± {r['err']:,.0f} | {r['lo']:,.0f}..{r['hi']:,.0f}"
                      f" | {r['med'] / size:,.0f} | {1e9 / r['med']:,.0f} | {r['med'] / hand:.2f}x"
                      f" | {jdk / r['med']:.1f}x | {r['alloc']:,.1f} |")


def sharing(rows):
    if not any(k[0].startswith('SharingBenchmark') for k in rows):
        return
    print('\n#### Round trip of the small set, 2 threads\n')
    print('| codec | 1 thread: median ns/pass | shared instance: median ns/pass [min..max] | scaling'
          ' | instance per thread: median ns/pass [min..max] | scaling | alloc B/op shared / per thread |')
    print('|---|---:|---:|---:|---:|---:|---:|')
    for c in CODECS:
        one = rows.get(('CodecBenchmark.roundTripSet', c, 'small'))
        sh = rows.get(('SharingBenchmark.roundTripShared', c, 'small'))
        pt = rows.get(('SharingBenchmark.roundTripPerThread', c, 'small'))
        if not (one and sh and pt):
            print(f'| {c} | not run | | | | | |')
            continue
        print(f"| {c} | {one['med']:,.0f} | {sh['med']:,.0f} [{sh['lo']:,.0f}..{sh['hi']:,.0f}]"
              f" | {2 * one['med'] / sh['med']:.2f} | {pt['med']:,.0f} [{pt['lo']:,.0f}..{pt['hi']:,.0f}]"
              f" | {2 * one['med'] / pt['med']:.2f} | {sh['alloc']:,.0f} / {pt['alloc']:,.0f} |")


def sharing_by_threads(rows):
    """SharingBenchmark run with -t 1 and -t 2: per-thread time of a pass, shared instance against one per thread."""
    if not any(k[0] == 'SharingBenchmark.roundTripShared@t1' for k in rows):
        return
    print('\n#### Shared instance against one per thread, small set, 1 and 2 threads (ns per pass per thread)\n')
    print('| codec | 1 thread shared | 1 thread per-thread | 2 threads shared [min..max] | 2 threads per-thread'
          ' [min..max] | 2 threads: throughput per thread, shared / per-thread | per-thread throughput, 2 vs 1 thread'
          ' (shared) |')
    print('|---|---:|---:|---:|---:|---:|---:|')
    for c in CODECS:
        s1 = rows.get(('SharingBenchmark.roundTripShared@t1', c, 'small'))
        p1 = rows.get(('SharingBenchmark.roundTripPerThread@t1', c, 'small'))
        s2 = rows.get(('SharingBenchmark.roundTripShared', c, 'small'))
        p2 = rows.get(('SharingBenchmark.roundTripPerThread', c, 'small'))
        if not (s1 and p1 and s2 and p2):
            print(f'| {c} | not run | | | | | |')
            continue
        print(f"| {c} | {s1['med']:,.0f} | {p1['med']:,.0f} | {s2['med']:,.0f} [{s2['lo']:,.0f}..{s2['hi']:,.0f}]"
              f" | {p2['med']:,.0f} [{p2['lo']:,.0f}..{p2['hi']:,.0f}] | {p2['med'] / s2['med']:.2f}"
              f" | {s1['med'] / s2['med']:.2f} |")


if __name__ == '__main__':
    data = load(sys.argv[1:])
    single_thread(data)
    sharing(data)
    sharing_by_threads(data)
