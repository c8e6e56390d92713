//! Plain-language text for actions and their consequences, for the game
//! log and the hover preview. Nothing hidden is ever described: swaps and
//! draws are counted, not named.

use tabula_star_tigris::events::{Event, ReturnReason, ScoreReason};
use tabula_star_tigris::state::EndReason;
use tabula_star_tigris::{Action, Kind, Phase, StarTigris};

use tabula_page_kit::i18n::{t, tf};

fn name(names: &[String], seat: u8) -> &str {
    names.get(seat as usize).map(String::as_str).unwrap_or("?")
}

/// The catalogue's words for each kind (settler, scientist, merchant,
/// mining), by what is named.
const WORDS: [(&str, [&str; 4]); 7] = [
    (
        "kind",
        [
            "kind-settler",
            "kind-scientist",
            "kind-merchant",
            "kind-mining",
        ],
    ),
    (
        "kinds",
        [
            "kinds-settler",
            "kinds-scientist",
            "kinds-merchant",
            "kinds-mining",
        ],
    ),
    (
        "colony",
        [
            "colony-settler",
            "colony-scientist",
            "colony-merchant",
            "colony-mining",
        ],
    ),
    (
        "colonies",
        [
            "colonies-settler",
            "colonies-scientist",
            "colonies-merchant",
            "colonies-mining",
        ],
    ),
    (
        "leader",
        [
            "leader-settler",
            "leader-scientist",
            "leader-merchant",
            "leader-mining",
        ],
    ),
    (
        "leaders",
        [
            "leaders-settler",
            "leaders-scientist",
            "leaders-merchant",
            "leaders-mining",
        ],
    ),
    (
        "resource",
        [
            "resource-settler",
            "resource-scientist",
            "resource-merchant",
            "resource-mining",
        ],
    ),
];

/// The catalogue's word for a kind: `what` is `kind` (a settler), `kinds`
/// (settlers), `colony`, `colonies`, `leader`, `leaders` or `resource`.
pub fn word(what: &str, k: Kind) -> String {
    WORDS
        .iter()
        .find(|(w, _)| *w == what)
        .map(|(_, keys)| t(keys[k.index()]))
        .unwrap_or_else(|| k.name().to_string())
}

/// One text of two: `keys.0` for 1, `keys.1` (with `{n}`) otherwise.
fn counted(keys: (&str, &str), n: impl Into<u64>, args: &[(&str, &str)]) -> String {
    let n = n.into();
    let n_text = n.to_string();
    let mut all = args.to_vec();
    all.push(("n", &n_text));
    tf(if n == 1 { keys.0 } else { keys.1 }, &all)
}

/// What a cell holds, in the words of the rest of the page (for the
/// pointer's hover text and the line under the board).
pub fn cell(
    names: &[String],
    at: tabula_star_tigris::Pos,
    c: &tabula_star_tigris::view::CellView,
) -> String {
    let ground = t(if c.destroyed {
        "cell-destroyed"
    } else if c.uninhabitable {
        "cell-uninhabitable"
    } else {
        "cell-open"
    });
    let mut parts = vec![format!("{at}: {ground}")];
    if let Some(k) = c.colony {
        parts.push(tf("cell-colony", &[("colony", &word("colony", k))]));
    }
    if c.artifact {
        parts.push(t("cell-artifact"));
    }
    if c.held {
        parts.push(t("sim-held"));
    }
    if let Some((owner, k)) = c.leader {
        parts.push(tf(
            "cell-leader",
            &[("who", name(names, owner)), ("leader", &word("leader", k))],
        ));
    }
    parts.join("; ") + "."
}

/// What left a cell since the viewer's last order (`was`: the pieces
/// that left): “Lost since your last order: Bo's settler leader.”
pub fn lost(names: &[String], was: &tabula_star_tigris::view::CellView) -> String {
    let mut parts = Vec::new();
    if let Some(k) = was.colony {
        parts.push(tf("cell-colony", &[("colony", &word("colony", k))]));
    }
    if let Some((owner, k)) = was.leader {
        parts.push(tf(
            "cell-leader",
            &[("who", name(names, owner)), ("leader", &word("leader", k))],
        ));
    }
    tf("cell-lost", &[("what", &parts.join("; "))])
}

