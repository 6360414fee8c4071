//! Engine-against-engine matches: colours alternated over a list of openings, adjudicated by
//! the draw rules, summarised as wins/draws/losses and an Elo difference with its error margin.

use super::external::{append, game_pdn, open_to_append, GameEnd};
use dame_core::game::{Game, Outcome};
use dame_core::Color;
use dame_core::Preset;
use dame_engine::Weights;
use dame_engine::{Level, Player};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The ACF three-move ballots (156), for English checkers.
const ENGLISH_BALLOTS: &str = include_str!("../../data/openings/english-3move.txt");

/// Plies after which an unfinished game is scored a draw.
pub const MAX_PLIES: usize = 300;

/// What a match plays: two levels, A and B, under one set of rules, over a list of openings.
///
/// Game `i` plays opening `i / 2` (from the first again when they run out), A taking Red in even
/// games and Black in odd ones, so every opening is played from both sides.
pub struct MatchConfig {
    /// The preset every game follows.
    pub preset: Preset,
    /// The level of player A, from whose point of view the result is counted.
    pub a: Level,
    /// The level of player B.
    pub b: Level,
    /// How many games to play; an even number plays each opening used with both colours.
    pub games: usize,
    /// Each opening is a list of turns in notation, played before the engines take over.
    pub openings: Vec<Vec<String>>,
    /// Multiplies the thinking time of the time-limited levels.
    pub time_scale: f64,
    /// How many threads share the games (clamped to 1–16).
    pub threads: usize,
    /// Seeds the players' random choices; with depth-limited levels the same seed gives the same
    /// match.
    pub seed: u64,
    /// Evaluation weights of A, if not the rules' own.
    pub weights_a: Option<Weights>,
    /// Evaluation weights of B, if not the rules' own.
    pub weights_b: Option<Weights>,
    /// A file every finished game is added to as PDN (`--pdn`): the levels' names as the
    /// players, the game's number as `Round`.
    pub pdn: Option<PathBuf>,
}

/// Results from A's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Games A won.
    pub wins: u32,
    /// Games drawn, including those stopped after [`MAX_PLIES`].
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

impl MatchResult {
    /// How many games were played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's mean score, 0..1.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// The Elo difference A − B, and its 95% margin; `None` when one side scored every point
    /// (or no game was played), where no finite estimate exists.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let p = self.score();
        if self.games() == 0 || p <= 0.0 || p >= 1.0 {
            return None;
        }
        let n = self.games() as f64;
        let var = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        let se = (var / n).sqrt();
        let elo = |p: f64| {
            let p = p.clamp(1e-3, 1.0 - 1e-3);
            -400.0 * (1.0 / p - 1.0).log10()
        };
        let (lo, hi) = (elo(p - 1.96 * se), elo(p + 1.96 * se));
        Some((elo(p), (hi - lo) / 2.0))
    }
}

/// The openings a match uses when none are given: the three-move ballots for English, every
/// distinct two-ply opening otherwise.
pub fn default_openings(preset: Preset) -> Vec<Vec<String>> {
    if preset == Preset::English {
        return parse_openings(ENGLISH_BALLOTS);
    }
    let start = Game::new(preset);
    let mut seen = Vec::new();
    let mut openings = Vec::new();
    for first in start.legal_turns() {
        let mut g1 = start.clone();
        g1.play(&first).expect("listed turn");
        for second in g1.legal_turns() {
            let mut g2 = g1.clone();
            g2.play(&second).expect("listed turn");
            if !seen.contains(g2.position()) {
                seen.push(*g2.position());
                openings.push(g2.history_text());
            }
        }
    }
    openings
}

