//! Making hostile inputs from a sample: byte and line mutations, numbers
//! out of every range, structural JSON changes, and huge and deep inputs.

use serde_json::Value;
use tabula_engine::GameRng;

/// Numbers that sit on or past the edges of the ranges readers use.
pub const EDGE_NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "9007199254740993",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "99999999999999999999999",
    "1e400",
    "-0",
    "0.5",
    "NaN",
];

/// One named hostile input.
#[derive(Clone, Debug)]
pub struct Case {
    /// How it was made (for the failure message).
    pub how: String,
    /// The input.
    pub text: String,
}

/// `count` inputs made from `sample` by random mutations of every kind;
/// the same seed gives the same inputs.
pub fn mutations(sample: &str, count: usize, seed: u64) -> Vec<Case> {
    let mut rng = GameRng::seeded(seed);
    let json: Option<Value> = serde_json::from_str(sample).ok();
    (0..count)
        .map(|i| {
            let kind = rng.below(if json.is_some() { 9 } else { 7 });
            let (how, text) = match kind {
                0 => ("bytes", mutate_bytes(sample, &mut rng)),
                1 => ("lines", mutate_lines(sample, &mut rng)),
                2 => ("numbers", mutate_numbers(sample, &mut rng)),
                3 => ("truncated", truncate(sample, &mut rng)),
                4 => ("crlf", sample.replace('\n', "\r\n")),
                5 => ("spliced", splice(sample, &mut rng)),
                6 => ("repeated line", repeat_line(sample, &mut rng)),
                _ => match &json {
                    Some(v) => ("json", mutate_json(v, &mut rng)),
                    None => ("bytes", mutate_bytes(sample, &mut rng)),
                },
            };
            Case {
                how: format!("{how} #{i}"),
                text,
            }
        })
        .collect()
}

/// Inputs at the size limit and past it, and deeply nested ones.
pub fn extremes(sample: &str, limit: usize) -> Vec<Case> {
    let line = sample.lines().last().unwrap_or("x").to_string() + "\n";
    let mut huge = sample.to_string();
    while huge.len() <= limit {
        huge.push_str(&line);
    }
    let mut long_line = sample.to_string();
    long_line.push_str(&"7".repeat(limit.saturating_sub(sample.len()).min(1 << 20)));
    vec![
        Case {
            how: "past the size limit".into(),
            text: huge,
        },
        Case {
            how: "one very long line".into(),
            text: long_line,
        },
        Case {
            how: "deep nesting".into(),
            text: "[".repeat(100_000),
        },
        Case {
            how: "deep nesting, closed".into(),
            text: "[".repeat(50_000) + &"]".repeat(50_000),
        },
        Case {
            how: "deep objects".into(),
            text: "{\"a\":".repeat(20_000) + "1" + &"}".repeat(20_000),
        },
        Case {
            how: "empty".into(),
            text: String::new(),
        },
        Case {
            how: "only a newline".into(),
            text: "\n".into(),
        },
        Case {
            how: "NUL bytes".into(),
            text: "\0".repeat(1000),
        },
        Case {
            how: "byte-order mark".into(),
            text: format!("\u{feff}{sample}"),
        },
        Case {
            how: "bidirectional override".into(),
            text: sample.replacen(' ', " \u{202e}", 3),
        },
        Case {
            how: "CR only".into(),
            text: sample.replace('\n', "\r"),
        },
    ]
}

