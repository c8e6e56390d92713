//! Plain-language text for actions and their consequences, for the game
//! log and the hover preview. Nothing hidden is ever described: swaps and
//! draws are counted, not named.

use tabula_star_tigris::events::{Event, ReturnReason, ScoreReason};
use tabula_star_tigris::state::EndReason;
use tabula_star_tigris::{Action, Kind};

fn name(names: &[String], seat: u8) -> &str {
    names.get(seat as usize).map(String::as_str).unwrap_or("?")
}

fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn colonist(k: Kind) -> &'static str {
    match k {
        Kind::Settler => "settler",
        Kind::Scientist => "scientist",
        Kind::Merchant => "merchant",
        Kind::Mining => "mining robot",
    }
}

fn colonists(k: Kind) -> &'static str {
    match k {
        Kind::Settler => "settlers",
        Kind::Scientist => "scientists",
        Kind::Merchant => "merchants",
        Kind::Mining => "mining robots",
    }
}

/// What a cell holds, in the words of the rest of the page (for the
/// pointer's hover text and the line under the board).
pub fn cell(
    names: &[String],
    at: tabula_star_tigris::Pos,
    c: &tabula_star_tigris::view::CellView,
) -> String {
    let ground = if c.destroyed {
        "destroyed by a bomber (nothing can settle here again)"
    } else if c.uninhabitable {
        "uninhabitable space (only mining robots settle here)"
    } else {
        "open space"
    };
    let mut parts = vec![format!("{at}: {ground}")];
    if let Some(k) = c.colony {
        parts.push(format!("a {} colony", colonist(k)));
    }
    if c.artifact {
        parts.push("an alien artifact (★)".into());
    }
    if let Some((owner, k)) = c.leader {
        parts.push(format!("{}'s {k} leader", name(names, owner)));
    }
    parts.join("; ") + "."
}

