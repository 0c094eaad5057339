//! What a room holds — its members, switches, exercises, answers, tournaments and exhibitions,
//! in memory as on disk — and how each reader sees it. Pure: the time is an argument, so every
//! view is tested on made-up times (`room/tests.rs`).

use std::collections::{HashMap, HashSet};

use protocol::{AnswerCount, AnswerInfo, Member, Role, RoomSettings, RoomView, Tally};

use super::store::{MemberRow, RoomRow};
use crate::classroom::exercises::{unsigned, AnswerRow, LiveExercise};
use crate::classroom::simul::LiveSimul;
use crate::classroom::tournament::LiveTournament;

/// A room's state: owned by its actor alone.
pub(crate) struct State {
    pub(crate) id: i64,
    pub(crate) code: String,
    pub(crate) name: String,
    /// SHA-256 of the owner token.
    pub(crate) owner_token_hash: Vec<u8>,
    pub(crate) settings: RoomSettings,
    pub(crate) members: Vec<LiveMember>,
    pub(crate) exercises: Vec<LiveExercise>,
    pub(crate) answers: Vec<AnswerRow>,
    /// (exercise, player) of every answer stored or being graded, to refuse a second one at
    /// once.
    pub(crate) answered: HashSet<(i64, i64)>,
    pub(crate) tournaments: Vec<LiveTournament>,
    pub(crate) simuls: Vec<LiveSimul>,
}

/// A member and how many connections they have in the room now.
pub(crate) struct LiveMember {
    pub(crate) row: MemberRow,
    /// The key of the member's name ([`crate::names::skeleton`]): no two members share one.
    pub(crate) skeleton: String,
    pub(crate) connections: u32,
}

/// What the rest of the server needs to know of a room without asking it: what it keeps
/// from its students. Published by the room after each change.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Policy {
    /// Whether students may ask for values.
    pub(crate) hints: bool,
    /// The strongest engine students may play, if limited.
    pub(crate) engine: Option<String>,
    /// Each student's duties.
    pub(crate) students: HashMap<i64, Duties>,
}

/// What a student has to do in a room.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Duties {
    /// Until when (Unix ms, inclusive) an exercise of theirs is open and unanswered;
    /// `i64::MAX` for one with no deadline.
    pub(crate) exercise_until: Option<i64>,
    /// Whether a tournament game or an exhibition board of theirs is under way.
    pub(crate) playing: bool,
}

impl State {
    /// A room with what is stored of it, nobody connected.
    pub(crate) fn new(
        row: RoomRow,
        members: Vec<MemberRow>,
        exercises: Vec<LiveExercise>,
        answers: Vec<AnswerRow>,
        tournaments: Vec<LiveTournament>,
        simuls: Vec<LiveSimul>,
    ) -> State {
        let answered = answers
            .iter()
            .map(|a| (a.exercise_id, a.player_id))
            .collect();
        State {
            id: row.id,
            code: row.code,
            name: row.name,
            owner_token_hash: row.owner_token_hash,
            settings: RoomSettings {
                hints: row.hints,
                engine: row.engine,
                exam: row.exam,
                language: row.language,
            },
            members: members.into_iter().map(LiveMember::new).collect(),
            exercises,
            answers,
            answered,
            tournaments,
            simuls,
        }
    }

    /// The member `player`, if one.
    pub(crate) fn member(&self, player: i64) -> Option<&LiveMember> {
        self.members.iter().find(|m| m.row.player_id == player)
    }

    /// The role of `player`, if a member.
    pub(crate) fn role_of(&self, player: i64) -> Option<Role> {
        self.member(player).map(|m| m.row.role)
    }

    /// The name `player` goes by in the room.
    pub(crate) fn name_of(&self, player: i64) -> String {
        self.member(player)
            .map(|m| m.row.name.clone())
            .unwrap_or_default()
    }

    /// The students with a connection in the room now, in the order they joined.
    pub(crate) fn students_here(&self) -> impl Iterator<Item = &MemberRow> {
        self.members
            .iter()
            .filter(|m| m.row.role == Role::Student && m.connections > 0)
            .map(|m| &m.row)
    }

