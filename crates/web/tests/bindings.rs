//! `types/bindings.d.ts` says what the module exports: checked here against the exports
//! themselves, natively, with no wasm build (`cargo test -p dame-web --test bindings`).
//!
//! The page is type-checked (`tsc --noEmit`) against `types/bindings.d.ts`, which is written by
//! hand (it carries the documentation the page's authors read, and the `Bindings`, `Glue` and
//! `TypedError` declarations wasm-bindgen knows nothing of). Every export declares the
//! TypeScript types it takes and returns in its `#[wasm_bindgen]` attributes
//! (`unchecked_param_type`, `unchecked_optional_param_type` for a parameter that may be left
//! out, `unchecked_return_type`, `js_name`), so the Rust source alone says what wasm-bindgen
//! writes into the `.d.ts` of a build. This test reads those signatures out of
//! `crates/web/src/*.rs` and compares them, one by one, with the declarations in
//! `types/bindings.d.ts`:
//!
//! - every `#[wasm_bindgen]` struct is a class there (`export declare class WebGame`), named in
//!   `interface Bindings` (`WebGame: typeof WebGame`);
//! - every `pub fn` of a `#[wasm_bindgen] impl` is a member of its class: a constructor
//!   (`#[wasm_bindgen(constructor)]`), a `static` member (no `self`) or a method, under its
//!   `js_name`, with the same parameters (names, left-out-able or not, types) and return type;
//! - every `#[wasm_bindgen]` free function is a method of `interface Bindings`, likewise;
//! - and nothing is declared there that is not exported (`free()` is wasm-bindgen's own).
//!
//! Rust types map as wasm-bindgen maps them (`String` → `string`, `bool` → `boolean`, `u32` →
//! `number`, `Vec<String>` → `string[]`, `Result<T, _>` → `T`, `()` → `void`); a `JsValue`
//! without a declared type is `any`, which is refused (except for [`UNTYPED`]). A Rust type the
//! test does not know fails it, naming the type: teach [`ts_type`] rather than guess. Types are
//! compared after collapsing white space and sorting the members of a union.
//!
//! The reading of the Rust source is a small tokenizer (comments, strings, char literals and
//! lifetimes, attributes, brace depth), not a Rust parser: it understands the shapes the
//! binding layer uses and fails loudly on an export it cannot read. To check that it reads the
//! source as wasm-bindgen does, give it the `.d.ts` of a real build: `BINDINGS_DTS=path cargo
//! test -p dame-web --test bindings` also compares the exports with that file (e.g. from
//! `wasm-bindgen --out-dir DIR --target web` run on a `.wasm` of this crate; wasm-bindgen's own
//! `__wbg…` helpers, `initSync` and test harness there are ignored).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// Exports whose `JsValue` has no declared TypeScript type yet, so that any declaration in
/// `bindings.d.ts` is accepted for it: none (every export declares its types).
const UNTYPED: &[&str] = &[];

#[derive(Clone, Debug, PartialEq, Eq)]
struct Param {
    name: String,
    optional: bool,
    ty: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Constructor,
    Static,
    Method,
    Function,
}

/// One export as TypeScript sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Signature {
    /// The class, for a constructor or a member.
    class: Option<String>,
    kind: Kind,
    name: String,
    params: Vec<Param>,
    /// `None` for a constructor.
    ret: Option<String>,
}

impl Signature {
    fn key(&self) -> (Option<String>, bool, String) {
        (
            self.class.clone(),
            self.kind == Kind::Static,
            self.name.clone(),
        )
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let owner = match &self.class {
            Some(class) => format!("{class}."),
            None => "Bindings.".to_string(),
        };
        let params: Vec<String> = self
            .params
            .iter()
            .map(|p| format!("{}{}: {}", p.name, if p.optional { "?" } else { "" }, p.ty))
            .collect();
        let stat = if self.kind == Kind::Static {
            "static "
        } else {
            ""
        };
        write!(f, "{owner}{stat}{}({})", self.name, params.join(", "))?;
        if let Some(ret) = &self.ret {
            write!(f, ": {ret}")?;
        }
        Ok(())
    }
}

