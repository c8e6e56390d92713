//! Playing a lesson: its position read by the ruleset, every step's
//! action read in the ruleset's words and checked by the rules, chance
//! settled after it, and every fact of the step compared.

use thiserror::Error;

use super::{Lesson, Teach};
use crate::settle_chance;

/// Why a lesson does not play as it says, with the step (from 1; 0 for
/// the position itself).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{message}", if *.step == 0 { "position: ".to_string() } else { format!("step {}: ", .step) })]
pub struct StepError {
    /// The step, from 1 (0: the position).
    pub step: usize,
    /// What differs, in plain words.
    pub message: String,
}

/// Play every step of `lesson` on its ruleset `G` and check every fact;
/// the number of steps played.
pub fn play_lesson<G: Teach>(lesson: &Lesson) -> Result<usize, StepError> {
    state_before_step::<G>(lesson, lesson.steps.len()).map(|_| lesson.steps.len())
}

/// The state after the first `steps` steps of `lesson` (each checked as
/// [`play_lesson`] does): where a lesson player resumes.
pub fn state_before_step<G: Teach>(lesson: &Lesson, steps: usize) -> Result<G, StepError> {
    let at = |step: usize| move |message: String| StepError { step, message };
    if lesson.ruleset != G::NAME {
        return Err(at(0)(format!(
            "the lesson is for {:?}, not {:?}",
            lesson.ruleset,
            G::NAME
        )));
    }
    let mut game = G::read_position(&lesson.position).map_err(|p| {
        at(0)(
            p.0.iter()
                .map(|p| match p.line {
                    Some(l) => format!("line {l}: {}", p.message),
                    None => p.message.clone(),
                })
                .collect::<Vec<_>>()
                .join("; "),
        )
    })?;
    settle_chance(&mut game).map_err(|e| at(0)(e.to_string()))?;
    for (k, step) in lesson.steps.iter().take(steps).enumerate() {
        let n = k + 1;
        for place in &step.highlight {
            game.read_place(place)
                .map_err(|why| at(n)(format!("highlight {place:?}: {why}")))?;
        }
        for (which, text) in step_texts(lesson, k) {
            let pieces =
                super::text_places::pieces(text).map_err(|why| at(n)(format!("{which}: {why}")))?;
            for p in pieces {
                if let super::text_places::Piece::Place(place) = p {
                    game.read_place(place).map_err(|why| {
                        at(n)(format!("{which}: the place {{{{{place}}}}}: {why}"))
                    })?;
                }
            }
        }
        let mv = match (&step.play, &step.learner) {
            (Some(p), _) => Some((&p.seat, &p.action)),
            (None, Some(l)) => Some((&l.seat, &l.action)),
            (None, None) => None,
        };
        if let Some((seat_word, words)) = mv {
            let seat = game
                .read_seat(seat_word)
                .ok_or_else(|| at(n)(format!("{seat_word:?} is not a seat of this game")))?;
            let action = game
                .read_action(words)
                .map_err(|why| at(n)(format!("the action {words:?}: {why}")))?;
            game.apply(seat, &action)
                .map_err(|e| at(n)(format!("the action {words:?} is refused: {e}")))?;
            settle_chance(&mut game).map_err(|e| at(n)(e.to_string()))?;
        }
        for (name, want) in &step.expect {
            match game.check_fact(name, want) {
                Some(Ok(())) => {}
                Some(Err(diff)) => return Err(at(n)(diff)),
                None => {
                    let names: Vec<&str> = G::facts().iter().map(|f| f.name).collect();
                    return Err(at(n)(format!(
                        "{name:?} is not a fact of {}; its facts are {}",
                        G::NAME,
                        names.join(", ")
                    )));
                }
            }
        }
    }
    Ok(game)
}

/// Every text of step `k` (from 0) in every language, with what it is
/// (`the German hint`).
fn step_texts(lesson: &Lesson, k: usize) -> Vec<(String, &str)> {
    let step = &lesson.steps[k];
    let mut out = vec![("the narration".to_string(), step.say.as_str())];
    if let Some(l) = &step.learner {
        out.push(("the hint".into(), l.hint.as_str()));
        out.push(("the \"that is not it\"".into(), l.wrong.as_str()));
    }
    for (lang, t) in &lesson.translations {
        let Some(s) = t.steps.get(k) else { continue };
        for (what, text) in [
            ("narration", &s.say),
            ("hint", &s.hint),
            ("\"that is not it\"", &s.wrong),
        ] {
            if let Some(text) = text {
                out.push((format!("the {lang} {what}"), text.as_str()));
            }
        }
    }
    out
}

/// Where `got` differs from `want`: an object `want` checks only the
/// keys it lists (`{"1": 3}` checks seat 1 alone).
pub(crate) fn differs(
    want: &serde_json::Value,
    got: &serde_json::Value,
    path: &str,
) -> Option<String> {
    use serde_json::Value;
    match (want, got) {
        (Value::Object(w), Value::Object(g)) => w.iter().find_map(|(k, wv)| match g.get(k) {
            Some(gv) => differs(wv, gv, &format!("{path} {k}")),
            None => Some(format!("{path} has no {k:?}")),
        }),
        _ if want == got => None,
        _ => Some(format!("{path} is {got}, the lesson says {want}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_object_checks_only_the_keys_it_lists() {
        let got = json!({"1": 3, "2": 5});
        assert_eq!(differs(&json!({"2": 5}), &got, "points"), None);
        assert_eq!(
            differs(&json!({"2": 4}), &got, "points").unwrap(),
            "points 2 is 5, the lesson says 4"
        );
        assert_eq!(
            differs(&json!({"3": 4}), &got, "points").unwrap(),
            "points has no \"3\""
        );
        assert_eq!(
            differs(&json!([1, 2]), &json!([1, 3]), "vector").unwrap(),
            "vector is [1,3], the lesson says [1,2]"
        );
    }
}
