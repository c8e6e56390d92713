//! The words of the pages in English and German: one catalogue per
//! language (`www/i18n/en.txt`, `www/i18n/de.txt`, plain `key = text`
//! lines), the language a person chose (remembered) or their browser's, and
//! the switch in every page's header.
//!
//! The site's own words (the home page, every page's header, the page kit)
//! are in `www/i18n/<lang>.txt`; each game page adds its own catalogue pair
//! (`www/i18n/<game>/<lang>.txt`) with [`add`] before it shows anything, so
//! a page carries only its own words.
//!
//! A page may instead fetch only its language's catalogues ([`load`],
//! without the feature `embedded-words`): the Catan page does, so that its
//! download does not carry both languages.
//!
//! The kit's words for the lessons, the lesson writer, the rules page and
//! online play (`www/i18n/lessons-online/`) are only in a page's whole
//! module (page kit `on_demand`): carried there, or fetched by it.
//!
//! In the page's HTML an element names its words with `data-i18n="key"`
//! (its text), `data-i18n-title`, `data-i18n-aria-label` or `data-i18n-alt`;
//! [`apply`] fills them in. Rust code asks [`t`] or [`tf`].

use std::cell::RefCell;
use std::collections::HashMap;

use wasm_bindgen::JsCast;

use crate::browser::{by_id, document, local_storage};

/// The English catalogue.
pub const EN: &str = include_str!("../../../www/i18n/en.txt");
/// The German catalogue.
pub const DE: &str = include_str!("../../../www/i18n/de.txt");
/// The names the pages give by default, in English and German
/// (`www/i18n/names/`): carried in every page in both languages, so that
/// a name given in one language is recognised in the other ([`t_in`]).
const NAMES: [&str; 2] = [
    include_str!("../../../www/i18n/names/en.txt"),
    include_str!("../../../www/i18n/names/de.txt"),
];
/// The kit's words of a page's whole module (lessons, the lesson writer,
/// the rules page, online play), English and German; a play module holds
/// none of them.
#[cfg(feature = "embedded-words")]
const WHOLE: [&str; 2] = [
    include_str!("../../../www/i18n/lessons-online/en.txt"),
    include_str!("../../../www/i18n/lessons-online/de.txt"),
];
/// Whether this is a page's whole module (`on_demand::HERE`, which this
/// module below `on_demand` cannot name).
const IN_WHOLE_MODULE: bool = !cfg!(feature = "play-only");
/// Where the chosen language is remembered.
pub const STORAGE_KEY: &str = "tabula.lang";

/// A language of the pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// German.
    De,
}

impl Lang {
    /// Its code, as in `<html lang>` and the catalogue's file name.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }

    /// The language of a code (`de`, `de-AT`, `en-GB`, …); English when
    /// the pages do not speak it.
    pub fn of_code(code: &str) -> Lang {
        if code.to_ascii_lowercase().starts_with("de") {
            Lang::De
        } else {
            Lang::En
        }
    }

    #[cfg(feature = "embedded-words")]
    fn catalogue(self) -> &'static str {
        match self {
            Lang::En => EN,
            Lang::De => DE,
        }
    }
}

/// The entries of a catalogue, in order, or the first line that is not
/// `key = text`, a comment (`#`) or blank.
pub fn parse(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once(" = ") else {
            return Err(format!("line {}: not “key = text”", i + 1));
        };
        out.push((key.trim().to_string(), value.trim().to_string()));
    }
    Ok(out)
}

/// The `{name}`s a text leaves to be filled in (a name is a letter, then
/// letters, digits, `_` or `-`: braces around anything else, such as
/// `{row, col}` in a bot's documentation, are text).
pub fn placeholders(text: &str) -> Vec<String> {
    let is_name = |n: &str| {
        n.starts_with(|c: char| c.is_ascii_alphabetic())
            && n.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    };
    let mut out: Vec<String> = text
        .split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name.to_string()))
        .filter(|n| is_name(n))
        .collect();
    tabula_engine::small_sort::sort(&mut out);
    out
}