/// A type in a canonical spelling: no white space but between two words (`typeof X`), the
/// members of a top-level union sorted and joined by ` | `.
fn normalize(ty: &str) -> String {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let chars: Vec<char> = ty.trim().chars().collect();
    let mut compact = String::new();
    for (k, &c) in chars.iter().enumerate() {
        if !c.is_whitespace() {
            compact.push(c);
        } else if word(compact.chars().last())
            && word(chars[k + 1..].iter().copied().find(|c| !c.is_whitespace()))
            && !compact.ends_with(' ')
        {
            compact.push(' ');
        }
    }
    let mut members: Vec<String> = split_top(&compact, '|')
        .into_iter()
        .map(|m| m.trim().to_string())
        .collect();
    members.sort();
    members.dedup();
    members.join(" | ")
}

/// `text` split at `sep` outside brackets of any kind (`=>` is not a closing bracket).
fn split_top(text: &str, sep: char) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut depth = 0i32;
    let mut prev = ' ';
    for c in text.chars() {
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            '>' if prev != '=' && prev != '-' => depth -= 1,
            _ => {}
        }
        if c == sep && depth == 0 {
            parts.push(String::new());
        } else {
            parts.last_mut().unwrap().push(c);
        }
        prev = c;
    }
    parts
}

// ------------------------------------------------------------------------------ the Rust side

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Punct(char),
    Str(String),
    Other,
}

/// The tokens of Rust source: comments dropped, strings with their contents, lifetimes,
/// numbers and char literals as `Other`.
fn tokenize(src: &str) -> Vec<Tok> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
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
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && raw_string_at(&chars, i) {
            // r"…", r#"…"#
            let mut j = i + 1;
            let mut hashes = 0;
            while chars[j] == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1;
            let start = j;
            loop {
                if chars[j] == '"' && chars[j + 1..].iter().take(hashes).all(|&h| h == '#') {
                    break;
                }
                j += 1;
            }
            out.push(Tok::Str(chars[start..j].iter().collect()));
            i = j + 1 + hashes;
        } else if c == '"' || (c == 'b' && next == Some('"')) {
            let mut j = if c == 'b' { i + 2 } else { i + 1 };
            let mut text = String::new();
            while chars[j] != '"' {
                if chars[j] == '\\' {
                    j += 1;
                }
                text.push(chars[j]);
                j += 1;
            }
            out.push(Tok::Str(text));
            i = j + 1;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{…}') or a lifetime ('a).
            if next == Some('\\') {
                let mut j = i + 2;
                while chars[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
            }
            out.push(Tok::Other);
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(chars[start..i].iter().collect()));
        } else if c.is_ascii_digit() {
            while i < chars.len()
                && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '.')
            {
                i += 1;
            }
            out.push(Tok::Other);
        } else {
            out.push(Tok::Punct(c));
            i += 1;
        }
    }
    out
}

fn raw_string_at(chars: &[char], i: usize) -> bool {
    let mut j = i + 1;
    while chars.get(j) == Some(&'#') {
        j += 1;
    }
    chars.get(j) == Some(&'"')
        && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'))
}

/// The arguments of a `#[wasm_bindgen(…)]` attribute: flags (`constructor`) and `key = value`
/// (`js_name = viewAt`, `unchecked_return_type = "View"`).
#[derive(Clone, Debug, Default)]
struct Bindgen {
    args: BTreeMap<String, Option<String>>,
}

impl Bindgen {
    fn value(&self, key: &str) -> Option<&str> {
        self.args.get(key).and_then(|v| v.as_deref())
    }
    fn flag(&self, key: &str) -> bool {
        self.args.contains_key(key)
    }
}

/// Reads the attribute starting at `toks[i]` (`#`), returning the index after it and its
/// arguments if it is `#[wasm_bindgen…]`.
fn attribute(toks: &[Tok], i: usize) -> Result<(usize, Option<Bindgen>), String> {
    let mut j = i + 1;
    if toks.get(j) == Some(&Tok::Punct('!')) {
        j += 1;
    }
    if toks.get(j) != Some(&Tok::Punct('[')) {
        return Err(format!("a '#' not followed by '[' at token {i}"));
    }
    let close = matching(toks, j)?;
    let body = &toks[j + 1..close];
    // The path: idents and `::` up to the arguments.
    let mut path = Vec::new();
    let mut k = 0;
    while k < body.len() {
        match &body[k] {
            Tok::Ident(name) => path.push(name.clone()),
            Tok::Punct(':') => {}
            _ => break,
        }
        k += 1;
    }
    if path.last().map(String::as_str) != Some("wasm_bindgen") {
        return Ok((close + 1, None));
    }
    let mut bindgen = Bindgen::default();
    if k < body.len() {
        if body[k] != Tok::Punct('(') || matching(body, k)? != body.len() - 1 {
            return Err(format!("cannot read #[{}(…)]", path.join("::")));
        }
        for arg in split_tokens(&body[k + 1..body.len() - 1], ',') {
            match arg.as_slice() {
                [Tok::Ident(key)] => {
                    bindgen.args.insert(key.clone(), None);
                }
                [Tok::Ident(key), Tok::Punct('='), Tok::Ident(v) | Tok::Str(v)] => {
                    bindgen.args.insert(key.clone(), Some(v.clone()));
                }
                [] => {}
                other => return Err(format!("cannot read a #[wasm_bindgen] argument: {other:?}")),
            }
        }
    }
    Ok((close + 1, Some(bindgen)))
}