/// One opening per line, turns separated by spaces; `#` starts a comment.
pub fn parse_openings(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// Plays one game from an opening; returns the winner (`None`: a draw).
pub fn play_game(
    preset: Preset,
    opening: &[String],
    red: &mut Player,
    black: &mut Player,
) -> Result<Option<Color>, String> {
    Ok(play_out(preset, opening, red, black)?.winner)
}

/// Plays one game from an opening, to its end or [`MAX_PLIES`]: the game as played, the
/// opening included, and its winner.
pub fn play_out(
    preset: Preset,
    opening: &[String],
    red: &mut Player,
    black: &mut Player,
) -> Result<GameEnd, String> {
    let mut game = Game::new(preset);
    for text in opening {
        game.play_text(text)
            .map_err(|e| format!("opening {}: {e}", opening.join(" ")))?;
    }
    red.engine.clear();
    black.engine.clear();
    while game.outcome().is_none() && game.history().len() < MAX_PLIES {
        let player = if game.side_to_move() == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        let (turn, _) = player.choose(&game);
        let turn = turn.ok_or("no turn although the game is not over")?;
        game.play(&turn).map_err(|e| e.to_string())?;
    }
    let winner = match game.outcome() {
        Some(Outcome::Win { winner, .. }) => Some(winner),
        _ => None,
    };
    Ok(GameEnd {
        game,
        winner,
        adjudicated: false,
    })
}

/// Plays the match, spread over `threads` threads.
pub fn play_match(config: &MatchConfig) -> Result<MatchResult, String> {
    let players = |_thread| {
        let mut a = Player::new(config.a, 1, 16);
        let mut b = Player::new(config.b, 1, 16);
        a.time_scale = config.time_scale;
        b.time_scale = config.time_scale;
        a.weights = config.weights_a;
        b.weights = config.weights_b;
        Ok((a, b))
    };
    let pdn = config
        .pdn
        .as_ref()
        .map(|path| open_to_append(path).map_err(|e| format!("--pdn {}: {e}", path.display())))
        .transpose()?;
    let names = (config.a.to_string(), config.b.to_string());
    let game = |(a, b): &mut (Player, Player), i: usize, opening: &[String], a_is_red: bool| {
        let seed = config.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        a.reseed(seed);
        b.reseed(seed.rotate_left(17));
        let end = if a_is_red {
            play_out(config.preset, opening, a, b)?
        } else {
            play_out(config.preset, opening, b, a)?
        };
        if let Some(file) = &pdn {
            let text = game_pdn((&names.0, &names.1), i, a_is_red, &end);
            append(file, &format!("{text}\n"))
                .map_err(|e| format!("cannot write the PDN file: {e}"))?;
        }
        Ok(end.winner)
    };
    play_games(
        &(0..config.games).collect::<Vec<_>>(),
        config.threads,
        &config.openings,
        players,
        game,
    )
}

/// The schedule and the tally of every match: the games numbered in `games` (ascending) over `threads` threads,
/// game `i` from opening `i / 2` (each opening once with each colour: side `a` is Red in the even
/// games). A long match can be played in parts (`0..200`, then `200..400`) whose tallies add up
/// to the whole one. A free thread takes the lowest game not yet begun, so the games finished at
/// any moment are the first ones but for the few still being played: a match cut short resumes
/// after its last unbroken run of finished games without playing any game twice.
/// `players` makes a thread's pair of players; `game` plays game `i` with them and says who won.
/// The result is from `a`'s side.
pub fn play_games<P>(
    games: &[usize],
    threads: usize,
    openings: &[Vec<String>],
    players: impl Fn(usize) -> Result<P, String> + Sync,
    game: impl Fn(&mut P, usize, &[String], bool) -> Result<Option<Color>, String> + Sync,
) -> Result<MatchResult, String> {
    if openings.is_empty() {
        return Err("no openings".into());
    }
    let threads = threads.clamp(1, 16);
    let (players, game) = (&players, &game);
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let (next, failed) = (&next, &failed);
    let results: Vec<Result<MatchResult, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut total = MatchResult::default();
                    let mut play = || -> Result<(), String> {
                        let mut pair = players(t)?;
                        while !failed.load(Ordering::Relaxed) {
                            let Some(&i) = games.get(next.fetch_add(1, Ordering::Relaxed)) else {
                                break;
                            };
                            let opening = &openings[(i / 2) % openings.len()];
                            let a_is_red = i % 2 == 0;
                            let a_color = if a_is_red { Color::Red } else { Color::Black };
                            match game(&mut pair, i, opening, a_is_red)? {
                                None => total.draws += 1,
                                Some(c) if c == a_color => total.wins += 1,
                                Some(_) => total.losses += 1,
                            }
                        }
                        Ok(())
                    };
                    // One thread's failure ends the match: the others begin no new game.
                    play().inspect_err(|_| failed.store(true, Ordering::Relaxed))?;
                    Ok(total)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a match thread panicked".into()))
            })
            .collect()
    });
    let mut total = MatchResult::default();
    for r in results {
        let r = r?;
        total.wins += r.wins;
        total.draws += r.draws;
        total.losses += r.losses;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::sync::Mutex;
    use std::time::Duration;

    /// A free thread takes the next game, whichever thread is busy: game 0 lasts until every
    /// other game is over, which a fixed share of the games per thread (thread 0 also owning
    /// games 2, 4, …) could never allow.
    #[test]
    fn a_long_game_does_not_hold_back_the_games_after_it() {
        let (done, wait) = mpsc::channel::<usize>();
        let (done, wait) = (Mutex::new(done), Mutex::new(wait));
        let openings = vec![vec![]];
        let result = play_games(
            &(0..9).collect::<Vec<_>>(),
            2,
            &openings,
            |_| Ok(()),
            |_, i, _, a_is_red| {
                if i == 0 {
                    let wait = wait.lock().unwrap();
                    for _ in 1..9 {
                        // A generous limit only so that a wrong schedule fails instead of hanging.
                        wait.recv_timeout(Duration::from_secs(30))
                            .map_err(|_| "the other games waited for game 0".to_string())?;
                    }
                } else {
                    done.lock().unwrap().send(i).unwrap();
                }
                Ok(Some(if a_is_red { Color::Red } else { Color::Black }))
            },
        )
        .unwrap();
        assert_eq!((result.wins, result.draws, result.losses), (9, 0, 0));
    }

    /// A game that fails ends the match with its reason.
    #[test]
    fn a_failed_game_fails_the_match() {
        let openings = vec![vec![]];
        let result = play_games(
            &(0..6).collect::<Vec<_>>(),
            2,
            &openings,
            |_| Ok(()),
            |_, i, _, _| {
                if i == 3 {
                    Err("engine gone".into())
                } else {
                    Ok(None)
                }
            },
        );
        assert_eq!(result.unwrap_err(), "engine gone");
    }
}