/// What a seat did.
pub fn action(names: &[String], seat: u8, a: &Action) -> String {
    let who = name(names, seat);
    match a {
        Action::Colonize { kind, at } => tf(
            "log-colonize",
            &[
                ("who", who),
                ("at", &at.to_string()),
                ("kind", &word("kind", *kind)),
            ],
        ),
        Action::PlaceLeader { kind, at } => tf(
            "log-place-leader",
            &[
                ("who", who),
                ("at", &at.to_string()),
                ("leader", &word("leader", *kind)),
            ],
        ),
        Action::MoveLeader { kind, to } => tf(
            "log-move-leader",
            &[
                ("who", who),
                ("to", &to.to_string()),
                ("leader", &word("leader", *kind)),
            ],
        ),
        Action::WithdrawLeader { kind } => tf(
            "log-withdraw-leader",
            &[("who", who), ("leader", &word("leader", *kind))],
        ),
        Action::Destroy { at } => tf("log-destroy", &[("who", who), ("at", &at.to_string())]),
        Action::Swap(s) => counted(
            ("log-swap-one", "log-swap-many"),
            s.total(),
            &[("who", who)],
        ),
        Action::Pass => tf("log-pass", &[("who", who)]),
        Action::Commit { count } => tf("log-commit", &[("who", who), ("n", &count.to_string())]),
        Action::ResolveConflict { kind } => tf(
            "log-resolve-first",
            &[("who", who), ("leaders", &word("leaders", *kind))],
        ),
        Action::TakeArtifact { at } => tf(
            "log-take-artifact",
            &[("who", who), ("at", &at.to_string())],
        ),
    }
}

/// What a seat did, as everyone may read it: in the simultaneous variant
/// an order given or a commitment made is secret until revealed, so the
/// line says only that it was given (`before` is the game before it).
pub fn action_seen(names: &[String], before: &StarTigris, seat: u8, a: &Action) -> String {
    let who = name(names, seat);
    match (before.phase(), a) {
        (Phase::Submit, Action::Pass) => tf("log-sim-sealed", &[("who", who)]),
        (Phase::Submit, _) => tf("log-sim-order", &[("who", who)]),
        (Phase::Combat(_), _) => tf("log-sim-commit", &[("who", who)]),
        _ => action(names, seat, a),
    }
}

