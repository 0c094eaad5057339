//! One live room: its members, exercises and answers in memory (what is on disk, in the same
//! order), and the two channels its events go out on — one for teachers, who see everything,
//! and one for students, who see no solutions and nobody else's answers.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, MutexGuard};

use bytes::Bytes;
use engine::exercise::Exercise;
use protocol::{
    AnswerCount, AnswerInfo, ExerciseInfo, Member, Role, RoomSettings, RoomView, ServerBody,
    ServerMessage, Tally,
};
use tokio::sync::broadcast;

use crate::clock::unix_ms;
use crate::db::{AnswerRow, ExerciseRow, MemberRow, RoomRow};

/// Events a member's connection may fall behind by before it is sent the whole room again.
pub const EVENT_BACKLOG: usize = 1024;

/// A live room.
pub struct Room {
    /// Its id in the database.
    pub id: i64,
    /// The join code.
    pub code: String,
    /// Its name.
    pub name: String,
    /// SHA-256 of the owner token.
    pub(super) owner_token_hash: Vec<u8>,
    /// What is in it; held only for short, non-async sections.
    state: Mutex<State>,
    /// Events in the form teachers see.
    teachers: broadcast::Sender<Bytes>,
    /// Events in the form students see.
    students: broadcast::Sender<Bytes>,
    /// Taken by a change that must be checked against the state and stored before the next
    /// one is checked (a member's name, a set number); answers do not need it.
    pub(super) changing: tokio::sync::Mutex<()>,
}

/// What a room holds.
pub(super) struct State {
    pub(super) settings: RoomSettings,
    pub(super) members: Vec<LiveMember>,
    pub(super) exercises: Vec<LiveExercise>,
    pub(super) answers: Vec<AnswerRow>,
    /// (exercise, player) of every answer, to refuse a second one at once.
    pub(super) answered: HashSet<(i64, i64)>,
    pub(super) tournaments: Vec<super::tournament::LiveTournament>,
    pub(super) simuls: Vec<super::simul::LiveSimul>,
}

/// A member and how many connections they have in the room now.
pub(super) struct LiveMember {
    pub(super) row: MemberRow,
    /// The key of the member's name ([`crate::names::skeleton`]): no two members share one.
    pub(super) skeleton: String,
    pub(super) connections: u32,
}

/// An exercise with what grades its answers: its position and solution, a few hundred
/// bytes (the moves' values are classified again for each answer).
#[derive(Clone)]
pub(super) struct LiveExercise {
    pub(super) row: ExerciseRow,
    pub(super) exercise: Arc<Exercise>,
}

impl LiveExercise {
    /// Whether answers are still taken at `now` (Unix ms).
    pub(super) fn is_open(&self, now: i64) -> bool {
        self.row.deadline.is_none_or(|d| now <= d)
    }

    /// Whether its students may know the solution and their grades: once the deadline has
    /// passed or the teacher released them.
    pub(super) fn told(&self, now: i64) -> bool {
        self.row.released_at.is_some() || !self.is_open(now)
    }

    /// The exercise as `role` sees it: students see the solution only once told.
    pub(super) fn info(&self, role: Role, now: i64) -> ExerciseInfo {
        let r = &self.row;
        let shown = role == Role::Teacher || self.told(now);
        ExerciseInfo {
            id: r.id,
            set: r.set_no,
            params: r.params.clone(),
            position: r.position.clone(),
            question: r.question.clone(),
            prompt: self.exercise.question().prompt().to_owned(),
            set_at: unsigned(r.set_at),
            deadline: r.deadline.map(unsigned),
            solution: shown.then(|| r.solution.clone()),
        }
    }
}

fn unsigned(ms: i64) -> u64 {
    u64::try_from(ms).unwrap_or_default()
}

impl Room {
    /// A room with what is stored of it.
    pub(super) fn new(
        row: RoomRow,
        members: Vec<MemberRow>,
        exercises: Vec<LiveExercise>,
        answers: Vec<AnswerRow>,
        tournaments: Vec<super::tournament::LiveTournament>,
        simuls: Vec<super::simul::LiveSimul>,
    ) -> Room {
        let answered = answers
            .iter()
            .map(|a| (a.exercise_id, a.player_id))
            .collect();
        let state = State {
            settings: RoomSettings {
                hints: row.hints,
                engine: row.engine,
                exam: row.exam,
            },
            members: members.into_iter().map(LiveMember::new).collect(),
            exercises,
            answers,
            answered,
            tournaments,
            simuls,
        };
        Room {
            id: row.id,
            code: row.code,
            name: row.name,
            owner_token_hash: row.owner_token_hash,
            state: Mutex::new(state),
            teachers: broadcast::Sender::new(EVENT_BACKLOG),
            students: broadcast::Sender::new(EVENT_BACKLOG),
            changing: tokio::sync::Mutex::new(()),
        }
    }

