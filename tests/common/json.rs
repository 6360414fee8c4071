//! Just enough JSON for the puzzle files' lines (`dame puzzles`), read by the tests of the
//! puzzle finder and of the shipped sets.

/// Just enough JSON for these lines: objects, arrays, strings, whole numbers.
#[derive(Debug, PartialEq)]
pub enum Json {
    Object(Vec<(String, Json)>),
    Array(Vec<Json>),
    Text(String),
    Number(i64),
}

impl Json {
    pub fn parse(text: &str) -> Json {
        let mut chars = text.chars().peekable();
        let value = Json::value(&mut chars);
        Json::space(&mut chars);
        assert!(chars.next().is_none(), "trailing text in {text}");
        value
    }

    pub fn get(&self, name: &str) -> &Json {
        let Json::Object(fields) = self else {
            panic!("not an object")
        };
        &fields.iter().find(|(k, _)| k == name).expect(name).1
    }

    fn space(chars: &mut std::iter::Peekable<std::str::Chars>) {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
    }

    fn value(chars: &mut std::iter::Peekable<std::str::Chars>) -> Json {
        Json::space(chars);
        match chars.peek().copied().expect("a value") {
            '{' => {
                chars.next();
                let mut fields = Vec::new();
                loop {
                    Json::space(chars);
                    if chars.peek() == Some(&'}') {
                        chars.next();
                        return Json::Object(fields);
                    }
                    let Json::Text(name) = Json::value(chars) else {
                        panic!("a name")
                    };
                    Json::space(chars);
                    assert_eq!(chars.next(), Some(':'));
                    fields.push((name, Json::value(chars)));
                    Json::space(chars);
                    match chars.next() {
                        Some(',') => {}
                        Some('}') => return Json::Object(fields),
                        other => panic!("unexpected {other:?}"),
                    }
                }
            }
            '[' => {
                chars.next();
                let mut items = Vec::new();
                loop {
                    Json::space(chars);
                    if chars.peek() == Some(&']') {
                        chars.next();
                        return Json::Array(items);
                    }
                    items.push(Json::value(chars));
                    Json::space(chars);
                    match chars.next() {
                        Some(',') => {}
                        Some(']') => return Json::Array(items),
                        other => panic!("unexpected {other:?}"),
                    }
                }
            }
            '"' => {
                chars.next();
                let mut text = String::new();
                loop {
                    match chars.next().expect("a closing quote") {
                        '"' => return Json::Text(text),
                        '\\' => match chars.next().expect("an escape") {
                            'n' => text.push('\n'),
                            'u' => {
                                let hex: String = chars.by_ref().take(4).collect();
                                text.push(
                                    char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap(),
                                );
                            }
                            c => text.push(c),
                        },
                        c => {
                            assert!(c as u32 >= 0x20, "a raw control character");
                            text.push(c)
                        }
                    }
                }
            }
            _ => {
                let mut digits = String::new();
                while chars
                    .peek()
                    .is_some_and(|c| c.is_ascii_digit() || *c == '-')
                {
                    digits.push(chars.next().unwrap());
                }
                Json::Number(digits.parse().expect("a number"))
            }
        }
    }
}