/// A consequence, or `None` for events the log does not show.
pub fn event(names: &[String], e: &Event) -> Option<String> {
    Some(match e {
        Event::Scored {
            seat,
            kind,
            points,
            reason,
            at,
        } => {
            let who = name(names, *seat);
            let pts = format!("{points} {}", word("resource", *kind));
            let leader = word("leader", *kind);
            let at = at.map(|a| a.to_string()).unwrap_or_default();
            let args = [
                ("who", who),
                ("pts", &pts),
                ("leader", &leader),
                ("at", &at),
            ];
            match reason {
                ScoreReason::Leader if !at.is_empty() => tf("log-scored-leader", &args),
                ScoreReason::SettlerFallback if !at.is_empty() => tf("log-scored-fallback", &args),
                ScoreReason::InternalWin => tf("log-scored-internal", &args[..2]),
                ScoreReason::ExternalWin => tf("log-scored-external", &args[..2]),
                _ => tf("log-scored", &args[..2]),
            }
        }
        Event::NobodyScored { kind, at } => {
            let at = at.to_string();
            match kind {
                Kind::Settler => tf("log-nobody-settler", &[("at", &at)]),
                _ => tf(
                    "log-nobody",
                    &[("at", &at), ("leader", &word("leader", *kind))],
                ),
            }
        }
        Event::ConflictStarted { conflict: c } => {
            let (a, d) = (name(names, c.attacker), name(names, c.defender));
            let (x, y) = (c.attacker_base.to_string(), c.defender_base.to_string());
            let args = [
                ("a", a),
                ("d", d),
                ("x", &x),
                ("y", &y),
                ("leaders", &word("leaders", c.kind)),
                ("kinds", &word("kinds", c.kind)),
            ];
            if c.external {
                tf("log-external-conflict", &args)
            } else {
                tf("log-internal-conflict", &args[..5])
            }
        }
        Event::Committed { seat, kind, count } => counted(
            ("log-committed-one", "log-committed-many"),
            *count,
            &[
                ("who", name(names, *seat)),
                ("kind", &word("kind", *kind)),
                ("kinds", &word("kinds", *kind)),
            ],
        ),
        Event::ConflictResolved {
            kind,
            winner,
            loser,
            attacker_strength,
            defender_strength,
            colonies_removed,
            external,
        } => {
            let (won, lost) = if attacker_strength > defender_strength {
                (attacker_strength, defender_strength)
            } else {
                (defender_strength, attacker_strength)
            };
            let (won, lost) = (won.to_string(), lost.to_string());
            let args = [
                ("winner", name(names, *winner)),
                ("loser", name(names, *loser)),
                ("won", &won),
                ("lost", &lost),
                ("leader", &word("leader", *kind)),
            ];
            let mut s = if attacker_strength == defender_strength {
                tf("log-resolved-tie", &args)
            } else {
                tf("log-resolved", &args)
            };
            if *external {
                s.push(' ');
                s.push_str(&counted(
                    ("log-removed-one", "log-removed-many"),
                    *colonies_removed,
                    &[
                        ("colony", &word("colony", *kind)),
                        ("colonies", &word("colonies", *kind)),
                    ],
                ));
            }
            s
        }
        Event::ColonyRemoved { .. } => return None,
        Event::LeaderReturned {
            seat,
            kind,
            from,
            reason,
        } => {
            let from = from.to_string();
            let args = [
                ("who", name(names, *seat)),
                ("leader", &word("leader", *kind)),
                ("from", &from),
            ];
            match reason {
                ReturnReason::NoScientist => tf("log-returned-no-scientist", &args),
                ReturnReason::Destroyed => tf("log-returned-destroyed", &args),
                ReturnReason::LostConflict => return None,
            }
        }
        Event::Destroyed {
            at,
            colony,
            artifact,
            ..
        } => {
            let at = at.to_string();
            match (colony, artifact) {
                (None, false) => tf("log-destroyed", &[("at", &at)]),
                (None, true) => tf("log-destroyed-artifact", &[("at", &at)]),
                (Some(k), false) => tf(
                    "log-destroyed-colony",
                    &[("at", &at), ("colony", &word("colony", *k))],
                ),
                (Some(k), true) => tf(
                    "log-destroyed-both",
                    &[("at", &at), ("colony", &word("colony", *k))],
                ),
            }
        }
        Event::ArtifactTaken { .. } => return None,
        Event::Drew { seat, count } => counted(
            ("log-drew-one", "log-drew-many"),
            *count,
            &[("who", name(names, *seat))],
        ),
        Event::TurnEnded { seat } => tf("log-turn-ends", &[("who", name(names, *seat))]),
        Event::GameOver { reason } => match reason {
            EndReason::ArtifactsGone => t("log-end-artifacts"),
            EndReason::PoolExhausted => t("log-end-pool"),
        },
        Event::TurnOrder { order } => {
            let who: Vec<&str> = order.iter().map(|&s| name(names, s)).collect();
            tf("log-sim-turn-order", &[("order", &who.join(", "))])
        }
        Event::OrdersRevealed { seat, orders } if orders.is_empty() => {
            tf("log-sim-revealed-none", &[("who", name(names, *seat))])
        }
        Event::OrdersRevealed { seat, orders } => {
            let lines: Vec<String> = orders.iter().map(|o| action(names, *seat, o)).collect();
            tf(
                "log-sim-revealed",
                &[("who", name(names, *seat)), ("orders", &lines.join(" "))],
            )
        }
        Event::OrderCarriedOut { seat, order } => tf(
            "log-sim-carried-out",
            &[("order", &action(names, *seat, order))],
        ),
        Event::OrderSkipped {
            seat,
            order,
            reason,
        } => tf(
            "log-sim-skipped",
            &[
                ("order", &action(names, *seat, order)),
                ("why", &crate::rule_words::rule(reason)),
            ],
        ),
        Event::ConflictQueued { queued: q, at } | Event::ConflictDropped { queued: q, at } => {
            let dropped = matches!(e, Event::ConflictDropped { .. });
            tf(
                match (q.external, dropped) {
                    (true, false) => "log-sim-queued-external",
                    (false, false) => "log-sim-queued-internal",
                    (_, true) => "log-sim-dropped",
                },
                &[
                    ("leaders", &word("leaders", q.kind)),
                    ("at", &at.to_string()),
                ],
            )
        }
        Event::ResolutionEnded => t("log-sim-turn-ends"),
        Event::ColonyJoined { kind, at } => tf(
            "log-sim-joined",
            &[("colony", &word("colony", *kind)), ("at", &at.to_string())],
        ),
        Event::Colonized { .. }
        | Event::LeaderPlaced { .. }
        | Event::LeaderMoved { .. }
        | Event::LeaderWithdrawn { .. }
        | Event::Swapped { .. }
        | Event::Passed { .. }
        | Event::Sealed { .. }
        | Event::CommitSealed { .. } => return None,
    })
}

