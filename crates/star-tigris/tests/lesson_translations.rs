//! Lesson translations (format version 2): the shipped lessons carry a
//! whole German translation that names the same cells and numbers as the
//! English; `parse_lesson` checks translations and names the step and the
//! field of each problem; a lesson with translations is written back and
//! read again unchanged; a version-1 lesson still reads.

use std::path::{Path, PathBuf};

use tabula_star_tigris::lesson::{
    Lesson, MAX_TEXT_CHARS, StepTranslation, Translation, parse_lesson, play_lesson,
};

fn lesson_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../lessons/star-tigris");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("lessons/star-tigris exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

fn shipped() -> Vec<(String, String, Lesson)> {
    lesson_files()
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let text = std::fs::read_to_string(&p).unwrap();
            let l = parse_lesson(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, text, l)
        })
        .collect()
}

/// The cell names (`B2`, `H13`) and the numbers of a text, each sorted.
fn cells_and_numbers(text: &str) -> (Vec<String>, Vec<String>) {
    let (mut cells, mut numbers) = (Vec::new(), Vec::new());
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        let b = word.as_bytes();
        if b.is_empty() {
            continue;
        }
        if (2..=3).contains(&b.len())
            && b[0].is_ascii_uppercase()
            && b[1..].iter().all(u8::is_ascii_digit)
        {
            cells.push(word.to_string());
        } else if b.iter().all(u8::is_ascii_digit) {
            numbers.push(word.to_string());
        }
    }
    cells.sort();
    numbers.sort();
    (cells, numbers)
}

#[test]
fn every_shipped_lesson_is_wholly_in_german() {
    let all = shipped();
    assert_eq!(all.len(), 9);
    for (name, _, l) in all {
        assert_eq!(l.version, 2, "{name}");
        let de = l
            .translation("de")
            .unwrap_or_else(|| panic!("{name}: no German"));
        assert!(de.title.is_some() && de.summary.is_some(), "{name}");
        assert_eq!(de.source.is_some(), l.source.is_some(), "{name}: source");
        assert_eq!(de.steps.len(), l.steps.len(), "{name}");
        for (i, (st, step)) in de.steps.iter().zip(&l.steps).enumerate() {
            assert!(st.say.is_some(), "{name} step {}: narration", i + 1);
            if step.learner.is_some() {
                assert!(
                    st.hint.is_some() && st.wrong.is_some(),
                    "{name} step {}",
                    i + 1
                );
            }
        }
        assert_eq!(
            l.translations.keys().collect::<Vec<_>>(),
            ["de"],
            "{name}: German only"
        );
    }
}

/// The narration's numbers are checked against the game in English (the
/// lesson tests); the German says the same numbers about the same cells.
#[test]
fn the_german_names_the_same_cells_and_numbers() {
    for (name, _, l) in shipped() {
        let pairs = [
            ("title", l.title.as_str(), l.title_in("de")),
            ("summary", l.summary.as_str(), l.summary_in("de")),
        ];
        for (what, en, de) in pairs {
            assert_eq!(
                cells_and_numbers(en),
                cells_and_numbers(de),
                "{name}: {what}"
            );
            assert_ne!(en, de, "{name}: the {what} is translated");
        }
        for i in 0..l.steps.len() {
            let mut fields = vec![("say", l.steps[i].say.as_str(), l.say_in(i, "de"))];
            if let Some(learner) = &l.steps[i].learner {
                fields.push(("hint", &learner.hint, l.hint_in(i, "de").unwrap()));
                fields.push(("wrong", &learner.wrong, l.wrong_in(i, "de").unwrap()));
            }
            for (what, en, de) in fields {
                assert_ne!(en, de, "{name} step {} {what}: translated", i + 1);
                assert_eq!(
                    cells_and_numbers(en),
                    cells_and_numbers(de),
                    "{name} step {} {what}:\n{en}\n{de}",
                    i + 1
                );
            }
        }
    }
}

/// German words of the site's vocabulary, and English ones that must not
/// be left in the German narration.
#[test]
fn the_german_speaks_the_site_s_vocabulary() {
    let wrong_words = [
        "Flotte",
        "Schiffe",
        "Runde des",
        "Raumschiff",
        "Planet",
        " System ",
        "Leader",
    ];
    for (name, _, l) in shipped() {
        let de = l.localized("de");
        let mut all = vec![de.title.clone(), de.summary.clone()];
        for s in &de.steps {
            all.push(s.say.clone());
            if let Some(x) = &s.learner {
                all.push(x.hint.clone());
                all.push(x.wrong.clone());
            }
        }
        for text in all {
            for w in wrong_words {
                assert!(!text.contains(w), "{name}: “{w}” in “{text}”");
            }
            assert!(!text.contains('"'), "{name}: German quotes „…“: {text}");
        }
    }
}