    /// The room as `player` sees it at `now`.
    pub(crate) fn view(&self, player: i64, now: i64) -> RoomView {
        let role = self.role_of(player).unwrap_or(Role::Student);
        let teacher = role == Role::Teacher;
        RoomView {
            code: self.code.clone(),
            name: self.name.clone(),
            role,
            settings: self.settings.clone(),
            owner_token: None,
            members: if teacher {
                self.members.iter().map(LiveMember::info).collect()
            } else {
                Vec::new()
            },
            exercises: self.exercises.iter().map(|e| e.info(role, now)).collect(),
            answers: self
                .answers
                .iter()
                .filter(|a| teacher || a.player_id == player)
                .map(|a| self.answer_info(a, !teacher && self.withholds(a.exercise_id, now)))
                .collect(),
            tallies: if teacher {
                self.exercises
                    .iter()
                    .map(|e| self.tally(e.row.id))
                    .collect()
            } else {
                Vec::new()
            },
            tournaments: self
                .tournaments
                .iter()
                .map(|t| t.view(|p| self.name_of(p)))
                .collect(),
            simuls: self
                .simuls
                .iter()
                .map(|x| x.view(|p| self.name_of(p)))
                .collect(),
        }
    }

    /// What the room keeps from its students now: each one's open exercises and games.
    pub(crate) fn policy(&self) -> Policy {
        let students = self
            .members
            .iter()
            .filter(|m| m.row.role == Role::Student)
            .map(|m| {
                let p = m.row.player_id;
                let exercise_until = self
                    .exercises
                    .iter()
                    .filter(|e| !self.answered.contains(&(e.row.id, p)))
                    .map(|e| e.row.deadline.unwrap_or(i64::MAX))
                    .max();
                let playing = self.tournaments.iter().any(|t| t.plays(p))
                    || self.simuls.iter().any(|x| x.plays(p));
                let duties = Duties {
                    exercise_until,
                    playing,
                };
                (p, duties)
            })
            .collect();
        Policy {
            hints: self.settings.hints,
            engine: self.settings.engine.clone(),
            students,
        }
    }

    /// One more connection of `player` in the room; the member as teachers see them when
    /// this is their first (they came).
    pub(crate) fn arrive(&mut self, player: i64) -> Option<Member> {
        let m = self
            .members
            .iter_mut()
            .find(|m| m.row.player_id == player)?;
        m.connections += 1;
        (m.connections == 1).then(|| m.info())
    }

    /// One connection of `player` fewer; the member as teachers see them when it was the
    /// last (they left).
    pub(crate) fn depart(&mut self, player: i64) -> Option<Member> {
        let m = self
            .members
            .iter_mut()
            .find(|m| m.row.player_id == player)?;
        m.connections = m.connections.checked_sub(1)?;
        (m.connections == 0).then(|| m.info())
    }

    /// Whether anyone has a connection in the room.
    pub(crate) fn anyone_here(&self) -> bool {
        self.members.iter().any(|m| m.connections > 0)
    }