/// What a seat did.
pub fn action(names: &[String], seat: u8, a: &Action) -> String {
    let who = name(names, seat);
    match a {
        Action::Colonize { kind, at } => format!("{who} settles {at} with a {}.", colonist(*kind)),
        Action::PlaceLeader { kind, at } => format!("{who} places the {kind} leader on {at}."),
        Action::MoveLeader { kind, to } => format!("{who} moves the {kind} leader to {to}."),
        Action::WithdrawLeader { kind } => format!("{who} withdraws the {kind} leader."),
        Action::Destroy { at } => format!("{who} sends a bomber to destroy {at}."),
        Action::Swap(s) => format!(
            "{who} swaps {}.",
            plural(s.total(), "colonist", "colonists")
        ),
        Action::Pass => format!("{who} passes an order."),
        Action::Commit { count } => format!("{who} commits {count} as reinforcements."),
        Action::ResolveConflict { kind } => {
            format!("{who} chooses to fight the {kind} conflict first.")
        }
        Action::TakeArtifact { at } => format!("{who} takes the alien artifact at {at}."),
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
            let pts = format!("{points} {}", kind.resource());
            match (reason, at) {
                (ScoreReason::Leader, Some(at)) => {
                    format!(
                        "Colony at {at} scores {pts} for {who}: {who}'s {kind} leader rules its region."
                    )
                }
                (ScoreReason::SettlerFallback, Some(at)) => format!(
                    "Colony at {at} scores {pts} for {who}: no {kind} leader in its region, so {who}'s settler leader collects."
                ),
                (ScoreReason::InternalWin, _) => {
                    format!("{who} scores {pts} for winning the conflict.")
                }
                (ScoreReason::ExternalWin, _) => {
                    format!("{who} scores {pts}: 1 per colony removed and 1 for the beaten leader.")
                }
                _ => format!("{who} scores {pts}."),
            }
        }
        Event::NobodyScored { kind, at } => match kind {
            Kind::Settler => {
                format!("Colony at {at} scores for nobody: its region has no settler leader.")
            }
            _ => format!(
                "Colony at {at} scores for nobody: its region has neither a {kind} leader nor a settler leader."
            ),
        },
        Event::ConflictStarted { conflict: c } => {
            let (a, d) = (name(names, c.attacker), name(names, c.defender));
            if c.external {
                format!(
                    "External conflict between the {} leaders: {a} attacks with {} ({} in its region), {d} defends with {}.",
                    c.kind,
                    c.attacker_base,
                    colonists(c.kind),
                    c.defender_base
                )
            } else {
                format!(
                    "Internal conflict between the {} leaders: {a} attacks with {} (scientist colonies beside the leader), {d} defends with {}.",
                    c.kind, c.attacker_base, c.defender_base
                )
            }
        }
        Event::Committed { seat, kind, count } => format!(
            "{} {} on {}'s side.",
            plural(*count, colonist(*kind), colonists(*kind)),
            if *count == 1 { "fights" } else { "fight" },
            name(names, *seat)
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
            let mut s = format!(
                "{} wins {won} to {lost}{}; {}'s {kind} leader goes home.",
                name(names, *winner),
                if attacker_strength == defender_strength {
                    " (a tie goes to the defender)"
                } else {
                    ""
                },
                name(names, *loser)
            );
            if *external {
                s.push_str(&format!(
                    " {} removed.",
                    plural(
                        *colonies_removed,
                        &format!("{kind} colony is"),
                        &format!("{kind} colonies are")
                    )
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
        } => match reason {
            ReturnReason::NoScientist => format!(
                "{}'s {kind} leader at {from} goes home: no scientist colony beside it any more.",
                name(names, *seat)
            ),
            ReturnReason::Destroyed => format!(
                "{}'s {kind} leader at {from} goes home: its cell was destroyed.",
                name(names, *seat)
            ),
            ReturnReason::LostConflict => return None,
        },
        Event::Destroyed {
            at,
            colony,
            artifact,
            ..
        } => {
            let mut s = format!("{at} is destroyed");
            if let Some(k) = colony {
                s.push_str(&format!(" with its {} colony", colonist(*k)));
            }
            if *artifact {
                s.push_str(" and its alien artifact");
            }
            s.push('.');
            s
        }
        Event::ArtifactTaken { .. } => return None,
        Event::Drew { seat, count } => format!(
            "{} draws {}.",
            name(names, *seat),
            plural(*count, "colonist", "colonists")
        ),
        Event::TurnEnded { seat } => format!("{}'s turn ends.", name(names, *seat)),
        Event::GameOver { reason } => match reason {
            EndReason::ArtifactsGone => {
                "The game ends: two or fewer alien artifacts are left.".into()
            }
            EndReason::PoolExhausted => "The game ends: the pool cannot refill a hand.".into(),
        },
        Event::Colonized { .. }
        | Event::LeaderPlaced { .. }
        | Event::LeaderMoved { .. }
        | Event::LeaderWithdrawn { .. }
        | Event::Swapped { .. }
        | Event::Passed { .. } => return None,
    })
}

/// The rule behind a consequence, for the log's "Why?": the rule's number
/// in docs/star-tigris/rules.md and what it says, or `None` for events that
/// need no explanation.
pub fn why(e: &Event) -> Option<String> {
    Some(match e {
        Event::Scored { reason, kind, .. } => match reason {
            ScoreReason::Leader => format!(
                "Rule 3.4: a new colony scores 1 point of its kind for the owner of the leader of that kind in its region — here the {kind} leader."
            ),
            ScoreReason::SettlerFallback => format!(
                "Rule 3.4, the settler fallback: when a colony's region has no {kind} leader, the owner of the region's settler leader scores it instead."
            ),
            ScoreReason::InternalWin => "Rule 5.1: the winner of an internal conflict scores 1 technology.".into(),
            ScoreReason::ExternalWin => "Rule 5.2.5: the winner of an external conflict scores 1 point of the leaders' kind per colony removed, plus 1 for the beaten leader.".into(),
        },
        Event::NobodyScored { kind, .. } => match kind {
            Kind::Settler => "Rule 3.4: a settler colony scores for the settler leader of its region; this region has none, so nobody scores.".into(),
            _ => format!(
                "Rule 3.4: a colony scores for the {kind} leader of its region, or failing that for the settler leader; this region has neither, so nobody scores."
            ),
        },
        Event::ConflictStarted { conflict: c } => {
            if c.external {
                "Rule 5.2: a colony that joins two regions holding leaders of the same kind starts an external conflict. Each side's strength is the colonies of the leaders' kind in its leader's former region (5.2.3), plus what each commits from hand; the active player's leader attacks (5.2.2).".into()
            } else {
                "Rule 5.1: a leader placed in a region that already holds a leader of its kind starts an internal conflict. Each side's strength is the scientist colonies beside its leader (artifact colonies count), plus the scientists each commits from hand.".into()
            }
        }
        Event::Committed { .. } => "Rules 5.1 and 5.2.3: each side may commit colonists of the conflict's kind (scientists in an internal conflict) from its hand, the attacker first; every committed colonist is lost, win or lose.".into(),
        Event::ConflictResolved { external, .. } => {
            if *external {
                "Rule 5.2.4: the higher strength wins, ties go to the defender. The loser's leader goes home and the loser's colonies of that kind in its former region are removed, except colonies holding an artifact and scientists beside another leader.".into()
            } else {
                "Rule 5.1: the higher strength wins, ties go to the defender; the loser's leader goes home.".into()
            }
        }
        Event::LeaderReturned { reason, .. } => match reason {
            ReturnReason::NoScientist => "Rule 4.5: a leader must stand beside a scientist colony; one left without (after a conflict or a bomber) goes back to its owner at once.".into(),
            ReturnReason::Destroyed => "Rule 6.2: a leader on a destroyed cell goes back to its owner.".into(),
            ReturnReason::LostConflict => return None,
        },
        Event::Destroyed { .. } => "Rule 6: a bomber destroys a cell for good: a colony on it leaves the game, an artifact on it is lost, and the cell splits whatever region ran through it.".into(),
        Event::Drew { .. } => "Rule 8.3: at the end of a turn every player with fewer than 6 colonists draws back up to 6 from the pool.".into(),
        Event::GameOver { reason } => match reason {
            EndReason::ArtifactsGone => "Rule 8.2: the game ends when 2 or fewer alien artifacts are left on the board. Each player's score is their weakest resource, each artifact adding 1 where it helps most (9.2).".into(),
            EndReason::PoolExhausted => "Rule 8.4: the game ends when the pool cannot refill a hand. Each player's score is their weakest resource, each artifact adding 1 where it helps most (9.2).".into(),
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_star_tigris::Pos;

    #[test]
    fn texts_name_players_and_reasons() {
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
        use tabula_star_tigris::view::CellView;
        let names = vec!["Ada".to_string(), "Bo".to_string()];
        let at: Pos = "B6".parse().unwrap();
        let open = CellView {
            uninhabitable: false,
            destroyed: false,
            artifact: false,
            colony: None,
            leader: None,
        };
        assert_eq!(cell(&names, at, &open), "B6: open space.");
        let robot = CellView {
            uninhabitable: true,
            colony: Some(Kind::Mining),
            artifact: true,
            ..open
        };
        assert_eq!(
            cell(&names, at, &robot),
            "B6: uninhabitable space (only mining robots settle here); a mining robot colony; an alien artifact (★)."
        );
        let leader = CellView {
            leader: Some((1, Kind::Merchant)),
            ..open
        };
        assert_eq!(
            cell(&names, at, &leader),
            "B6: open space; Bo's merchant leader."
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

    /// Every text the log and its "Why?" show over 1,000 random games:
    /// none is empty, none says a phrase twice.
    #[test]
    fn the_log_of_a_thousand_random_games_reads_well() {
        use tabula_engine::{Game, GameRng, ToMove};
        use tabula_star_tigris::{DEFAULT_MAP, Options, StarTigris};
        let names: Vec<String> = ["Ada", "Bo", "Cy", "Di"].map(String::from).to_vec();
        let mut texts = std::collections::BTreeSet::new();
        let mut check = |t: String| {
            assert!(!t.trim().is_empty(), "an empty text");
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
        assert!(
            texts
                .iter()
                .any(|t| t.ends_with("scores for nobody: its region has no settler leader.")),
            "the games reach a settler colony that scores for nobody"
        );
    }
}
