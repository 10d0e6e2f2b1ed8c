//! The shape of `src/`, read from its code: which file imports which, by
//! every `use` and every `crate::`/`super::` path outside comments and
//! test modules. It fails on an import cycle between files, however long,
//! on an import that runs up between the layers below, and on a transport
//! that reaches past the bot's face (`src/bot/mod.rs`) or into the rules,
//! the engine, the store or the renderer.
//!
//! A file stands for its module; a path resolves to the deepest module
//! file it names (`crate::bot::vocabulary::voice::Voice` is
//! `src/bot/vocabulary/voice.rs`, `crate::bot::Voice` is `src/bot/mod.rs`).
//! Test code is left out: the files named `tests.rs`, and everything from a
//! file's first `#[cfg(test)]` on (the project keeps its tests last).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: a file may import its own layer and those
/// below. Layers of one rank stand beside each other and may not import
/// each other.
const LAYERS: &[(u8, &str, &[&str])] = &[
    (0, "base", &["src/rng.rs", "src/lines.rs", "src/metrics.rs"]),
    (
        1,
        "rules and tournaments",
        &["src/rules/", "src/tournament/"],
    ),
    (2, "engine and render", &["src/engine/", "src/render/"]),
    (
        3,
        "store, languages, puzzles, matches and review",
        &[
            "src/store/",
            "src/i18n/",
            "src/puzzles/",
            "src/matches/",
            "src/review/",
        ],
    ),
    (4, "the bot's vocabulary", &["src/bot/vocabulary/"]),
    (5, "the bot's services", &["src/bot/services/"]),
    (6, "the bot's handlers", &["src/bot/handlers/"]),
    (6, "the bot's background work", &["src/bot/background/"]),
    (7, "the bot's command table", &["src/bot/commands.rs"]),
    (8, "the bot's face", &["src/bot/mod.rs"]),
    (9, "the transports", &["src/transport/"]),
    (10, "the library's root", &["src/lib.rs"]),
    (11, "the binary", &["src/main.rs", "src/cli/"]),
];

/// What a transport may import of the library: the bot's face, the
/// languages, line decoding and the metrics registry (and its own files).
const TRANSPORT_MAY_IMPORT: &[&str] = &[
    "src/bot/mod.rs",
    "src/i18n/",
    "src/lines.rs",
    "src/metrics.rs",
    "src/transport/",
];