/// The rule behind a consequence, for the log's "Why?": the rule's number
/// in docs/star-tigris/rules.md and what it says, or `None` for events that
/// need no explanation.
pub fn why(e: &Event) -> Option<String> {
    Some(match e {
        Event::Scored { reason, kind, .. } => {
            let leader = word("leader", *kind);
            let leader = [("leader", leader.as_str())];
            match reason {
                ScoreReason::Leader => tf("why-scored-leader", &leader),
                ScoreReason::SettlerFallback => tf("why-scored-fallback", &leader),
                ScoreReason::InternalWin => t("why-scored-internal"),
                ScoreReason::ExternalWin => t("why-scored-external"),
            }
        }
        Event::NobodyScored { kind, .. } => match kind {
            Kind::Settler => t("why-nobody-settler"),
            _ => tf("why-nobody", &[("leader", &word("leader", *kind))]),
        },
        Event::ConflictStarted { conflict: c } => t(if c.external {
            "why-external-conflict"
        } else {
            "why-internal-conflict"
        }),
        Event::Committed { .. } => t("why-committed"),
        Event::ConflictResolved { external, .. } => t(if *external {
            "why-external-resolved"
        } else {
            "why-internal-resolved"
        }),
        Event::LeaderReturned { reason, .. } => match reason {
            ReturnReason::NoScientist => t("why-returned-no-scientist"),
            ReturnReason::Destroyed => t("why-returned-destroyed"),
            ReturnReason::LostConflict => return None,
        },
        Event::Destroyed { .. } => t("why-destroyed"),
        Event::Drew { .. } => t("why-drew"),
        Event::GameOver { reason } => match reason {
            EndReason::ArtifactsGone => t("why-end-artifacts"),
            EndReason::PoolExhausted => t("why-end-pool"),
        },
        Event::OrderSkipped { .. } => t("why-sim-skipped"),
        Event::ConflictQueued { .. } => t("why-sim-queued"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_page_kit::i18n::Lang;
    use tabula_star_tigris::Pos;

    #[test]
    fn texts_name_players_and_reasons() {
        crate::add_words();
        let names = vec!["Blue".to_string(), "Red".to_string()];
        let at: Pos = "F7".parse().unwrap();
        let t = event(
            &names,
            &Event::Scored {
                seat: 0,
                kind: Kind::Merchant,
                points: 1,
                reason: ScoreReason::SettlerFallback,
                at: Some(at),
            },
        )
        .unwrap();
        assert_eq!(
            t,
            "Colony at F7 scores 1 money for Blue: no merchant leader in its region, so Blue's settler leader collects."
        );
        assert_eq!(
            action(&names, 1, &"swap scientist merchant".parse().unwrap()),
            "Red swaps 2 colonists."
        );
        assert_eq!(
            action(&names, 0, &"colonize mining B2".parse().unwrap()),
            "Blue settles B2 with a mining robot."
        );
        let w = why(&Event::Scored {
            seat: 0,
            kind: Kind::Merchant,
            points: 1,
            reason: ScoreReason::SettlerFallback,
            at: Some(at),
        })
        .unwrap();
        assert!(
            w.starts_with("Rule 3.4, the settler fallback") && w.contains("merchant"),
            "{w}"
        );
        assert_eq!(why(&Event::Passed { seat: 0 }), None);
    }

    #[test]
    fn cells_are_described_in_the_pages_words() {
        crate::add_words();
        use tabula_star_tigris::view::CellView;
        let names = vec!["Ada".to_string(), "Bo".to_string()];
        let at: Pos = "B6".parse().unwrap();
        let open = CellView {
            uninhabitable: false,
            destroyed: false,
            artifact: false,
            colony: None,
            leader: None,
            held: false,
        };
        assert_eq!(cell(&names, at, &open), "B6: open cell.");
        let robot = CellView {
            uninhabitable: true,
            colony: Some(Kind::Mining),
            artifact: true,
            ..open
        };
        assert_eq!(
            cell(&names, at, &robot),
            "B6: uninhabitable cell (only mining robots settle here); a mining robot colony; an alien artifact (★)."
        );
        let leader = CellView {
            leader: Some((1, Kind::Merchant)),
            ..open
        };
        assert_eq!(
            cell(&names, at, &leader),
            "B6: open cell; Bo's merchant leader."
        );
    }

    /// A phrase of three words said twice in one text ("no settler leader
    /// and no settler leader"), if any.
    fn repeated_phrase(text: &str) -> Option<String> {
        let words: Vec<String> = text
            .split_whitespace()
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
            })
            .filter(|w| !w.is_empty())
            .collect();
        let mut seen = std::collections::HashSet::new();
        for t in words.windows(3) {
            let phrase = t.join(" ");
            if !seen.insert(phrase.clone()) {
                return Some(phrase);
            }
        }
        None
    }

    /// Every text the log and its "Why?" show over 1,000 random games, in
    /// English and in German: none is empty, none is left with a `{name}`
    /// or a catalogue key, none says a phrase twice.
    #[test]
    fn the_log_of_a_thousand_random_games_reads_well() {
        crate::add_words();
        for lang in [Lang::En, Lang::De] {
            tabula_page_kit::i18n::use_lang(Some(lang));
            log_reads_well(lang);
        }
        tabula_page_kit::i18n::use_lang(None);
    }

    fn log_reads_well(lang: Lang) {
        use tabula_engine::{Game, GameRng, ToMove};
        use tabula_star_tigris::{DEFAULT_MAP, Options, StarTigris};
        let names: Vec<String> = ["Ada", "Bo", "Cy", "Di"].map(String::from).to_vec();
        let mut texts = std::collections::BTreeSet::new();
        let mut check = |t: String| {
            assert!(!t.trim().is_empty(), "an empty text");
            assert!(
                !t.contains('{') && !t.contains("log-") && !t.contains("why-"),
                "left unfilled: {t}"
            );
            assert!(t.ends_with('.'), "not a sentence: {t}");
            if let Some(p) = repeated_phrase(&t) {
                panic!("\"{p}\" is said twice in: {t}");
            }
            texts.insert(t);
        };
        for seed in 0..1000u64 {
            let players = 2 + (seed % 3) as usize;
            let mut g = StarTigris::new(&Options::default(), DEFAULT_MAP, players, seed).unwrap();
            let mut rng = GameRng::seeded(seed);
            let mut events: Vec<Event> = Vec::new();
            for _ in 0..2000 {
                match g.to_move() {
                    ToMove::Seat(s) => {
                        let legal = g.legal_actions(s);
                        let a = legal[rng.below(legal.len() as u64) as usize];
                        check(action(&names, s, &a));
                        g.apply_logged(s, &a, &mut events).unwrap();
                    }
                    ToMove::Chance => g.chance_logged(&mut events).unwrap(),
                    _ => break,
                }
                for e in events.drain(..) {
                    if let Some(t) = event(&names, &e) {
                        check(t);
                    }
                    if let Some(t) = why(&e) {
                        check(t);
                    }
                }
            }
        }
        assert!(texts.len() > 500, "{} different texts", texts.len());
        let nobody = match lang {
            Lang::En => "scores for nobody: its region has no settler leader.",
            Lang::De => "bringt niemandem etwas: In ihrem Gebiet steht kein Siedler-Anführer.",
        };
        assert!(
            texts.iter().any(|t| t.ends_with(nobody)),
            "the games reach a settler colony that scores for nobody"
        );
    }
}