/// The index of the bracket closing the one at `toks[open]`.
fn matching(toks: &[Tok], open: usize) -> Result<usize, String> {
    let mut depth = 0;
    for (k, t) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return Ok(k);
                }
            }
            _ => {}
        }
    }
    Err("an unclosed bracket".to_string())
}

/// `toks` split at `sep` outside brackets, counting `<…>` as brackets (no `->` occurs in a
/// parameter list or an attribute).
fn split_tokens(toks: &[Tok], sep: char) -> Vec<Vec<Tok>> {
    let mut parts = vec![Vec::new()];
    let mut depth = 0;
    for t in toks {
        match t {
            Tok::Punct('(' | '[' | '{' | '<') => depth += 1,
            Tok::Punct(')' | ']' | '}' | '>') => depth -= 1,
            _ => {}
        }
        if *t == Tok::Punct(sep) && depth == 0 {
            parts.push(Vec::new());
        } else {
            parts.last_mut().unwrap().push(t.clone());
        }
    }
    if parts.last().is_some_and(Vec::is_empty) {
        parts.pop();
    }
    parts
}

/// A Rust type written out without spaces but between two words (`Result<JsValue,JsError>`,
/// `&str`, `&mut [u8]` as `&mut[u8]`).
fn spell(toks: &[Tok]) -> String {
    let mut out = String::new();
    let mut after_word = false;
    for t in toks {
        let (text, is_word) = match t {
            Tok::Ident(s) => (s.clone(), true),
            Tok::Punct(c) => (c.to_string(), false),
            Tok::Str(s) => (format!("{s:?}"), false),
            Tok::Other => ("'_".to_string(), true),
        };
        if after_word && is_word {
            out.push(' ');
        }
        out.push_str(&text);
        after_word = is_word;
    }
    out
}

/// The TypeScript type wasm-bindgen gives a Rust type (a `Result`'s error is thrown); `None`
/// when this test does not know it.
fn ts_type(rust: &str, classes: &[String]) -> Option<String> {
    if let Some(inner) = rust
        .strip_prefix("Result<")
        .and_then(|r| r.strip_suffix('>'))
    {
        let ok = split_top(inner, ',').into_iter().next()?;
        return ts_type(&ok, classes);
    }
    if let Some(inner) = rust
        .strip_prefix("Option<")
        .and_then(|r| r.strip_suffix('>'))
    {
        return Some(format!("{} | undefined", ts_type(inner, classes)?));
    }
    let ts = match rust {
        "()" => "void",
        "bool" => "boolean",
        "String" | "&str" | "char" => "string",
        "u8" | "u16" | "u32" | "i8" | "i16" | "i32" | "f32" | "f64" | "usize" | "isize" => "number",
        "u64" | "i64" => "bigint",
        "Vec<String>" => "string[]",
        "Vec<u8>" | "&[u8]" => "Uint8Array",
        "JsValue" | "&JsValue" => "any",
        other if classes.iter().any(|c| c == other) => other,
        _ => return None,
    };
    Some(ts.to_string())
}

/// Every export of the Rust files `sources` (name, text), and the classes.
fn rust_exports(sources: &[(String, String)]) -> Result<(Vec<String>, Vec<Signature>), String> {
    // The classes first: a method may return one.
    let mut classes = Vec::new();
    let mut functions = Vec::new();
    for (file, text) in sources {
        let toks = tokenize(text);
        scan(&toks, &mut classes, &mut functions).map_err(|e| format!("{file}: {e}"))?;
    }
    let mut exports = Vec::new();
    for (class, tokens, bindgen) in functions {
        exports.push(signature(class, &tokens, &bindgen, &classes)?);
    }
    Ok((classes, exports))
}

