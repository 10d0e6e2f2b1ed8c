#!/usr/bin/env bash
# Regenerates xiangqi-subset.otf, the only font the renderer embeds, from Noto
# Serif CJK TC Bold (Debian: `apt-get install fonts-noto-cjk`; fonttools:
# `pip install fonttools`). The subset keeps just what a board picture shows:
# the fourteen piece names, 楚河 漢界, the numerals 一…九 and printable ASCII
# (labels and captions), so the binary carries ~20 KB instead of ~25 MB.
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
pyftsubset "$source_font" \
    --font-number="$font_number" \
    --text="${pieces}${river}${numerals}${extra_punctuation}" \
    --unicodes='U+0020-007E' \
    --layout-features='' --drop-tables+=BASE \
    --name-IDs='*' --name-languages='*' \
    --no-hinting \
    --drop-tables+=VORG,vhea,vmtx,DSIG,GPOS,GSUB \
    --output-file="$here/xiangqi-subset.otf"
ls -l "$here/xiangqi-subset.otf"
