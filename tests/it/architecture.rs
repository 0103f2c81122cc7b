//! The layers of docs/architecture.md, checked on the source: every
//! `crate::…` path in `src/` (outside test modules) names a module of the
//! same layer or of a layer below. A new import that points up fails here
//! with the file, the line and the two layers.

use std::path::{Path, PathBuf};

/// The layers, bottom first; a module belongs to the layer of its longest
/// listed prefix (`diagnostic::rule` before `diagnostic`).
const LAYERS: &[(&str, &[&str])] = &[
    (
        "text",
        &[
            "source",
            "json",
            "yaml",
            "syntax",
            "date",
            "prefilter",
            "error",
            "positions",
            "lines",
        ],
    ),
    ("secrets", &["secrets", "redact"]),
    ("rule metadata", &["diagnostic::rule"]),
    ("settings", &["settings", "contents"]),
    ("diagnostics", &["diagnostic"]),
    ("files and git", &["discover", "load", "git"]),
    ("models", &["model"]),
    ("rules", &["rules"]),
    ("configuration", &["config"]),
    ("engine", &["lint", "history", "fix"]),
    ("output", &["render", "pycheck", "schema"]),
    ("commands", &["app", "cli", "output"]),
];

fn layer_of(module: &str) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    for (i, (_, prefixes)) in LAYERS.iter().enumerate() {
        for p in *prefixes {
            let matches = module == *p || module.starts_with(&format!("{p}::"));
            if matches && best.is_none_or(|(_, len)| p.len() > len) {
                best = Some((i, p.len()));
            }
        }
    }
    best
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a file is, as a path (`rules::skill::context`).
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let mut module = parts.join("::");
    if let Some(parent) = module.strip_suffix("::mod") {
        module = parent.to_string();
    }
    module
}

#[test]
fn imports_point_down_the_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    let mut seen = 0;
    for file in &files {
        let module = module_of(&src, file);
        if module == "lib" || module == "main" {
            continue;
        }
        let Some((from, _)) = layer_of(&module) else {
            wrong.push(format!("{module}: in no layer of docs/architecture.md"));
            continue;
        };
        // Test modules may use anything (a rule's snapshot renders it), in
        // their own file (`tests.rs`) or inline.
        if file.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        let code = match text.find("#[cfg(test)]\nmod ") {
            Some(i) => &text[..i],
            None => &text,
        };
        for (n, line) in code.lines().enumerate() {
            let line = line.trim_start();
            if line.starts_with("//") {
                continue;
            }
            let mut rest = line;
            while let Some(i) = rest.find("crate::") {
                let after = &rest[i + "crate::".len()..];
                let path: String = after
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                rest = &after[path.len()..];
                let target = path.trim_end_matches(':');
                let Some((to, _)) = layer_of(target) else {
                    continue;
                };
                seen += 1;
                if to > from {
                    wrong.push(format!(
                        "{}:{}: {module} ({}) uses crate::{target} ({})",
                        file.strip_prefix(&src).unwrap().display(),
                        n + 1,
                        LAYERS[from].0,
                        LAYERS[to].0
                    ));
                }
            }
        }
    }
    assert!(seen > 300, "only {seen} paths read: is src/ where it was?");
    assert!(
        wrong.is_empty(),
        "imports that point up the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_layer_check_sees_an_upward_import() {
    // The check itself: a rule module naming the engine is caught.
    let (rules, _) = layer_of("rules::skill::context").unwrap();
    let (engine, _) = layer_of("history::review").unwrap();
    let (meta, _) = layer_of("diagnostic::rule").unwrap();
    let (diagnostics, _) = layer_of("diagnostic::report").unwrap();
    assert!(engine > rules);
    assert!(meta < diagnostics);
    assert_eq!(layer_of("nowhere"), None);
}

/// No source file is over 800 lines: a module that grows past it is split
/// along its seams (tests may move to their own `tests.rs`).
#[test]
fn no_source_file_is_over_800_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).unwrap().lines().count();
            (lines > 800).then(|| format!("{} ({lines} lines)", f.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files over 800 lines:\n{}",
        long.join("\n")
    );
}
