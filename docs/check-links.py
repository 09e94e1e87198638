#!/usr/bin/env python3
"""Checks that every relative link and #anchor in README.md, BENCHMARKS.md and
docs/*.md resolves (GitHub heading anchors). Run from anywhere: python3 docs/check-links.py"""
import re, os, sys, glob
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
files = ['README.md', 'BENCHMARKS.md'] + sorted(
    os.path.relpath(p, root) for p in glob.glob(os.path.join(root, 'docs', '*.md')))
def anchors(path):
    out = set(); counts = {}
    in_code = False
    for line in open(os.path.join(root, path), encoding='utf-8'):
        if line.startswith('```'):
            in_code = not in_code; continue
        if in_code: continue
        m = re.match(r'^(#{1,6})\s+(.*)', line)
        if m:
            t = m.group(2).strip().lower()
            t = re.sub(r'[^\w\- ]', '', t)  # GitHub: drop punctuation except - and _
            t = t.replace(' ', '-')
            n = counts.get(t, 0); counts[t] = n + 1
            out.add(t if n == 0 else f'{t}-{n}')
    return out
bad = 0; total = 0
for f in files:
    text = open(os.path.join(root, f), encoding='utf-8').read()
    # strip fenced code
    text_nc = re.sub(r'```.*?```', '', text, flags=re.S)
    for m in re.finditer(r'\]\(([^)\s]+)\)', text_nc):
        link = m.group(1)
        if re.match(r'^[a-z]+://', link) or link.startswith('mailto:'):
            continue
        total += 1
        path, _, frag = link.partition('#')
        target = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
        if not os.path.exists(os.path.join(root, target)):
            print(f'{f}: missing file {link}'); bad += 1; continue
        if frag:
            if not target.endswith('.md'):
                print(f'{f}: anchor on non-md {link}'); bad += 1; continue
            if frag not in anchors(target):
                print(f'{f}: missing anchor {link} (have: {sorted(anchors(target))})'); bad += 1
print(f'{total} links checked, {bad} broken')
sys.exit(1 if bad else 0)
