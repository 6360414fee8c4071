//! The house's layers, checked from the source: no crate depends on one above it, and inside the
//! rules library and the engine no module imports a module of a layer above its own.
//!
//! A module is a file's first path component under `src/` (`notation/turn.rs` is `notation`).
//! Its imports are the `crate::<module>` paths in its code (comments left out), with the names
//! the crate root re-exports (`crate::Position`, `crate::{Game, Preset}`) traced to the module
//! they come from. `super::` stays inside a module's own folder, or names the crate root from a
//! top-level module, and is traced the same way.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The crates of the workspace, bottom first, and what each may not depend on.
const CRATES: [(&str, &[&str]); 3] = [
    (
        "crates/core",
        &[
            "dame-engine",
            "dame-web",
            "dame",
            "wasm-bindgen",
            "web-sys",
            "js-sys",
            "serde",
        ],
    ),
    (
        "crates/engine",
        &["dame-web", "dame", "wasm-bindgen", "web-sys", "js-sys"],
    ),
    // The page's module never compiles the lab.
    ("crates/web", &["dame", "clap"]),
];

/// The modules of the rules library, bottom first.
const CORE_LAYERS: &[&str] = &[
    "rules", "preset", "board", "moves", "movegen", "play", "perft", "notation", "game", "pdn",
];

/// The modules of the page's crate, bottom first: the plain-Rust session below the wasm shim.
const WEB_LAYERS: &[&str] = &[
    "types", "input", "route", "explain", "computer", "session", "exports", "game", "worker",
];

/// The modules of the engine, bottom first.
const ENGINE_LAYERS: &[&str] = &[
    "weights", "zobrist", "tt", "learned", "net", "profile", "eval", "egdb", "search", "analysis",
    "levels", "protocol",
];

/// The names of the dependencies a manifest declares, in any dependency table.
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_deps = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line
                .trim_matches(|c| c == '[' || c == ']')
                .ends_with("dependencies");
            continue;
        }
        if in_deps && !line.starts_with('#') {
            if let Some((name, _)) = line.split_once('=') {
                let name = name.trim();
                let name = name.strip_suffix(".workspace").unwrap_or(name);
                names.push(name.trim().to_string());
            }
        }
    }
    names
}

#[test]
fn no_crate_depends_on_one_above_it() {
    for (dir, forbidden) in CRATES {
        let manifest = fs::read_to_string(root().join(dir).join("Cargo.toml")).unwrap();
        let deps = dependencies(&manifest);
        assert!(
            !deps.is_empty() || dir == "crates/core",
            "{dir}: no dependencies read"
        );
        for dep in deps {
            assert!(
                !forbidden.contains(&dep.as_str()),
                "{dir} depends on {dep}, which it must not"
            );
        }
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its comments (line comments and doc comments).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            // A `//` inside a string ("http://…") is rare in these crates; a line's code before
            // its comment is what counts.
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The crate root's re-exports: name → module (`pub use board::{Position, …};`).
fn re_exports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    let lib = code(lib);
    for stmt in lib.split(';') {
        let stmt = stmt.trim();
        let Some(rest) = stmt
            .strip_prefix("pub use ")
            .or_else(|| stmt.split_once("pub use ").map(|(_, r)| r))
        else {
            continue;
        };
        let Some((module, names)) = rest.split_once("::") else {
            continue;
        };
        for name in names
            .trim_matches(|c| c == '{' || c == '}')
            .split(',')
            .map(|n| {
                n.trim()
                    .rsplit("::")
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_string()
            })
            .filter(|n| !n.is_empty())
        {
            map.insert(name, module.trim().to_string());
        }
    }
    map
}

/// The identifiers that follow `prefix` in `code` (`crate::board::X` → `board`; `crate::{A, b::C}`
/// → `A`, `b`).
fn names_after(code: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find(prefix) {
        let before = rest[..i].chars().last();
        rest = &rest[i + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `dame_core::…` is not `core::…`
        }
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let first = item.trim().split("::").next().unwrap_or("").trim();
                if !first.is_empty() {
                    names.push(first.to_string());
                }
            }
        } else {
            let ident: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !ident.is_empty() {
                names.push(ident);
            }
        }
    }
    names
}

/// Every (importing module, imported module) pair of a crate, across its files.
fn imports(src: &Path) -> Vec<(String, String, PathBuf)> {
    let reexports = re_exports(&fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut pairs = Vec::new();
    for file in files {
        let rel = file.strip_prefix(src).unwrap();
        let module = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if module == "lib" || module == "main" {
            continue;
        }
        let top_level = rel.components().count() == 1;
        let text = code(&fs::read_to_string(&file).unwrap());
        let mut names = names_after(&text, "crate::");
        if top_level {
            names.extend(names_after(&text, "super::"));
        }
        for name in names {
            let target = reexports.get(&name).cloned().unwrap_or(name);
            if target != module {
                pairs.push((module.clone(), target, file.clone()));
            }
        }
    }
    pairs
}

fn check_layers(src: &str, layers: &[&str]) {
    let src = root().join(src);
    let level = |m: &str| layers.iter().position(|l| *l == m);
    let pairs = imports(&src);
    assert!(!pairs.is_empty(), "{}: no imports read", src.display());
    for (from, to, file) in pairs {
        let Some(to_level) = level(&to) else {
            continue; // an item of the crate root itself, or a macro
        };
        let from_level = level(&from).unwrap_or_else(|| {
            panic!(
                "{}: module {from} is in no layer of this test",
                file.display()
            )
        });
        assert!(
            to_level < from_level,
            "{}: {from} imports {to}, a layer above it (or beside it)",
            file.display()
        );
    }
}

#[test]
fn no_module_of_the_rules_library_imports_a_layer_above_it() {
    check_layers("crates/core/src", CORE_LAYERS);
}

#[test]
fn no_module_of_the_engine_imports_a_layer_above_it() {
    check_layers("crates/engine/src", ENGINE_LAYERS);
}

#[test]
fn no_module_of_the_page_crate_imports_a_layer_above_it() {
    check_layers("crates/web/src", WEB_LAYERS);
}

#[test]
fn the_rule_parameters_import_nothing() {
    let text = code(&fs::read_to_string(root().join("crates/core/src/rules.rs")).unwrap());
    assert!(!text.contains("crate::") && !text.contains("super::") && !text.contains("use "));
}

/// The checker itself sees an import that runs upwards.
#[test]
fn an_upward_import_is_seen() {
    let dir = std::env::temp_dir().join(format!("dame-layers-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        dir.join("lib.rs"),
        "mod low;\nmod high;\npub use high::{Top};\n",
    )
    .unwrap();
    fs::write(dir.join("low.rs"), "use crate::Top;\n").unwrap();
    fs::write(dir.join("high.rs"), "pub struct Top;\n").unwrap();
    let pairs = imports(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        pairs
            .iter()
            .map(|(a, b, _)| (a.as_str(), b.as_str()))
            .collect::<Vec<_>>(),
        [("low", "high")]
    );
}