    pub(super) fn state(&self) -> MutexGuard<'_, State> {
        match self.state.lock() {
            Ok(s) => s,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    /// The events `role` receives, from now on.
    pub fn subscribe(&self, role: Role) -> broadcast::Receiver<Bytes> {
        match role {
            Role::Teacher => self.teachers.subscribe(),
            Role::Student => self.students.subscribe(),
        }
    }

    /// Sends an event to teachers and, when `students` gives their form of it, to students.
    pub(super) fn publish(&self, teachers: ServerBody, students: Option<ServerBody>) {
        let write = |body| {
            Bytes::from(serde_json::to_string(&ServerMessage::event(body)).unwrap_or_default())
        };
        // Nobody listening is not an error: the state is kept, and sent on the next join.
        let _ = self.teachers.send(write(teachers));
        if let Some(body) = students {
            let _ = self.students.send(write(body));
        }
    }

    /// The role of `player`, if a member.
    pub fn role_of(&self, player: i64) -> Option<Role> {
        let s = self.state();
        s.members
            .iter()
            .find(|m| m.row.player_id == player)
            .map(|m| m.row.role)
    }

    /// The room as `player` sees it.
    pub fn view(&self, player: i64) -> RoomView {
        let s = self.state();
        let now = unix_ms();
        let role = s
            .members
            .iter()
            .find(|m| m.row.player_id == player)
            .map_or(Role::Student, |m| m.row.role);
        let teacher = role == Role::Teacher;
        RoomView {
            code: self.code.clone(),
            name: self.name.clone(),
            role,
            settings: s.settings.clone(),
            owner_token: None,
            members: if teacher {
                s.members.iter().map(LiveMember::info).collect()
            } else {
                Vec::new()
            },
            exercises: s.exercises.iter().map(|e| e.info(role, now)).collect(),
            answers: s
                .answers
                .iter()
                .filter(|a| teacher || a.player_id == player)
                .map(|a| s.answer_info(a, !teacher && s.withholds(a.exercise_id, now)))
                .collect(),
            tallies: if teacher {
                s.exercises.iter().map(|e| s.tally(e.row.id)).collect()
            } else {
                Vec::new()
            },
            tournaments: s
                .tournaments
                .iter()
                .map(|t| t.view(|p| s.name_of(p)))
                .collect(),
            simuls: s.simuls.iter().map(|x| x.view(&s)).collect(),
        }
    }

    /// Why the server gives `player` no values now, if it does not: they are a student here
    /// while hints are off, with an exercise open and unanswered, or a tournament game or an
    /// exhibition board under way.
    pub(super) fn withholds_hints(&self, player: i64) -> Option<&'static str> {
        let s = self.state();
        let student = s
            .members
            .iter()
            .any(|m| m.row.player_id == player && m.row.role == Role::Student);
        if s.settings.hints || !student {
            return None;
        }
        let now = unix_ms();
        let exercise = s
            .exercises
            .iter()
            .any(|e| e.is_open(now) && !s.answered.contains(&(e.row.id, player)));
        if exercise {
            return Some("an exercise to answer; answer it first");
        }
        let playing = s.tournaments.iter().any(|t| t.plays(player))
            || s.simuls.iter().any(|x| x.plays(player));
        playing.then_some("a game to play; the values come back when it is over")
    }

    /// The strongest engine level `player` may play while a student here, if the room
    /// limits it.
    pub(super) fn engine_limit(&self, player: i64) -> Option<String> {
        let s = self.state();
        let student = s
            .members
            .iter()
            .any(|m| m.row.player_id == player && m.row.role == Role::Student);
        if student {
            s.settings.engine.clone()
        } else {
            None
        }
    }

    /// One more connection of `player` in the room; the member as teachers see them when
    /// this is their first (they came).
    pub(super) fn arrive(&self, player: i64) -> Option<Member> {
        let mut s = self.state();
        let m = s.members.iter_mut().find(|m| m.row.player_id == player)?;
        m.connections += 1;
        (m.connections == 1).then(|| m.info())
    }

    /// One connection of `player` fewer; teachers are told when it was the last.
    pub fn depart(&self, player: i64) {
        let gone = {
            let mut s = self.state();
            s.members
                .iter_mut()
                .find(|m| m.row.player_id == player)
                .and_then(|m| {
                    m.connections = m.connections.saturating_sub(1);
                    (m.connections == 0).then(|| m.info())
                })
        };
        if let Some(member) = gone {
            let code = self.code.clone();
            self.publish(ServerBody::RoomMember { code, member }, None);
        }
    }
}

impl LiveMember {
    /// A member with no connection in the room yet.
    pub(super) fn new(row: MemberRow) -> LiveMember {
        LiveMember {
            skeleton: crate::names::skeleton(&row.name),
            row,
            connections: 0,
        }
    }

    pub(super) fn info(&self) -> Member {
        Member {
            player_id: self.row.player_id,
            name: self.row.name.clone(),
            role: self.row.role,
            connected: self.connections > 0,
        }
    }
}

impl State {
    /// The name `player` goes by in the room.
    pub(super) fn name_of(&self, player: i64) -> String {
        self.members
            .iter()
            .find(|m| m.row.player_id == player)
            .map(|m| m.row.name.clone())
            .unwrap_or_default()
    }

    /// An answer as its reader sees it: a student of a room holding an exam sees no grade
    /// before it is told (`withheld`).
    pub(super) fn answer_info(&self, a: &AnswerRow, withheld: bool) -> AnswerInfo {
        let (correct, explanation) = match withheld {
            false => (a.correct, a.explanation.clone()),
            true => (
                false,
                "your answer is kept; you will see whether it is right when your teacher \
                 releases the answers, or once the deadline has passed"
                    .to_owned(),
            ),
        };
        AnswerInfo {
            exercise_id: a.exercise_id,
            player_id: a.player_id,
            name: self.name_of(a.player_id),
            answer: a.answer.clone(),
            correct,
            explanation,
            withheld,
            answered_at: unsigned(a.answered_at),
        }
    }

    /// Whether the grades of `exercise` are kept from its students now: the room holds an
    /// exam and they have not been told.
    pub(super) fn withholds(&self, exercise: i64, now: i64) -> bool {
        self.settings.exam
            && self
                .exercises
                .iter()
                .find(|e| e.row.id == exercise)
                .is_some_and(|e| !e.told(now))
    }

    /// How the class answered `exercise` so far.
    pub(super) fn tally(&self, exercise: i64) -> Tally {
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