/// The exported structs and fns of one file: each fn as (its class, its tokens from `fn` up to
/// its body, its `#[wasm_bindgen]` arguments).
#[allow(clippy::type_complexity)]
fn scan(
    toks: &[Tok],
    classes: &mut Vec<String>,
    functions: &mut Vec<(Option<String>, Vec<Tok>, Bindgen)>,
) -> Result<(), String> {
    let mut depth = 0usize;
    // The pending outer attribute, if it is #[wasm_bindgen…], and whether `pub` came since.
    let mut pending: Option<Bindgen> = None;
    let mut public = false;
    // The class of the exported impl we are in, and the depth of its body.
    let mut exported_impl: Option<(String, usize)> = None;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Punct('#') => {
                let (next, bindgen) = attribute(toks, i)?;
                if let Some(b) = bindgen {
                    let mut merged = pending.take().unwrap_or_default();
                    merged.args.extend(b.args);
                    pending = Some(merged);
                }
                i = next;
                continue;
            }
            Tok::Punct('{') => {
                depth += 1;
                pending = None;
                public = false;
            }
            Tok::Punct('}') => {
                depth = depth.checked_sub(1).ok_or("an unmatched '}'")?;
                if exported_impl.as_ref().is_some_and(|(_, d)| *d > depth) {
                    exported_impl = None;
                }
                pending = None;
                public = false;
            }
            Tok::Punct(';') => {
                pending = None;
                public = false;
            }
            Tok::Ident(word) if word == "pub" => {
                public = toks.get(i + 1) != Some(&Tok::Punct('('));
            }
            Tok::Ident(word) if word == "struct" && depth == 0 => {
                if let Some(b) = pending.take() {
                    let Some(Tok::Ident(name)) = toks.get(i + 1) else {
                        return Err("a #[wasm_bindgen] struct without a name".into());
                    };
                    classes.push(b.value("js_name").unwrap_or(name).to_string());
                }
                public = false;
            }
            Tok::Ident(word) if word == "impl" && depth == 0 => {
                if let Some(b) = pending.take() {
                    let Some(Tok::Ident(name)) = toks.get(i + 1) else {
                        return Err("a #[wasm_bindgen] impl of something unnamed".into());
                    };
                    if b.value("js_class").is_some() || toks.get(i + 2) != Some(&Tok::Punct('{')) {
                        return Err(format!("cannot read the #[wasm_bindgen] impl of {name}"));
                    }
                    exported_impl = Some((name.clone(), depth + 1));
                }
                public = false;
            }
            Tok::Ident(word) if word == "fn" => {
                let in_impl = exported_impl.as_ref().filter(|(_, d)| *d == depth);
                let exported = match in_impl {
                    Some(_) => public && !pending.as_ref().is_some_and(|b| b.flag("skip")),
                    None => depth == 0 && pending.is_some(),
                };
                if exported {
                    let end = (i..toks.len())
                        .find(|&k| toks[k] == Tok::Punct('{') || toks[k] == Tok::Punct(';'))
                        .ok_or("a fn without a body")?;
                    functions.push((
                        in_impl.map(|(class, _)| class.clone()),
                        toks[i..end].to_vec(),
                        pending.take().unwrap_or_default(),
                    ));
                    i = end;
                    continue;
                }
                pending = None;
                public = false;
            }
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// The signature of the exported fn whose tokens (from `fn` to its body) are `toks`.
fn signature(
    class: Option<String>,
    toks: &[Tok],
    bindgen: &Bindgen,
    classes: &[String],
) -> Result<Signature, String> {
    let Some(Tok::Ident(rust_name)) = toks.get(1) else {
        return Err("a fn without a name".into());
    };
    let here = |problem: &str| format!("fn {rust_name}: {problem}");
    if toks.get(2) != Some(&Tok::Punct('(')) {
        return Err(here("generic exports are not read by this test"));
    }
    let close = matching(toks, 2)?;
    let mut receiver = false;
    let mut params = Vec::new();
    for param in split_tokens(&toks[3..close], ',') {
        // Its attributes, then the pattern and the type.
        let mut k = 0;
        let mut attrs = Bindgen::default();
        while param.get(k) == Some(&Tok::Punct('#')) {
            let (next, b) = attribute(&param, k)?;
            if let Some(b) = b {
                attrs.args.extend(b.args);
            }
            k = next;
        }
        let rest = &param[k..];
        if rest.contains(&Tok::Ident("self".into())) {
            receiver = true;
            continue;
        }
        let rest = match rest.first() {
            Some(Tok::Ident(m)) if m == "mut" => &rest[1..],
            _ => rest,
        };
        let [Tok::Ident(name), Tok::Punct(':'), ty @ ..] = rest else {
            return Err(here(&format!("cannot read the parameter {rest:?}")));
        };
        let rust_ty = spell(ty);
        let (declared, optional) = match (
            attrs.value("unchecked_param_type"),
            attrs.value("unchecked_optional_param_type"),
        ) {
            (Some(t), None) => (Some(t.to_string()), false),
            (None, Some(t)) => (Some(t.to_string()), true),
            (None, None) => (None, false),
            (Some(_), Some(_)) => return Err(here("two types for one parameter")),
        };
        let ty = match declared {
            Some(t) => t,
            None => ts_type(&rust_ty, classes).ok_or_else(|| {
                here(&format!(
                    "the parameter {name}: {rust_ty} has no TypeScript type this test knows"
                ))
            })?,
        };
        params.push(Param {
            name: attrs.value("js_name").unwrap_or(name).to_string(),
            optional,
            ty: normalize(&ty),
        });
    }
    let after = &toks[close + 1..];
    let ret_ty = match after {
        [Tok::Punct('-'), Tok::Punct('>'), ty @ ..] => {
            let end = ty
                .iter()
                .position(|t| *t == Tok::Ident("where".into()))
                .unwrap_or(ty.len());
            spell(&ty[..end])
        }
        [] => "()".to_string(),
        _ => return Err(here("cannot read the return type")),
    };
    let ret_ty = match (class.as_deref(), ret_ty.as_str()) {
        (Some(class), "Self") => class.to_string(),
        (Some(class), other) if other.starts_with("Result<Self,") => class.to_string(),
        _ => ret_ty,
    };
    let kind = match (&class, bindgen.flag("constructor"), receiver) {
        (None, _, _) => Kind::Function,
        (Some(_), true, _) => Kind::Constructor,
        (Some(_), false, true) => Kind::Method,
        (Some(_), false, false) => Kind::Static,
    };
    let ret = if kind == Kind::Constructor {
        None
    } else {
        let ts = match bindgen.value("unchecked_return_type") {
            Some(t) => t.to_string(),
            None => ts_type(&ret_ty, classes).ok_or_else(|| {
                here(&format!(
                    "the return type {ret_ty} has no TypeScript type this test knows"
                ))
            })?,
        };
        Some(normalize(&ts))
    };
    let name = match kind {
        Kind::Constructor => "constructor".to_string(),
        _ => bindgen.value("js_name").unwrap_or(rust_name).to_string(),
    };
    Ok(Signature {
        class,
        kind,
        name,
        params,
        ret,
    })
}

// ------------------------------------------------------------------------ the TypeScript side

/// TypeScript text without its comments (no string in a declaration holds `//` or `/*`).
fn strip_ts_comments(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
        } else if rest.starts_with("//") {
            rest = rest.find('\n').map_or("", |end| &rest[end..]);
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The body of the block opened by the first `{` after `header` in `text`.
fn block<'a>(text: &'a str, header: &str) -> Option<&'a str> {
    let start = text.find(header)? + header.len();
    let open = start + text[start..].find('{')?;
    let mut depth = 0;
    for (k, c) in text[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&text[open + 1..open + k]);
                }
            }
            _ => {}
        }
    }
    None
}