#[test]
fn src_has_no_import_cycle_and_no_import_runs_up() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let graph = Graph::read(root);
    assert!(
        graph.files.len() > 100,
        "read {} files: the reader is broken",
        graph.files.len()
    );
    assert!(
        graph.edges.values().map(BTreeSet::len).sum::<usize>() > 300,
        "too few imports found: the reader is broken"
    );

    let cycles = graph.cycles();
    assert!(
        cycles.is_empty(),
        "import cycles:\n{}",
        cycles
            .iter()
            .map(|cycle| format!("  {}", cycle.join(" -> ")))
            .collect::<Vec<_>>()
            .join("\n")
    );

    let mut wrong = Vec::new();
    for (from, targets) in &graph.edges {
        let Some((rank, name)) = layer_of(from) else {
            wrong.push(format!("{from} is in no layer"));
            continue;
        };
        for to in targets {
            let Some((to_rank, to_name)) = layer_of(to) else {
                wrong.push(format!("{to} is in no layer"));
                continue;
            };
            if to_rank > rank {
                wrong.push(format!(
                    "{from} ({name}) imports {to} ({to_name}), above it"
                ));
            } else if to_rank == rank && to_name != name {
                wrong.push(format!(
                    "{from} ({name}) imports {to} ({to_name}), beside it"
                ));
            }
            if from.starts_with("src/transport/")
                && !TRANSPORT_MAY_IMPORT.iter().any(|ok| to.starts_with(ok))
            {
                wrong.push(format!(
                    "{from} (a transport) imports {to}: transports use only the bot's face"
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports that break the layers:\n  {}",
        wrong.join("\n  ")
    );
}

/// The reader itself: a cycle and an upward import in a made-up tree are found.
#[test]
fn the_reader_finds_cycles_and_resolves_paths() {
    let dir = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("src/lib.rs", "pub mod a;\npub mod b;\n");
    write("src/a/mod.rs", "pub mod x;\npub use x::X;\n");
    write(
        "src/a/x.rs",
        "use crate::b::{self, y::{Y, Z}};\n// use crate::nowhere;\npub struct X;\n",
    );
    write("src/b/mod.rs", "pub mod y;\npub fn g() { y::f(); }\n");
    write(
        "src/b/y.rs",
        "pub fn f() { let _ = crate::a::x::X; }\n#[cfg(test)]\nmod tests { use crate::a::X; }\n",
    );
    let graph = Graph::read(dir.path());
    let targets = |file: &str| graph.edges.get(file).cloned().unwrap_or_default();
    assert_eq!(
        targets("src/a/x.rs"),
        BTreeSet::from(["src/b/mod.rs".to_owned(), "src/b/y.rs".to_owned()])
    );
    assert_eq!(
        targets("src/b/y.rs"),
        BTreeSet::from(["src/a/x.rs".to_owned()]),
        "test code is left out"
    );
    assert_eq!(
        targets("src/a/mod.rs"),
        BTreeSet::from(["src/a/x.rs".to_owned()])
    );
    assert_eq!(
        targets("src/b/mod.rs"),
        BTreeSet::from(["src/b/y.rs".to_owned()]),
        "a child's path in code"
    );
    let cycles = graph.cycles();
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(
        cycles[0].contains(&"src/a/x.rs".to_owned())
            && cycles[0].contains(&"src/b/y.rs".to_owned())
    );
}

/// The layer a file belongs to: the longest prefix that names it.
fn layer_of(file: &str) -> Option<(u8, &'static str)> {
    LAYERS
        .iter()
        .flat_map(|(rank, name, prefixes)| prefixes.iter().map(move |p| (*rank, *name, *p)))
        .filter(|(_, _, prefix)| file.starts_with(prefix))
        .max_by_key(|(_, _, prefix)| prefix.len())
        .map(|(rank, name, _)| (rank, name))
}

/// The files of `src/` and which import which, by path from the repository.
struct Graph {
    files: BTreeMap<Vec<String>, String>,
    edges: BTreeMap<String, BTreeSet<String>>,
}

impl Graph {
    fn read(root: &Path) -> Graph {
        let mut sources = Vec::new();
        collect(&root.join("src"), &mut sources);
        let mut files = BTreeMap::new();
        let mut modules = BTreeMap::new();
        for path in &sources {
            let shown = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if let Some(module) = module_of(&shown) {
                files.insert(module.clone(), shown.clone());
                modules.insert(shown, module);
            }
        }
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (file, module) in &modules {
            let text = std::fs::read_to_string(root.join(file)).unwrap();
            let stripped = strip_comments_and_strings(&text);
            let code = without_tests(&stripped);
            // A file's own items are found relative to its module.
            let binary = file == "src/main.rs" || file.starts_with("src/cli/");
            for path in paths_in(code, module, binary, &files) {
                if let Some(target) = resolve(&path, &files) {
                    if &target != file {
                        edges.entry(file.clone()).or_default().insert(target);
                    }
                }
            }
        }
        Graph { files, edges }
    }

    /// Every cycle between files (Tarjan's strongly connected components of
    /// more than one file), each as its files in order.
    fn cycles(&self) -> Vec<Vec<String>> {
        let nodes: Vec<&String> = self.files.values().collect();
        let index_of: BTreeMap<&String, usize> =
            nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let next: Vec<Vec<usize>> = nodes
            .iter()
            .map(|n| {
                self.edges
                    .get(*n)
                    .map(|t| t.iter().filter_map(|t| index_of.get(t).copied()).collect())
                    .unwrap_or_default()
            })
            .collect();
        let mut tarjan = Tarjan {
            next: &next,
            index: vec![None; nodes.len()],
            low: vec![0; nodes.len()],
            on_stack: vec![false; nodes.len()],
            stack: Vec::new(),
            counter: 0,
            found: Vec::new(),
        };
        for node in 0..nodes.len() {
            if tarjan.index[node].is_none() {
                tarjan.visit(node);
            }
        }
        tarjan
            .found
            .into_iter()
            .map(|component| component.into_iter().map(|i| nodes[i].clone()).collect())
            .collect()
    }
}

struct Tarjan<'a> {
    next: &'a [Vec<usize>],
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    counter: usize,
    found: Vec<Vec<usize>>,
}

impl Tarjan<'_> {
    fn visit(&mut self, node: usize) {
        self.index[node] = Some(self.counter);
        self.low[node] = self.counter;
        self.counter += 1;
        self.stack.push(node);
        self.on_stack[node] = true;
        for &to in &self.next[node] {
            match self.index[to] {
                None => {
                    self.visit(to);
                    self.low[node] = self.low[node].min(self.low[to]);
                }
                Some(index) if self.on_stack[to] => self.low[node] = self.low[node].min(index),
                Some(_) => {}
            }
        }
        if Some(self.low[node]) == self.index[node] {
            let mut component = Vec::new();
            while let Some(top) = self.stack.pop() {
                self.on_stack[top] = false;
                component.push(top);
                if top == node {
                    break;
                }
            }
            if component.len() > 1 {
                component.reverse();
                self.found.push(component);
            }
        }
    }
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a file is, from the library's root (`src/bot/mod.rs` is
/// `bot`); the binary's files are modules of a root of their own, under
/// `main`. Test files have none.
fn module_of(file: &str) -> Option<Vec<String>> {
    let inner = file.strip_prefix("src/")?.strip_suffix(".rs")?;
    let mut parts: Vec<String> = inner.split('/').map(str::to_owned).collect();
    if parts.last().is_some_and(|p| p == "tests") {
        return None;
    }
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    match parts.first().map(String::as_str) {
        Some("lib") if parts.len() == 1 => Some(Vec::new()),
        Some("main") if parts.len() == 1 => Some(vec!["main".to_owned()]),
        Some("cli") => {
            let mut module = vec!["main".to_owned()];
            module.extend(parts);
            Some(module)
        }
        _ => Some(parts),
    }
}

/// The deepest module file a path (from the library's root, or the
/// binary's under `main`) names.
fn resolve(path: &[String], files: &BTreeMap<Vec<String>, String>) -> Option<String> {
    (0..=path.len())
        .rev()
        .find_map(|len| files.get(&path[..len]).cloned())
}

/// The code without comments, and with string and character literals
/// emptied, so that neither is read as a path.
fn strip_comments_and_strings(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&chars, i) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|k| chars.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{..}'), not a lifetime.
            let literal_end = if next == Some('\\') {
                (i + 2..chars.len()).find(|&j| chars[j] == '\'')
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match literal_end {
                Some(end) => {
                    out.push_str("' '");
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// The code before its first `#[cfg(test)]`.
fn without_tests(code: &str) -> &str {
    match code.find("#[cfg(test)]") {
        Some(at) => &code[..at],
        None => code,
    }
}

/// Every path the code names, from the library's (or the binary's) root:
/// the trees of its `use` declarations, and the `crate::`, `super::` and
/// (in the binary) `xiangqi_bot::` paths anywhere else.
fn paths_in(
    code: &str,
    module: &[String],
    binary: bool,
    files: &BTreeMap<Vec<String>, String>,
) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    let mut outside_use = String::new();
    while let Some(at) = find_use(rest) {
        outside_use.push_str(&rest[..at]);
        let after = &rest[at + "use".len()..];
        let end = after.find(';').unwrap_or(after.len());
        for path in expand_tree(after[..end].trim()) {
            if let Some(absolute) = absolute(&path, module, binary, files) {
                paths.push(absolute);
            }
        }
        rest = &after[(end + 1).min(after.len())..];
    }
    outside_use.push_str(rest);
    let children: Vec<&str> = files
        .keys()
        .filter(|other| other.len() == module.len() + 1 && other.starts_with(module))
        .map(|child| child[module.len()].as_str())
        .collect();
    for path in inline_paths(&outside_use, binary, &children) {
        if let Some(absolute) = absolute(&path, module, binary, files) {
            paths.push(absolute);
        }
    }
    paths
}

/// Where the next `use` declaration starts (the keyword on its own).
fn find_use(code: &str) -> Option<usize> {
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(found) = code[from..].find("use ") {
        let at = from + found;
        let before_ok =
            at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        if before_ok {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// A use tree's paths, its braces expanded: `a::{b, c::{d, self}}` is
/// `a::b`, `a::c::d` and `a::c`. A path ending in `*`, `self` or an alias
/// names its module.
fn expand_tree(tree: &str) -> Vec<Vec<String>> {
    fn walk(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
        let tree = tree.trim();
        if tree.is_empty() {
            return;
        }
        if let Some(open) = tree.find('{') {
            let head: Vec<String> = segments(&tree[..open]);
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            let mut base = prefix.to_vec();
            base.extend(head);
            for part in split_top_level(inner) {
                walk(&base, part, out);
            }
        } else {
            let mut path = prefix.to_vec();
            let plain = tree.split(" as ").next().unwrap_or(tree);
            path.extend(segments(plain));
            out.push(path);
        }
    }
    let mut out = Vec::new();
    walk(&[], tree, &mut out);
    out
}

fn segments(text: &str) -> Vec<String> {
    text.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty() && *s != "*" && *s != "self")
        .map(str::to_owned)
        .collect()
}

fn split_top_level(text: &str) -> Vec<&str> {
    let (mut depth, mut start, mut parts) = (0, 0, Vec::new());
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// `crate::…`, `super::…`, `xiangqi_bot::…` and child modules' paths
/// (`chinese::parse(…)` in `notation/mod.rs`) outside `use`.
fn inline_paths(code: &str, binary: bool, children: &[&str]) -> Vec<Vec<String>> {
    let mut starts: Vec<String> = ["crate::", "super::"].map(str::to_owned).to_vec();
    if binary {
        starts.push("xiangqi_bot::".to_owned());
    }
    starts.extend(children.iter().map(|child| format!("{child}::")));
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    for start in &starts {
        let mut from = 0;
        while let Some(at) = code[from..].find(start) {
            let at = from + at;
            from = at + start.len();
            // `$crate::` in a macro, part of a longer name, or a path's
            // later segment (`std::fmt::` is not the child `fmt`).
            let before = |back: usize| at >= back && bytes[at - back] == b':';
            if at > 0
                && (bytes[at - 1].is_ascii_alphanumeric()
                    || matches!(bytes[at - 1], b'_' | b'$')
                    || (before(1) && before(2)))
            {
                continue;
            }
            let end = code[at..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |e| at + e);
            found.push(segments(&code[at..end]));
        }
    }
    found
}

/// A path from a file's own module made absolute: `crate` from the root,
/// `super` from the parent, `self` or a child module's name from the file's
/// own module. `None` for paths into other crates.
fn absolute(
    path: &[String],
    module: &[String],
    binary: bool,
    files: &BTreeMap<Vec<String>, String>,
) -> Option<Vec<String>> {
    let first = path.first()?;
    let mut base: Vec<String> = match first.as_str() {
        "crate" if binary => vec!["main".to_owned()],
        "crate" => Vec::new(),
        "xiangqi_bot" => Vec::new(),
        "super" => {
            let mut base = module.to_vec();
            let mut skip = 0;
            for part in path {
                if part != "super" {
                    break;
                }
                base.pop();
                skip += 1;
            }
            base.extend(path[skip..].iter().cloned());
            return Some(base);
        }
        _ => {
            // A child module of this file's, named plainly.
            let mut child = module.to_vec();
            child.push(first.clone());
            if files.contains_key(&child) {
                child.extend(path[1..].iter().cloned());
                return Some(child);
            }
            return None;
        }
    };
    base.extend(path[1..].iter().cloned());
    Some(base)
}