    /// Why `player` may not leave the room, if they may not: a teacher stays (`teacher`), and
    /// a student whose answers (`answered`) or games (`played`) the room keeps cannot take
    /// them away.
    pub(crate) fn kept(&self, player: i64) -> Option<&'static str> {
        let member = self.member(player)?;
        if member.row.role == protocol::Role::Teacher {
            return Some("teacher");
        }
        if self.answered.iter().any(|&(_, p)| p == player) {
            return Some("answered");
        }
        let plays = self
            .tournaments
            .iter()
            .any(|t| t.entrants.iter().any(|e| e.id == player))
            || self
                .simuls
                .iter()
                .any(|s| s.boards.iter().any(|b| b.player == player));
        plays.then_some("played")
    }

    /// Takes `player` out of the members.
    pub(crate) fn remove_member(&mut self, player: i64) {
        self.members.retain(|m| m.row.player_id != player);
    }

    /// Adds a member, or changes a member's name and role.
    pub(crate) fn put_member(&mut self, row: MemberRow) {
        match self
            .members
            .iter_mut()
            .find(|m| m.row.player_id == row.player_id)
        {
            Some(m) => {
                m.skeleton = crate::names::skeleton(&row.name);
                m.row = row;
            }
            None => self.members.push(LiveMember::new(row)),
        }
    }

    /// An answer as its reader sees it: a student of a room holding an exam sees no grade
    /// before it is told (`withheld`).
    pub(crate) fn answer_info(&self, a: &AnswerRow, withheld: bool) -> AnswerInfo {
        let (correct, explanation, message) = match withheld {
            false => {
                let message = a
                    .explanation_message
                    .as_deref()
                    .and_then(|json| serde_json::from_str(json).ok());
                (a.correct, a.explanation.clone(), message)
            }
            true => {
                let message = protocol::Message::new("grade-withheld");
                (false, protocol::i18n::english(&message), Some(message))
            }
        };
        AnswerInfo {
            exercise_id: a.exercise_id,
            player_id: a.player_id,
            name: self.name_of(a.player_id),
            answer: a.answer.clone(),
            correct,
            explanation,
            explanation_message: message,
            withheld,
            answered_at: unsigned(a.answered_at),
        }
    }

    /// Whether the grades of `exercise` are kept from its students now: the room holds an
    /// exam and they have not been told.
    pub(crate) fn withholds(&self, exercise: i64, now: i64) -> bool {
        self.settings.exam
            && self
                .exercises
                .iter()
                .find(|e| e.row.id == exercise)
                .is_some_and(|e| !e.told(now))
    }

    /// How the class answered `exercise` so far.
    pub(crate) fn tally(&self, exercise: i64) -> Tally {
        let students = self
            .members
            .iter()
            .filter(|m| m.row.role == Role::Student)
            .count();
        let mut histogram: Vec<AnswerCount> = Vec::new();
        let (mut answered, mut correct) = (0, 0);
        for a in self.answers.iter().filter(|a| a.exercise_id == exercise) {
            answered += 1;
            correct += u32::from(a.correct);
            match histogram.iter_mut().find(|h| h.answer == a.answer) {
                Some(h) => h.count += 1,
                None => histogram.push(AnswerCount {
                    answer: a.answer.clone(),
                    correct: a.correct,
                    count: 1,
                }),
            }
        }
        histogram.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.answer.cmp(&b.answer)));
        Tally {
            exercise_id: exercise,
            students: u32::try_from(students).unwrap_or(u32::MAX),
            answered,
            correct,
            histogram,
        }
    }
}

impl LiveMember {
    /// A member with no connection in the room yet.
    pub(crate) fn new(row: MemberRow) -> LiveMember {
        LiveMember {
            skeleton: crate::names::skeleton(&row.name),
            row,
            connections: 0,
        }
    }

    pub(crate) fn info(&self) -> Member {
        Member {
            player_id: self.row.player_id,
            name: self.row.name.clone(),
            role: self.row.role,
            connected: self.connections > 0,
        }
    }
}

impl Policy {
    /// Why the room gives `player` no values at `now`, if it does not: they are a student
    /// here while hints are off, with an exercise open and unanswered (`exercise`), or a
    /// tournament game or an exhibition board under way (`game`).
    pub(crate) fn withholds_hints(&self, player: i64, now: i64) -> Option<&'static str> {
        if self.hints {
            return None;
        }
        let duties = self.students.get(&player)?;
        if duties.exercise_until.is_some_and(|until| now <= until) {
            return Some("exercise");
        }
        duties.playing.then_some("game")
    }

    /// The strongest engine level `player` may play while a student here, if the room
    /// limits it.
    pub(crate) fn engine_limit(&self, player: i64) -> Option<&str> {
        self.students
            .contains_key(&player)
            .then_some(self.engine.as_deref())
            .flatten()
    }
}