/// A member or function declaration: `[static] name(params): ret`, `constructor(params)`.
/// `None` for a property (`name: type`).
fn ts_signature(class: Option<&str>, member: &str) -> Result<Option<Signature>, String> {
    let member = member.split_whitespace().collect::<Vec<_>>().join(" ");
    let (stat, rest) = match member.strip_prefix("static ") {
        Some(rest) => (true, rest),
        None => (false, member.as_str()),
    };
    let Some(open) = rest.find('(') else {
        return Ok(None);
    };
    let name = rest[..open].trim();
    if name.contains(':') {
        return Ok(None); // a property whose type has parentheses
    }
    let mut depth = 0;
    let close = rest[open..]
        .char_indices()
        .find_map(|(k, c)| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(open + k)
        })
        .ok_or_else(|| format!("cannot read '{member}'"))?;
    let mut params = Vec::new();
    for param in split_top(&rest[open + 1..close], ',') {
        let param = param.trim();
        if param.is_empty() {
            continue;
        }
        let (pname, ty) = param
            .split_once(':')
            .ok_or_else(|| format!("'{member}': a parameter without a type: '{param}'"))?;
        let (pname, optional) = match pname.trim().strip_suffix('?') {
            Some(n) => (n.to_string(), true),
            None => (pname.trim().to_string(), false),
        };
        params.push(Param {
            name: pname,
            optional,
            ty: normalize(ty),
        });
    }
    let after = rest[close + 1..].trim();
    let ret = after
        .strip_prefix(':')
        .map(normalize)
        .filter(|r| !r.is_empty());
    let kind = match (class, name) {
        (Some(_), "constructor") => Kind::Constructor,
        (Some(_), _) if stat => Kind::Static,
        (Some(_), _) => Kind::Method,
        (None, _) => Kind::Function,
    };
    if kind != Kind::Constructor && ret.is_none() {
        return Err(format!("'{member}' has no return type"));
    }
    Ok(Some(Signature {
        class: class.map(str::to_string),
        kind,
        name: name.to_string(),
        params,
        ret,
    }))
}