const SMALL: &str = r#"{
  "format": "tabula-lesson",
  "version": 2,
  "title": "Small",
  "summary": "A small lesson.",
  "source": "A test",
  "setup": ["players 2", "hand 1 settler 6", "hand 2 settler 6", "board", "t . .", ". . .", "A A A"],
  "steps": [
    { "say": "Settle B1.", "highlight": ["B1"], "learner": { "player": 1, "action": "colonize settler B1",
      "hint": "B1", "wrong": "No." }, "expect": { "cells": { "B1": "p" } } },
    { "say": "Again.", "play": { "player": 1, "action": "colonize settler C1" } }
  ],
  "translations": {
    "de": {
      "title": "Klein",
      "steps": [
        { "say": "Siedle auf B1 an.", "hint": "Auf B1" },
        {}
      ]
    }
  }
}"#;

fn parse_err(text: &str) -> String {
    parse_lesson(text).unwrap_err().to_string()
}

#[test]
fn a_translation_reads_and_falls_back_to_english_field_by_field() {
    let l = parse_lesson(SMALL).unwrap();
    assert_eq!(play_lesson(&l).unwrap().len(), 3);
    assert_eq!(l.title_in("de"), "Klein");
    assert_eq!(l.summary_in("de"), "A small lesson.", "not translated");
    assert_eq!(l.source_in("de"), Some("A test"));
    assert_eq!(l.say_in(0, "de"), "Siedle auf B1 an.");
    assert_eq!(l.hint_in(0, "de"), Some("Auf B1"));
    assert_eq!(l.wrong_in(0, "de"), Some("No."), "not translated");
    assert_eq!(l.say_in(1, "de"), "Again.", "{{}} leaves a step in English");
    assert_eq!(l.hint_in(1, "de"), None, "no learner at step 2");
    // A language the lesson does not have: English throughout.
    assert_eq!(l.title_in("fr"), "Small");
    assert_eq!(l.say_in(0, "fr"), "Settle B1.");
    assert_eq!(l.localized("fr").steps, l.steps);
    let de = l.localized("de");
    assert_eq!(
        (de.title.as_str(), de.steps[0].say.as_str()),
        ("Klein", "Siedle auf B1 an.")
    );
    assert_eq!(de.steps[0].learner.as_ref().unwrap().hint, "Auf B1");
    assert_eq!(de.translations, l.translations, "kept");
    // A translation without steps is fine; so is one of another language.
    let no_steps = SMALL.replace(
        r#""steps": [
        { "say": "Siedle auf B1 an.", "hint": "Auf B1" },
        {}
      ]"#,
        r#""summary": "Eine kleine Lektion.""#,
    );
    let l = parse_lesson(&no_steps).unwrap();
    assert_eq!(l.say_in(0, "de"), "Settle B1.");
    assert_eq!(l.summary_in("de"), "Eine kleine Lektion.");
    let fr = parse_lesson(&SMALL.replace("\"de\": {", "\"fr\": {")).unwrap();
    assert_eq!(fr.title_in("fr"), "Klein");
    assert_eq!(fr.title_in("de"), "Small");
}

#[test]
fn a_wrong_number_of_steps_is_refused() {
    let one = SMALL.replace(
        "{ \"say\": \"Siedle auf B1 an.\", \"hint\": \"Auf B1\" },\n        {}",
        "{ \"say\": \"Siedle auf B1 an.\" }",
    );
    assert_ne!(one, SMALL);
    assert_eq!(
        parse_err(&one),
        "the \"de\" translation does not give one entry per step (it gives 1, the lesson has 2 steps; write {} for a step not translated)"
    );
    let three = SMALL.replace("{}\n", "{},\n        {}\n");
    assert!(
        parse_err(&three).contains("it gives 3, the lesson has 2 steps"),
        "{}",
        parse_err(&three)
    );
}

#[test]
fn each_translated_text_has_the_english_limits_and_names_its_step_and_field() {
    let long = "ä".repeat(MAX_TEXT_CHARS + 1);
    let e = parse_lesson(&SMALL.replace("Siedle auf B1 an.", &long)).unwrap_err();
    assert_eq!(e.step, Some(0));
    assert_eq!(
        e.to_string(),
        format!(
            "step 1: the narration (say) of the \"de\" translation is longer than {MAX_TEXT_CHARS} characters"
        )
    );
    // Exactly the limit is accepted (characters, not bytes).
    let at = "ä".repeat(MAX_TEXT_CHARS);
    assert!(parse_lesson(&SMALL.replace("Siedle auf B1 an.", &at)).is_ok());
    assert_eq!(
        parse_err(&SMALL.replace("\"Auf B1\"", &format!("\"{long}\""))),
        format!(
            "step 1: the learner's hint of the \"de\" translation is longer than {MAX_TEXT_CHARS} characters"
        )
    );
    assert_eq!(
        parse_err(&SMALL.replace("\"Klein\"", "\"  \"")),
        "the title of the \"de\" translation is empty (leave it out to show the English)"
    );
    assert_eq!(
        parse_err(&SMALL.replace("{}\n", "{ \"wrong\": \"Nein.\" }\n")),
        "step 2: the \"de\" translation has a wrong message, but the learner does not play this step"
    );
    assert_eq!(
        parse_err(&SMALL.replace("\"source\": \"A test\",", "").replace(
            "\"title\": \"Klein\",",
            "\"title\": \"Klein\", \"source\": \"Ein Test\","
        )),
        "the \"de\" translation has a source, but the lesson has none"
    );
    // Unknown fields are refused, as everywhere in a lesson.
    assert!(
        parse_err(&SMALL.replace("\"hint\": \"Auf B1\"", "\"hnt\": \"Auf B1\""))
            .contains("unknown field `hnt`")
    );
    assert!(
        parse_err(&SMALL.replace("\"title\": \"Klein\",", "\"titel\": \"Klein\","))
            .contains("unknown field `titel`")
    );
}