/// The words of a language the page does not speak, the language, and
/// how many page catalogues they were read from.
type OtherWords = (Lang, usize, HashMap<String, String>);

thread_local! {
    static WORDS: RefCell<Option<(Lang, HashMap<String, String>)>> = const { RefCell::new(None) };
    static PAGE: RefCell<Vec<(&'static str, &'static str)>> = const { RefCell::new(Vec::new()) };
    static FORCED: RefCell<Option<Lang>> = const { RefCell::new(None) };
    static FETCHED: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
    /// The words of the language the page does not speak (see [`t_in`]):
    /// the language, how many page catalogues they hold, the words.
    static OTHER: RefCell<Option<OtherWords>> = const { RefCell::new(None) };
}

/// Fetch the site's and the page's catalogues of the page's language
/// (`i18n/<lang>.txt` and `i18n/<page>/<lang>.txt`, beside the page) and,
/// in the whole module, the kit's lessons' and online play's
/// (`i18n/lessons-online/<lang>.txt`) and the page's folders named in
/// `whole`; make them the words, and then run `then`. A catalogue that
/// cannot be fetched is said on the console and leaves its keys showing.
#[cfg(target_arch = "wasm32")]
pub fn load(page: &'static str, whole: &'static [&'static str], then: impl FnOnce() + 'static) {
    use std::rc::Rc;
    use wasm_bindgen::prelude::*;

    type Pending = (Vec<Option<String>>, Option<Box<dyn FnOnce()>>);
    let code = lang().code();
    let mut urls = vec![
        format!("i18n/{code}.txt"),
        format!("i18n/{page}/{code}.txt"),
    ];
    if IN_WHOLE_MODULE {
        urls.push(format!("i18n/lessons-online/{code}.txt"));
        urls.extend(whole.iter().map(|w| format!("i18n/{w}/{code}.txt")));
    }
    let pending: Rc<RefCell<Pending>> =
        Rc::new(RefCell::new((vec![None; urls.len()], Some(Box::new(then)))));
    // The text of catalogue `i` has come (empty if it could not be read);
    // once all have, they become the words.
    let arrive = Rc::new(move |i: usize, text: String| {
        let all = {
            let mut p = pending.borrow_mut();
            p.0[i] = Some(text);
            p.0.iter().all(Option::is_some)
        };
        if all {
            let (texts, then) = {
                let mut p = pending.borrow_mut();
                let texts: Vec<String> = p.0.iter_mut().filter_map(Option::take).collect();
                (texts, p.1.take())
            };
            FETCHED.with(|f| *f.borrow_mut() = Some(texts));
            WORDS.with(|w| *w.borrow_mut() = None);
            if let Some(then) = then {
                then();
            }
        }
    });
    let Some(window) = web_sys::window() else {
        return;
    };
    for (i, url) in urls.into_iter().enumerate() {
        let lost = {
            let arrive = arrive.clone();
            let url = url.clone();
            move || {
                web_sys::console::error_1(&JsValue::from_str(&format!("cannot read {url}")));
                arrive(i, String::new());
            }
        };
        let on_fail = {
            let lost = lost.clone();
            Closure::once(move |_: JsValue| lost())
        };
        let arrive = arrive.clone();
        let on_response = Closure::once(move |r: JsValue| {
            let text = r
                .dyn_into::<web_sys::Response>()
                .ok()
                .filter(web_sys::Response::ok)
                .and_then(|r| r.text().ok());
            let Some(text) = text else {
                return lost();
            };
            let on_text =
                Closure::once(move |t: JsValue| arrive(i, t.as_string().unwrap_or_default()));
            let on_fail = Closure::once(move |_: JsValue| lost());
            let _ = text.then2(&on_text, &on_fail);
            on_text.forget();
            on_fail.forget();
        });
        let _ = window.fetch_with_str(&url).then2(&on_response, &on_fail);
        on_response.forget();
        on_fail.forget();
    }
}

/// Add a page's own catalogues (English, German) to the site's (once;
/// adding the same pair again changes nothing).
pub fn add(en: &'static str, de: &'static str) {
    PAGE.with(|p| {
        let mut p = p.borrow_mut();
        if !p.iter().any(|&(e, _)| std::ptr::eq(e, en)) {
            p.push((en, de));
        }
    });
    WORDS.with(|w| *w.borrow_mut() = None);
}

/// The language of the pages: the one chosen on a page's switch, else the
/// browser's first.
/// Outside a browser (the native tests), the language set by [`use_lang`],
/// else English.
pub fn lang() -> Lang {
    if let Some(l) = FORCED.with(|f| *f.borrow()) {
        return l;
    }
    if !cfg!(target_arch = "wasm32") {
        return Lang::En;
    }
    let chosen = local_storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    let code = chosen.or_else(|| web_sys::window().and_then(|w| w.navigator().language()));
    Lang::of_code(&code.unwrap_or_default())
}

/// Speak `lang` whatever the browser says (`None`: follow it again). The
/// native tests use it to check the texts of both languages.
pub fn use_lang(lang: Option<Lang>) {
    FORCED.with(|f| *f.borrow_mut() = lang);
}

fn with_words<T>(f: impl FnOnce(&HashMap<String, String>) -> T) -> T {
    WORDS.with(|w| {
        let mut w = w.borrow_mut();
        let lang = lang();
        if w.as_ref().is_none_or(|(l, _)| *l != lang) {
            let mut map: HashMap<String, String> = HashMap::new();
            map.extend(parse(NAMES[0]).unwrap_or_default());
            if lang == Lang::De {
                map.extend(parse(NAMES[1]).unwrap_or_default());
            }
            if let Some(texts) = FETCHED.with(|f| f.borrow().clone()) {
                for text in &texts {
                    map.extend(parse(text).unwrap_or_default());
                }
            }
            #[cfg(feature = "embedded-words")]
            {
                map.extend(parse(EN).unwrap_or_default());
                if IN_WHOLE_MODULE {
                    map.extend(parse(WHOLE[0]).unwrap_or_default());
                }
                let pages = PAGE.with(|p| p.borrow().clone());
                for (en, _) in &pages {
                    map.extend(parse(en).unwrap_or_default());
                }
                if lang != Lang::En {
                    map.extend(parse(lang.catalogue()).unwrap_or_default());
                    if IN_WHOLE_MODULE {
                        map.extend(parse(WHOLE[1]).unwrap_or_default());
                    }
                    for (_, de) in &pages {
                        map.extend(parse(de).unwrap_or_default());
                    }
                }
            }
            *w = Some((lang, map));
        }
        f(&w.as_ref().expect("just filled").1)
    })
}

/// The words of `key` in the page's language (English where a catalogue
/// lacks it; the key itself where both do).
pub fn t(key: &str) -> String {
    with_words(|m| m.get(key).cloned().unwrap_or_else(|| key.to_string()))
}

/// The words of `key` in `lang`, whatever language the page speaks (the
/// catalogues carried in the page: the default names always; the site's
/// and the page's own when the page carries both languages, while a page
/// that fetches its words knows only its language's). `None` where no
/// catalogue of `lang` has it.
///
/// A name a page gave by default in one language (`North`, `Player 1`)
/// is recognised with it on a page in the other, and said in its words.
pub fn t_in(lang: Lang, key: &str) -> Option<String> {
    if lang == self::lang() {
        return with_words(|m| m.get(key).cloned());
    }
    let pages = PAGE.with(|p| p.borrow().clone());
    OTHER.with(|o| {
        let mut o = o.borrow_mut();
        if o.as_ref()
            .is_none_or(|(l, n, _)| *l != lang || *n != pages.len())
        {
            let mut map: HashMap<String, String> = HashMap::new();
            let names = if lang == Lang::En { NAMES[0] } else { NAMES[1] };
            map.extend(parse(names).unwrap_or_default());
            #[cfg(feature = "embedded-words")]
            {
                map.extend(parse(lang.catalogue()).unwrap_or_default());
                if IN_WHOLE_MODULE {
                    let whole = if lang == Lang::En { WHOLE[0] } else { WHOLE[1] };
                    map.extend(parse(whole).unwrap_or_default());
                }
                for &(en, de) in &pages {
                    map.extend(parse(if lang == Lang::En { en } else { de }).unwrap_or_default());
                }
            }
            *o = Some((lang, pages.len(), map));
        }
        o.as_ref().and_then(|(_, _, m)| m.get(key).cloned())
    })
}

/// Whether the catalogues hold `key` (for a sentence with an optional
/// form, as `touch::key`'s `-keys`).
pub fn has(key: &str) -> bool {
    with_words(|m| m.contains_key(key))
}

/// The words of `key` with each `{name}` filled in from `args`.
pub fn tf(key: &str, args: &[(&str, &str)]) -> String {
    fill(&t(key), args)
}

/// The words of `key` for a count `n`, filled in as `{n}` (with `args`):
/// the catalogue's `KEY-one` when `n` is 1 and it has one (`1 point`,
/// `1 Punkt`, `-1 point`), else `KEY` (`0 points`, `2 points`); `args`
/// may give `{n}` a text of its own (a fraction). A text that counts
/// something has its `-one` form in both catalogues (the catalogue test
/// renders each with 0, 1 and 2).
pub fn tn(key: &str, n: i64, args: &[(&str, &str)]) -> String {
    let one = format!("{key}-one");
    let key = if n.unsigned_abs() == 1 && with_words(|m| m.contains_key(&one)) {
        one.as_str()
    } else {
        key
    };
    let count = n.to_string();
    // `args` first: a page may give `{n}` a text of its own (`0.5`).
    let mut all: Vec<(&str, &str)> = args.to_vec();
    all.push(("n", &count));
    tf(key, &all)
}

/// The count a number's text stands for, to choose its words with [`tn`]
/// (`"1"` → 1; a number too long to read counts as many).
pub fn count(number: &str) -> i64 {
    number.trim().parse().unwrap_or(i64::MAX)
}

/// The numbers in a message, in order (`"5 to 32"` → `["5", "32"]`): how
/// a page puts an engine's or validator's numbers into its own sentence.
pub fn numbers(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .collect()
}

/// `text` with each `{name}` filled in from `args`, in one pass: a value
/// that itself holds `{…}` (a player's name, a message) is left as it is,
/// and a `{name}` not in `args` stays.
pub fn fill(text: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let named = after
            .find('}')
            .and_then(|close| Some((close, args.iter().find(|(n, _)| *n == &after[..close])?)));
        match named {
            Some((close, (_, value))) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Fill in every `data-i18n*` of the document, set `<html lang>`, and set
/// up the language switch (`#lang`): choosing a language remembers it and
/// loads the page again in it.
pub fn apply() {
    let doc = document();
    if let Some(html) = doc.document_element() {
        html.set_attribute("lang", lang().code()).ok();
    }
    for (attr, target) in [
        ("data-i18n", None),
        ("data-i18n-title", Some("title")),
        ("data-i18n-aria-label", Some("aria-label")),
        ("data-i18n-alt", Some("alt")),
        ("data-i18n-placeholder", Some("placeholder")),
    ] {
        let Ok(list) = doc.query_selector_all(&format!("[{attr}]")) else {
            continue;
        };
        for i in 0..list.length() {
            let Some(el) = list
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            else {
                continue;
            };
            let Some(key) = el.get_attribute(attr) else {
                continue;
            };
            let words = t(&key);
            match target {
                None => el.set_text_content(Some(&words)),
                Some(a) => {
                    el.set_attribute(a, &words).ok();
                }
            }
        }
    }
    if let Some(select) =
        by_id("lang").and_then(|e| e.dyn_into::<web_sys::HtmlSelectElement>().ok())
    {
        select.set_value(lang().code());
        let on_change = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(|| {
            if let Some(s) =
                by_id("lang").and_then(|e| e.dyn_into::<web_sys::HtmlSelectElement>().ok())
            {
                if let Some(store) = local_storage() {
                    store.set_item(STORAGE_KEY, &s.value()).ok();
                }
                if let Some(w) = web_sys::window() {
                    w.location().reload().ok();
                }
            }
        });
        select
            .add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref())
            .ok();
        on_change.forget();
    }
}