/// Members wasm-bindgen gives every class.
fn is_builtin(sig: &Signature) -> bool {
    sig.class.is_some() && (sig.name == "free" || sig.name.starts_with('['))
}

/// The classes and exports `types/bindings.d.ts` declares: its `export declare class`es and
/// the methods of `interface Bindings`.
fn declared_exports(text: &str) -> Result<(Vec<String>, Vec<Signature>), String> {
    let text = strip_ts_comments(text);
    let mut classes = Vec::new();
    let mut exports = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("export declare class ") {
        let after = &rest[at + "export declare class ".len()..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let body = block(after, &name).ok_or_else(|| format!("class {name}: no body"))?;
        for member in split_top(body, ';') {
            if let Some(sig) = ts_signature(Some(&name), &member)? {
                if !is_builtin(&sig) {
                    exports.push(sig);
                }
            }
        }
        classes.push(name);
        rest = after;
    }
    let bindings = block(&text, "export interface Bindings").ok_or("no interface Bindings")?;
    // The worker's module's own exports (feature `worker`) are members of `interface Glue`,
    // beside the glue's `default` (its initialiser).
    let glue = block(&text, "export interface Glue").unwrap_or("");
    let glue_members = split_top(glue, ';')
        .into_iter()
        .filter(|m| !m.trim().starts_with("default("));
    for member in split_top(bindings, ';').into_iter().chain(glue_members) {
        let member = member.trim();
        if member.is_empty() {
            continue;
        }
        match ts_signature(None, member)? {
            Some(sig) => exports.push(sig),
            None => {
                // `WebGame: typeof WebGame`: the class, exported.
                let (name, ty) = member
                    .split_once(':')
                    .ok_or_else(|| format!("Bindings: cannot read '{member}'"))?;
                if ty.trim() != format!("typeof {}", name.trim()) {
                    return Err(format!("Bindings: '{member}' is not an export"));
                }
                if !classes.iter().any(|c| c == name.trim()) {
                    return Err(format!("Bindings: {} is not a declared class", name.trim()));
                }
            }
        }
    }
    Ok((classes, exports))
}

/// The classes and exports of a `.d.ts` written by wasm-bindgen (`export class`, `export
/// function`), without wasm-bindgen's own helpers and test harness.
fn generated_exports(text: &str) -> Result<(Vec<String>, Vec<Signature>), String> {
    let text = strip_ts_comments(text);
    let mut classes = Vec::new();
    let mut exports = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("export class ") {
        let after = &rest[at + "export class ".len()..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let body = block(after, &name).ok_or_else(|| format!("class {name}: no body"))?;
        if name != "WasmBindgenTestContext" {
            for member in split_top(body, ';') {
                if let Some(sig) = ts_signature(Some(&name), &member)? {
                    if !is_builtin(&sig) {
                        exports.push(sig);
                    }
                }
            }
            classes.push(name);
        }
        rest = after;
    }
    for line in text.split("export function ").skip(1) {
        let decl = line.split(';').next().unwrap_or_default();
        if let Some(sig) = ts_signature(None, decl)? {
            if !sig.name.starts_with("__wbg") && sig.name != "initSync" {
                exports.push(sig);
            }
        }
    }
    Ok((classes, exports))
}

// ---------------------------------------------------------------------------------- the check

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn sources() -> Vec<(String, String)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(crate_dir().join("src"))
        .expect("crates/web/src")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p.display().to_string(), text)
        })
        .collect()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What differs between the exports (`rust`) and a declaration of them (`ts`, from `what`).