fn mutate_bytes(sample: &str, rng: &mut GameRng) -> String {
    let mut b = sample.as_bytes().to_vec();
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(b.len() as u64 + 1) as usize;
        match rng.below(3) {
            0 if at < b.len() => b[at] = rng.below(256) as u8,
            1 if at < b.len() => {
                b.remove(at);
            }
            _ => {
                let set = b"\0\n\t ;,:#{}[]\"\\.-09AazZ*";
                b.insert(at, set[rng.below(set.len() as u64) as usize]);
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

fn mutate_lines(sample: &str, rng: &mut GameRng) -> String {
    let mut lines: Vec<String> = sample.lines().map(str::to_owned).collect();
    if lines.is_empty() {
        return sample.to_string();
    }
    for _ in 0..1 + rng.below(3) {
        let n = lines.len() as u64;
        let a = rng.below(n) as usize;
        let b = rng.below(n) as usize;
        match rng.below(5) {
            0 => {
                let l = lines[a].clone();
                lines.insert(b, l);
            }
            1 if lines.len() > 1 => {
                lines.remove(a);
            }
            2 => lines.swap(a, b),
            3 => {
                let extra = lines[b].clone();
                lines[a].push(' ');
                lines[a].push_str(&extra);
            }
            _ => {
                let cut = lines[a].len() / 2;
                let cut = (0..=cut)
                    .rev()
                    .find(|&i| lines[a].is_char_boundary(i))
                    .unwrap_or(0);
                lines[a].truncate(cut);
            }
        }
    }
    lines.join("\n") + "\n"
}

fn mutate_numbers(sample: &str, rng: &mut GameRng) -> String {
    let runs: Vec<(usize, usize)> = {
        let b = sample.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_digit() {
                let s = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                out.push((s, i));
            } else {
                i += 1;
            }
        }
        out
    };
    if runs.is_empty() {
        return mutate_bytes(sample, rng);
    }
    let mut text = sample.to_string();
    let mut picks: Vec<usize> = (0..1 + rng.below(3))
        .map(|_| rng.below(runs.len() as u64) as usize)
        .collect();
    picks.sort_unstable();
    picks.dedup();
    for &k in picks.iter().rev() {
        let (s, e) = runs[k];
        let n = EDGE_NUMBERS[rng.below(EDGE_NUMBERS.len() as u64) as usize];
        text.replace_range(s..e, n);
    }
    text
}

fn truncate(sample: &str, rng: &mut GameRng) -> String {
    let at = rng.below(sample.len() as u64 + 1) as usize;
    let at = (0..=at)
        .rev()
        .find(|&i| sample.is_char_boundary(i))
        .unwrap_or(0);
    sample[..at].to_string()
}

fn splice(sample: &str, rng: &mut GameRng) -> String {
    let len = sample.len() as u64 + 1;
    let (a, b) = (rng.below(len) as usize, rng.below(len) as usize);
    let (a, b) = (a.min(b), a.max(b));
    let fix = |i: usize| {
        (0..=i)
            .rev()
            .find(|&j| sample.is_char_boundary(j))
            .unwrap_or(0)
    };
    let (a, b) = (fix(a), fix(b));
    let at = fix(rng.below(len) as usize);
    let mut t = sample[..at].to_string();
    t.push_str(&sample[a..b]);
    t.push_str(&sample[at..]);
    t
}

fn repeat_line(sample: &str, rng: &mut GameRng) -> String {
    let lines: Vec<&str> = sample.lines().collect();
    if lines.is_empty() {
        return sample.to_string();
    }
    let k = rng.below(lines.len() as u64) as usize;
    let times = [2, 10, 1000][rng.below(3) as usize];
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        let n = if i == k { times } else { 1 };
        for _ in 0..n {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

/// Change one node of a JSON document: another type, an edge number, a
/// removed or unknown field, a duplicated list, deep nesting.
fn mutate_json(v: &Value, rng: &mut GameRng) -> String {
    let mut v = v.clone();
    let mut paths = Vec::new();
    collect_paths(&v, &mut Vec::new(), &mut paths);
    for _ in 0..1 + rng.below(2) {
        if paths.is_empty() {
            break;
        }
        let path = &paths[rng.below(paths.len() as u64) as usize];
        let Some(node) = at_path(&mut v, path) else {
            continue;
        };
        match rng.below(9) {
            0 => *node = Value::Null,
            1 => *node = Value::String("\u{202e}<b>x</b>\u{1b}[2J".into()),
            2 => {
                let n = EDGE_NUMBERS[rng.below(EDGE_NUMBERS.len() as u64) as usize];
                *node = serde_json::from_str(n).unwrap_or(Value::String(n.into()));
            }
            3 => *node = Value::Array(vec![node.clone(); 3]),
            4 => {
                if let Value::Object(m) = node {
                    m.insert("unexpected_field".into(), Value::Bool(true));
                } else {
                    *node = serde_json::json!({"unexpected_field": true});
                }
            }
            5 => {
                if let Value::Object(m) = node
                    && let Some(k) = m.keys().next().cloned()
                {
                    m.remove(&k);
                }
            }
            6 => {
                if let Value::Array(a) = node
                    && let Some(first) = a.first().cloned()
                {
                    let times = [10, 1000][rng.below(2) as usize];
                    a.extend(std::iter::repeat_n(first, times));
                }
            }
            7 => *node = Value::Bool(rng.below(2) == 0),
            _ => {
                let mut deep = Value::Null;
                for _ in 0..200 {
                    deep = Value::Array(vec![deep]);
                }
                *node = deep;
            }
        }
    }
    v.to_string()
}

fn collect_paths(v: &Value, here: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    if out.len() > 5000 {
        return;
    }
    out.push(here.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                here.push(k.clone());
                collect_paths(x, here, out);
                here.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate().take(50) {
                here.push(i.to_string());
                collect_paths(x, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn at_path<'a>(v: &'a mut Value, path: &[String]) -> Option<&'a mut Value> {
    let mut cur = v;
    for k in path {
        cur = match cur {
            Value::Object(m) => m.get_mut(k)?,
            Value::Array(a) => a.get_mut(k.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(cur)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_makes_the_same_inputs_and_they_differ_from_the_sample() {
        let sample = "players 2\nround 3\nboard\n... 0.a\n";
        let a = mutations(sample, 50, 1);
        let b = mutations(sample, 50, 1);
        assert_eq!(
            a.iter().map(|c| &c.text).collect::<Vec<_>>(),
            b.iter().map(|c| &c.text).collect::<Vec<_>>()
        );
        assert!(a.iter().filter(|c| c.text != sample).count() > 40);
        let j = mutations(r#"{"a":[1,2],"b":{"c":"x"}}"#, 50, 2);
        assert!(j.iter().any(|c| c.how.starts_with("json")));
        assert!(extremes(sample, 1000).iter().any(|c| c.text.len() > 1000));
    }
}
