//! Places named inside a lesson's texts. A narration, hint or "that is
//! not it" may name a place as `{{PLACE}}`, in the ruleset's place
//! notation as highlights write it (Catan `{{9:SE}}`, `{{side 9:SE}}`,
//! `{{field 13}}`); a page shows it as its board names that place, in the
//! page's language, so the learner reads "the corner between Hills 8,
//! Fields 9 and Pasture 5", never the notation. `tabula lesson check`
//! reads every such place on the position the step is shown at.

/// One piece of a text: words as written, or a place to name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Words shown as they are.
    Words(&'a str),
    /// A place, in the ruleset's notation (spaces around it trimmed).
    Place(&'a str),
}

/// `text` cut into words and places, or why it cannot be (a `{{` never
/// closed, or an empty place).
pub fn pieces(text: &str) -> Result<Vec<Piece<'_>>, String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("{{") {
        if open > 0 {
            out.push(Piece::Words(&rest[..open]));
        }
        let after = &rest[open + 2..];
        let Some(close) = after.find("}}") else {
            let shown: String = after.chars().take(20).collect();
            return Err(format!(
                "a place opened with {{{{ is never closed: {{{{{shown}"
            ));
        };
        let place = after[..close].trim();
        if place.is_empty() {
            return Err("an empty place {{}}".into());
        }
        out.push(Piece::Place(place));
        rest = &after[close + 2..];
    }
    if !rest.is_empty() {
        out.push(Piece::Words(rest));
    }
    Ok(out)
}

/// `text` with every `{{PLACE}}` replaced by `name(PLACE)`; a text that
/// does not read is shown as it is.
pub fn fill(text: &str, mut name: impl FnMut(&str) -> String) -> String {
    match pieces(text) {
        Ok(ps) => ps
            .into_iter()
            .map(|p| match p {
                Piece::Words(w) => w.to_string(),
                Piece::Place(p) => name(p),
            })
            .collect(),
        Err(_) => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_cut_out_of_the_words_and_filled_in() {
        let t = "Build on the {{9:SE}}, at the end of {{ side 9:S }}.";
        assert_eq!(
            pieces(t).unwrap(),
            vec![
                Piece::Words("Build on the "),
                Piece::Place("9:SE"),
                Piece::Words(", at the end of "),
                Piece::Place("side 9:S"),
                Piece::Words("."),
            ]
        );
        assert_eq!(
            fill(t, |p| format!("<{p}>")),
            "Build on the <9:SE>, at the end of <side 9:S>."
        );
        // Single braces are words (a bot's code in a Domains lesson).
        let code = "[{unit: 0, move: \"left\"}]";
        assert_eq!(pieces(code).unwrap(), vec![Piece::Words(code)]);
        assert_eq!(fill(code, |_| "x".into()), code);
    }

    #[test]
    fn an_unclosed_or_empty_place_is_named() {
        assert!(pieces("on {{9:SE").unwrap_err().contains("never closed"));
        assert!(pieces("on {{ }}").unwrap_err().contains("empty place"));
        assert_eq!(fill("on {{9:SE", |_| "x".into()), "on {{9:SE");
    }
}
