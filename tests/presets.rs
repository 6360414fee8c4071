//! A preset is complete in every file CONTRIBUTING.md names for it: its registry row
//! (crates/core/src/preset.rs, checked there), its engine profile (an exhaustive match: it does not
//! compile without one), its row in docs/rules.md §3 (tests/reference_check.rs), its perft file and
//! its rules card on the page, checked here.

use dame_core::Preset;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The keys of the `CARDS` table in www/manual.js (`blasen: [`, `'standard-flying': standard(true)`).
fn rules_cards() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("www/manual.js")).unwrap();
    let table = text
        .split("const CARDS = {")
        .nth(1)
        .expect("www/manual.js has its CARDS table");
    let mut keys = Vec::new();
    let mut depth = 0i32;
    for line in table.lines() {
        if depth == 0 {
            if line.starts_with('}') {
                break;
            }
            let key = line
                .trim()
                .split(':')
                .next()
                .unwrap_or("")
                .trim_matches('\'');
            if !key.is_empty() && line.starts_with("  ") && !line.starts_with("   ") {
                keys.push(key.to_string());
            }
        }
        depth += line.matches(['[', '{', '(']).count() as i32;
        depth -= line.matches([']', '}', ')']).count() as i32;
    }
    keys
}

#[test]
fn every_preset_has_a_rules_card_and_every_card_a_preset() {
    let cards = rules_cards();
    let ids: Vec<&str> = Preset::ALL.iter().map(|p| p.id()).collect();
    assert_eq!(
        cards, ids,
        "www/manual.js CARDS against the registry, in order"
    );
}

#[test]
fn every_preset_has_its_perft_file() {
    for preset in Preset::ALL {
        let file = root()
            .join("tests/perft")
            .join(format!("{}.perft", preset.id()));
        let text = std::fs::read_to_string(&file).unwrap_or_else(|_| {
            panic!(
                "{preset}: no perft file {} (CONTRIBUTING.md)",
                file.display()
            )
        });
        assert!(text
            .lines()
            .any(|l| !l.starts_with('#') && !l.trim().is_empty()));
    }
}