fn differences(
    rust: &(Vec<String>, Vec<Signature>),
    ts: &(Vec<String>, Vec<Signature>),
    what: &str,
) -> Vec<String> {
    let mut problems = Vec::new();
    let (mut rc, mut tc) = (rust.0.clone(), ts.0.clone());
    rc.sort();
    tc.sort();
    if rc != tc {
        problems.push(format!("classes: exported {rc:?}, {what} declares {tc:?}"));
    }
    let map = |sigs: &[Signature]| -> BTreeMap<_, Signature> {
        sigs.iter().map(|s| (s.key(), s.clone())).collect()
    };
    let (rm, tm) = (map(&rust.1), map(&ts.1));
    for (key, r) in &rm {
        let Some(t) = tm.get(key) else {
            problems.push(format!("{what} lacks {r}"));
            continue;
        };
        let mut r = r.clone();
        let allowed = r.class.is_none() && UNTYPED.contains(&r.name.as_str());
        if allowed {
            // Its JsValue has no declared type yet: whatever the declaration says.
            for (rp, tp) in r.params.iter_mut().zip(&t.params) {
                if rp.ty == "any" {
                    rp.ty = tp.ty.clone();
                }
            }
            if r.ret.as_deref() == Some("any") {
                r.ret = t.ret.clone();
            }
        }
        let untyped = r.params.iter().any(|p| p.ty == "any") || r.ret.as_deref() == Some("any");
        if untyped && !allowed {
            problems.push(format!(
                "{r}: a JsValue without a declared TypeScript type (unchecked_param_type, \
                 unchecked_return_type)"
            ));
        } else if r != *t {
            problems.push(format!("exported:  {r}\n    {what}: {t}"));
        }
    }
    for (key, t) in &tm {
        if !rm.contains_key(key) {
            problems.push(format!("{what} declares {t}, which is not exported"));
        }
    }
    problems
}

fn assert_agree(
    rust: &(Vec<String>, Vec<Signature>),
    ts: &(Vec<String>, Vec<Signature>),
    what: &str,
) {
    let problems = differences(rust, ts, what);
    assert!(
        problems.is_empty(),
        "{what} disagrees with the exports of crates/web/src:\n  - {}",
        problems.join("\n  - ")
    );
}

/// The check itself: `types/bindings.d.ts` declares exactly the module's exports, with their
/// types.
#[test]
fn bindings_d_ts_declares_the_exports() {
    let rust = rust_exports(&sources()).unwrap_or_else(|e| panic!("{e}"));
    // The reader found the handle and every entry point the page and the worker call.
    assert_eq!(rust.0, vec!["WebGame".to_string()]);
    for name in [
        "constructor",
        "fromRecord",
        "fromPdn",
        "view",
        "route",
        "playTyped",
    ] {
        assert!(
            rust.1.iter().any(|s| s.class.is_some() && s.name == name),
            "WebGame.{name} not found"
        );
    }
    for name in [
        "presets",
        "levels",
        "checkRules",
        "checkLevel",
        "workerAnswer",
        "workerLoadTables",
    ] {
        assert!(
            rust.1.iter().any(|s| s.class.is_none() && s.name == name),
            "{name} not found"
        );
    }
    let path = crate_dir().join("../../types/bindings.d.ts");
    let declared = declared_exports(&read(&path)).unwrap_or_else(|e| panic!("bindings.d.ts: {e}"));
    assert_agree(&rust, &declared, "types/bindings.d.ts");
    if let Some(generated) = std::env::var_os("BINDINGS_DTS") {
        let generated = generated_exports(&read(Path::new(&generated)))
            .unwrap_or_else(|e| panic!("BINDINGS_DTS: {e}"));
        assert_agree(&rust, &generated, "the generated .d.ts");
    }
}

