//! Tournaments and exhibitions on the room's screen: what changed in them, and a student's
//! games, played on the same screen as they are paired.

use anyhow::Result;
use protocol::TournamentView;

use super::super::print;
use super::Console;
use crate::commands::describe;
use crate::commands::session::{self, is_lost};
use crate::commands::typing::Typing;
use client::lang::{code_word, said, word};
use client::Client;
use protocol::Message;

impl Console {
    /// What changed in a tournament, as this member cares: for a teacher every result and
    /// round; for a student their byes; for both the standings at the end.
    pub(super) fn news(&self, old: Option<&TournamentView>, t: &TournamentView) -> Result<()> {
        let me = self.player_id;
        if old.is_none() && self.teacher() {
            let started = Message::new("cli-tournament-started")
                .text("id", t.id.to_string())
                .text("players", t.entrants.len().to_string())
                .text("rounds", t.rounds.to_string());
            self.say(&format!("{}\n", said(&started)))?;
        }
        if self.teacher() {
            for g in &t.games {
                let before = old.and_then(|o| o.games.iter().find(|x| x.match_id == g.match_id));
                if g.result.is_some() && before.is_some_and(|b| b.result.is_none()) {
                    let over = t
                        .games
                        .iter()
                        .filter(|x| x.round == g.round && x.result.is_some())
                        .count();
                    let all = t.games.iter().filter(|x| x.round == g.round).count();
                    let count = Message::new("cli-games-over")
                        .text("over", over.to_string())
                        .text("all", all.to_string());
                    self.say(&format!("{} · {}\n", print::game(t, g), said(&count)))?;
                }
            }
        }
        if old.is_none_or(|o| o.round != t.round) && !t.finished {
            let games = t.games.iter().filter(|g| g.round == t.round).count();
            if self.teacher() {
                let told = Message::new("cli-room-paired")
                    .text("round", t.round.to_string())
                    .text("rounds", t.rounds.to_string())
                    .count("games", games as u64);
                self.say(&format!("{}\n", said(&told)))?;
            } else if t
                .byes
                .iter()
                .any(|b| b.round == t.round && Some(b.player_id) == me)
            {
                let told = Message::new("cli-room-bye")
                    .text("round", t.round.to_string())
                    .text("rounds", t.rounds.to_string());
                self.say(&format!("{}\n", said(&told)))?;
            }
        }
        if t.finished && !old.is_some_and(|o| o.finished) {
            self.say(&print::standings(t, self.style))?;
        }
        Ok(())
    }

    /// An exhibition's news: its start, and for a teacher each board's end.
    pub(super) fn simul_news(
        &self,
        old: Option<&protocol::SimulView>,
        s: &protocol::SimulView,
    ) -> Result<()> {
        if old.is_none() {
            let started = Message::new("cli-simul-started")
                .text("id", s.id.to_string())
                .text("host", host_name(s))
                .count("boards", s.games.len() as u64)
                .text("game", describe(&s.params))
                .text("start", &s.start);
            self.say(&format!("{}\n", said(&started)))?;
        }
        if self.teacher() {
            for g in &s.games {
                let before = old.and_then(|o| o.games.iter().find(|x| x.match_id == g.match_id));
                if let (Some(r), true) = (&g.result, before.is_none_or(|b| b.result.is_none())) {
                    let over = s.games.iter().filter(|x| x.result.is_some()).count();
                    let board = Message::new("cli-simul-board")
                        .text("match", g.match_id.to_string())
                        .text("name", &g.name)
                        .text("outcome", code_word("outcome", r));
                    let count = Message::new("cli-games-over")
                        .text("over", over.to_string())
                        .text("all", s.games.len().to_string());
                    self.say(&format!("{} · {}\n", said(&board), said(&count)))?;
                }
            }
        }
        Ok(())
    }

    /// A tournament game of ours not over and not taken up yet.
    pub(super) fn my_game(&mut self) -> Option<i64> {
        let me = self.player_id?;
        let tournament = self
            .view
            .tournaments
            .iter()
            .filter(|t| !t.finished)
            .flat_map(|t| t.games.iter())
            .find(|g| {
                g.result.is_none()
                    && (g.first == me || g.second == me)
                    && !self.played.contains(&g.match_id)
            })
            .map(|g| g.match_id);
        let simul = || {
            self.view
                .simuls
                .iter()
                .flat_map(|s| s.games.iter())
                .find(|g| {
                    g.result.is_none() && g.player_id == me && !self.played.contains(&g.match_id)
                })
                .map(|g| g.match_id)
        };
        let id = tournament.or_else(simul)?;
        self.played.insert(id);
        Some(id)
    }

    /// Plays tournament game `id` on this screen, then any other paired meanwhile.
    pub(super) async fn play(
        &mut self,
        conn: &mut Client,
        mut id: i64,
        typing: &mut Typing,
    ) -> Result<()> {
        loop {
            if let Some((t, g)) = self
                .view
                .tournaments
                .iter()
                .find_map(|t| Some((t, t.games.iter().find(|g| g.match_id == id)?)))
            {
                let me = self.player_id.unwrap_or_default();
                let (other, side) = if g.first == me {
                    (g.second, "cli-room-you-first")
                } else {
                    (g.first, "cli-room-you-second")
                };
                let name = t
                    .entrants
                    .iter()
                    .find(|e| e.player_id == other)
                    .map_or_else(|| other.to_string(), |e| e.name.clone());
                let title = Message::new("cli-room-tournament").text("id", t.id.to_string());
                let told = Message::new("cli-room-you-play")
                    .text("round", g.round.to_string())
                    .text("rounds", t.rounds.to_string())
                    .text("other", name)
                    .text("side", word(side));
                self.say(&format!(
                    "{} · {}\n",
                    self.style.strong(&said(&title)),
                    said(&told)
                ))?;
            }
            let played = match session::watch(conn, id).await {
                Ok(state) => session::play_typed(conn, state, self.mode, typing).await,
                Err(e) => Err(e),
            };
            match played {
                Ok(()) => {}
                Err(e) if is_lost(&e) => self.recover(conn, e).await?,
                Err(e) => self.say(&format!("{e:#}\n"))?,
            }
            // What happened meanwhile (the next round may be paired already).
            self.view =
                super::super::join(conn, &self.view.code, self.as_name.as_deref(), None).await?;
            match self.my_game() {
                Some(next) => id = next,
                None => break,
            }
        }
        self.shown = None;
        self.next_exercise()
    }
}

/// Who plays every board of an exhibition, in the process's language: the engine at its level
/// (`エンジン（完全）`) or the teacher's name.
fn host_name(s: &protocol::SimulView) -> String {
    match &s.host_engine {
        Some(level) => {
            let level = client::lang::code_word("level", level);
            said(&Message::new("engine-name").text("level", level))
        }
        None => s.host.clone(),
    }
}
