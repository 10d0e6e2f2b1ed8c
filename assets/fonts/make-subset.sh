#!/usr/bin/env bash
# Regenerates xiangqi-subset.otf, the only font the renderer embeds, from Noto
# Serif CJK TC Bold (Debian: `apt-get install fonts-noto-cjk`; fonttools:
# `pip install fonttools`). The subset keeps just what a board picture shows:
# the fourteen piece names, 楚河 漢界, the numerals 一…九, printable ASCII
# (labels), and every character of the captions in every language: the
# catalogs' caption messages (and the names, colours and bot name they hold)
# and the Chinese notations, so the binary carries ~35 KB instead of ~25 MB.
# A test (`cargo test --release --lib caption_glyphs`) fails when a catalog
# or notation gains a character the subset lacks; run this script again then.
#
#   assets/fonts/make-subset.sh [path/to/NotoSerifCJK-Bold.ttc]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source_font="${1:-/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc}"
# Inside the collection: 0 JP, 1 KR, 2 SC, 3 TC, 4 HK. TC draws the traditional
# forms the pieces use (帥 傌 俥 漢).
font_number=3
pieces="帥仕相傌俥炮兵將士象馬車砲卒"
river="楚河漢界"
numerals="一二三四五六七八九"
extra_punctuation="·—–"
repo="$here/../.."
# The non-ASCII characters of the caption messages in every catalog, and of
# the notation sources (the Chinese piece names, verbs and numerals).
captions="$(python3 - "$repo" <<'PY'
import glob, re, sys
repo = sys.argv[1]
ids = {"color", "seat", "pairing", "caption", "caption-over", "caption-timed", "replay-caption",
       "record-head", "bot-name"}
chars = set()
for path in glob.glob(f"{repo}/assets/i18n/*.ftl"):
    current = None
    for line in open(path, encoding="utf-8"):
        start = re.match(r"^([a-z][a-z0-9-]*) =", line)
        if start:
            current = start.group(1)
        elif line and not line[0].isspace():
            current = None
        if current in ids:
            chars.update(c for c in line if ord(c) > 126)
for path in glob.glob(f"{repo}/src/rules/notation/*.rs"):
    chars.update(c for c in open(path, encoding="utf-8").read() if ord(c) > 126)
print("".join(sorted(chars)))
PY
)"
pyftsubset "$source_font" \
    --font-number="$font_number" \
    --text="${pieces}${river}${numerals}${extra_punctuation}${captions}" \
    --unicodes='U+0020-007E' \
    --layout-features='' --drop-tables+=BASE \
    --name-IDs='*' --name-languages='*' \
    --no-hinting \
    --drop-tables+=VORG,vhea,vmtx,DSIG,GPOS,GSUB \
    --output-file="$here/xiangqi-subset.otf"
ls -l "$here/xiangqi-subset.otf"
