#!/usr/bin/env python3
"""Summarises the CPU samples (jdk.ExecutionSample) of a Java Flight Recording: samples per thread, the methods that
were on top of the stack (self), and the methods anywhere on the stack (inclusive), as percentages of all samples.

Usage: python3 benchmarks/jfr-top.py recording.jfr [self rows, default 25] [inclusive rows, default 60]
Needs the JDK's `jfr` tool on the PATH.
"""
import collections
import json
import re
import subprocess
import sys


def frames(event):
    trace = event['values'].get('stackTrace') or {}
    return [f['method']['type']['name'].split('.')[-1] + '.' + f['method']['name'] for f in trace.get('frames', [])]


def main(path, self_rows, inclusive_rows):
    out = subprocess.run(['jfr', 'print', '--json', '--events', 'jdk.ExecutionSample', '--stack-depth', '96', path],
                         capture_output=True, text=True, check=True).stdout
    events = json.loads(out)['recording']['events']
    if not events:
        print('no execution samples in ' + path)
        return
    threads, top, anywhere = collections.Counter(), collections.Counter(), collections.Counter()
    for e in events:
        thread = (e['values'].get('sampledThread') or {}).get('javaName') or '?'
        threads[re.sub(r'\d+$', 'N', thread)] += 1
        names = frames(e)
        if names:
            top[names[0]] += 1
        anywhere.update(set(names))
    n = len(events)
    print(f'{n} samples; by thread: ' + ', '.join(f'{t} {c * 100 / n:.0f} %' for t, c in threads.most_common()))
    print('\nself:')
    for name, c in top.most_common(self_rows):
        print(f'{c * 100 / n:5.1f} %  {name}')
    print('\ninclusive:')
    for name, c in anywhere.most_common(inclusive_rows):
        print(f'{c * 100 / n:5.1f} %  {name}')


if __name__ == '__main__':
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 25, int(sys.argv[3]) if len(sys.argv) > 3 else 60)