/// The check finds what it is meant to find: a parameter renamed, a type changed, an export
/// missing or undeclared, an untyped `JsValue`.
#[test]
fn the_check_notices_a_disagreement() {
    let source = r#"
        /// A handle.
        #[wasm_bindgen]
        pub struct Game { inner: u32 }

        #[wasm_bindgen]
        impl Game {
            #[wasm_bindgen(constructor)]
            pub fn new(#[wasm_bindgen(unchecked_optional_param_type = "string | null")] fen: JsValue) -> Result<Game, JsError> { todo!() }
            #[wasm_bindgen(js_name = viewAt, unchecked_return_type = "View")]
            pub fn view_at(&self, #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue) -> Result<JsValue, JsError> { todo!() }
            /// Not exported: not `pub`.
            fn helper(&self) -> u32 { 1 }
            pub fn history(&self) -> Vec<String> { vec!['x'.to_string(), "}".into()] }
            #[wasm_bindgen(js_name = fromText)]
            pub fn from_text(#[wasm_bindgen(js_name = defaultRules)] default_rules: String) -> Game { todo!() }
        }

        impl Game {
            /// Not exported: a plain impl.
            pub fn session(&self) -> &u32 { &self.inner }
        }

        #[wasm_bindgen(js_name = workerAnswer, unchecked_return_type = "WorkerReply | undefined")]
        pub fn worker_answer(#[wasm_bindgen(unchecked_param_type = "WorkerRequest")] request: JsValue) -> Result<JsValue, JsError> { todo!() }

        pub fn not_exported<'a>(text: &'a str) -> &'a str { text }

        #[wasm_bindgen]
        pub fn untyped(value: JsValue) -> bool { true }
    "#;
    let rust = rust_exports(&[("test.rs".into(), source.into())]).unwrap();
    let rendered: Vec<String> = rust.1.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        rendered,
        vec![
            "Game.constructor(fen?: null | string)",
            "Game.viewAt(ply: number): View",
            "Game.history(): string[]",
            "Game.static fromText(defaultRules: string): Game",
            "Bindings.workerAnswer(request: WorkerRequest): WorkerReply | undefined",
            "Bindings.untyped(value: any): boolean",
        ]
    );
    let dts = |game: &str, bindings: &str| {
        format!(
            "import type {{ View }} from './View';\n\
             /** A handle. */\nexport declare class Game {{\n{game}\n  free(): void;\n}}\n\
             export interface Bindings {{\n  Game: typeof Game;\n{bindings}\n}}\n\
             export interface Glue extends Bindings {{ default(options: {{ module_or_path: string }}): Promise<unknown>; }}\n"
        )
    };
    let game = "  constructor(fen?: string | null);\n  /** At `ply`. */\n  viewAt(ply: number): View;\n  history(): string[];\n  static fromText(defaultRules: string): Game;";
    let bindings = "  workerAnswer(request: WorkerRequest): WorkerReply | undefined;\n  untyped(value: boolean): boolean;";
    let problems = |game: &str, bindings: &str| {
        differences(
            &rust,
            &declared_exports(&dts(game, bindings)).unwrap(),
            "d.ts",
        )
    };
    // Only the untyped JsValue is wrong.
    let found = problems(game, bindings);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("untyped(value: any)"), "{found:?}");
    let typed: (Vec<String>, Vec<Signature>) = (
        rust.0.clone(),
        rust.1
            .iter()
            .filter(|s| s.name != "untyped")
            .cloned()
            .collect(),
    );
    let check = |game: &str, bindings: &str| {
        differences(
            &typed,
            &declared_exports(&dts(game, bindings)).unwrap(),
            "d.ts",
        )
    };
    let bindings = "  workerAnswer(request: WorkerRequest): WorkerReply | undefined;";
    assert_eq!(check(game, bindings), Vec::<String>::new());
    for (changed_game, changed_bindings) in [
        (
            game.replace("viewAt(ply", "viewAt(plies"),
            bindings.to_string(),
        ),
        (
            game.replace("viewAt(ply: number)", "viewAt(ply: string)"),
            bindings.to_string(),
        ),
        (
            game.replace("): View", "): View | null"),
            bindings.to_string(),
        ),
        (game.replace("fen?:", "fen:"), bindings.to_string()),
        (
            game.replace("static fromText", "fromText"),
            bindings.to_string(),
        ),
        (
            game.replace("  history(): string[];", ""),
            bindings.to_string(),
        ),
        (format!("{game}\n  extra(): void;"), bindings.to_string()),
        (game.to_string(), String::new()),
        (game.to_string(), format!("{bindings}\n  more(): void;")),
    ] {
        assert!(
            !check(&changed_game, &changed_bindings).is_empty(),
            "not noticed:\n{changed_game}\n{changed_bindings}"
        );
    }
    // A Rust type the check does not know is an error, not a guess.
    let unknown = "#[wasm_bindgen]\npub fn odd(x: HashMap<u8, u8>) -> bool { true }";
    let err = rust_exports(&[("odd.rs".into(), unknown.into())]).unwrap_err();
    assert!(err.contains("HashMap"), "{err}");
}