#[test]
fn language_codes_and_versions_are_checked() {
    for (code, says) in [
        ("EN", "\"EN\" is not a language code"),
        ("deu", "\"deu\" is not a language code"),
        ("", "\"\" is not a language code"),
        ("en", "a translation into \"en\" is not needed"),
    ] {
        let e = parse_err(&SMALL.replace("\"de\": {", &format!("\"{code}\": {{")));
        assert!(e.starts_with(says), "{code}: {e}");
    }
    // Translations came with version 2; a version-1 file with them is refused…
    assert_eq!(
        parse_err(&SMALL.replace("\"version\": 2", "\"version\": 1")),
        "translations need lesson format version 2 (this lesson says version 1)"
    );
    // …and one without them still reads.
    let start = SMALL.find(",\n  \"translations\"").unwrap();
    let v1 = format!("{}\n}}", &SMALL[..start]).replace("\"version\": 2", "\"version\": 1");
    let l = parse_lesson(&v1).unwrap();
    assert!(l.translations.is_empty());
    assert_eq!(l.title_in("de"), "Small");
    assert!(
        parse_err(&SMALL.replace("\"version\": 2", "\"version\": 4"))
            .starts_with("version 4 is not known (this program reads versions 1 to 2)")
    );
    // Version 3 is the format for every ruleset: it names its ruleset.
    assert_eq!(
        parse_err(&SMALL.replace("\"version\": 2", "\"version\": 3")),
        "this lesson is not for Star Tigris (its \"ruleset\" is not \"star-tigris\")"
    );
}

#[test]
fn translations_are_written_back_and_read_again_unchanged() {
    let l = parse_lesson(SMALL).unwrap();
    let json = serde_json::to_string_pretty(&l).unwrap();
    assert!(json.contains("\"translations\""), "{json}");
    assert!(
        json.contains("{}"),
        "an untranslated step stays in place: {json}"
    );
    assert_eq!(parse_lesson(&json).unwrap(), l);
    // A lesson without translations writes none.
    let mut bare = l.clone();
    bare.translations.clear();
    let json = serde_json::to_string(&bare).unwrap();
    assert!(!json.contains("translations"), "{json}");
    // Every shipped lesson: written and read again, the same lesson.
    for (name, _, l) in shipped() {
        let json = serde_json::to_string_pretty(&l).unwrap();
        assert_eq!(parse_lesson(&json).unwrap(), l, "{name}");
        let json = serde_json::to_string(&l).unwrap();
        assert_eq!(parse_lesson(&json).unwrap(), l, "{name}");
    }
}

#[test]
fn fitting_translations_follows_the_steps_of_a_lesson_being_written() {
    let mut l = parse_lesson(SMALL).unwrap();
    // A third step recorded: the translation gets an empty entry for it.
    l.steps.push(l.steps[1].clone());
    assert!(parse_lesson(&serde_json::to_string(&l).unwrap()).is_err());
    l.fit_translations();
    assert_eq!(l.translations["de"].steps.len(), 3);
    assert_eq!(l.translations["de"].steps[2], StepTranslation::default());
    assert!(parse_lesson(&serde_json::to_string(&l).unwrap()).is_ok());
    // The first step is no longer the learner's: its hint goes.
    l.steps[0].play = l.steps[0]
        .learner
        .take()
        .map(|x| tabula_star_tigris::lesson::LessonAction {
            player: x.player,
            action: x.action,
        });
    l.fit_translations();
    assert_eq!(l.translations["de"].steps[0].hint, None);
    assert!(parse_lesson(&serde_json::to_string(&l).unwrap()).is_ok());
    // Steps taken back: the translation is cut; blank texts are dropped.
    l.steps.truncate(1);
    l.translations.get_mut("de").unwrap().title = Some(" ".into());
    l.fit_translations();
    assert_eq!(l.translations["de"].steps.len(), 1);
    assert_eq!(l.title_in("de"), "Small");
    // Nothing translated any more: no translation is written.
    l.translations.insert(
        "de".into(),
        Translation {
            steps: vec![StepTranslation {
                say: Some(String::new()),
                ..Default::default()
            }],
            ..Default::default()
        },
    );
    l.fit_translations();
    assert!(l.translations.is_empty());
}
