//! Threads for research work at the lowest priority (`SCHED_IDLE` on Linux: they run when
//! nothing else wants the processor). They are the pool's own, made once and kept so: an
//! ordinary thread lowered and raised again would need a privilege to be raised.

use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};

type Job = Box<dyn FnOnce() + Send>;

/// The pool's threads take jobs from one queue.
struct Workers {
    jobs: Mutex<mpsc::Sender<Job>>,
}

/// The pool, started on first use with as many threads as cores (a research request runs in
/// one and may start more: threads it starts inherit the low priority).
fn workers() -> &'static Workers {
    static WORKERS: OnceLock<Workers> = OnceLock::new();
    WORKERS.get_or_init(|| {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get().max(2));
        for i in 0..threads {
            let queue = Arc::clone(&queue);
            let spawned = std::thread::Builder::new()
                .name(format!("research-{i}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        let job = match queue.lock() {
                            Ok(q) => q.recv(),
                            Err(poisoned) => poisoned.into_inner().recv(),
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => break,
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "cannot start a research thread");
            }
        }
        Workers {
            jobs: Mutex::new(jobs),
        }
    })
}

/// Puts this thread at the lowest priority; where the system refuses, it says so and runs on
/// at the normal one.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        use thread_priority::unix::{
            set_thread_priority_and_policy, thread_native_id, NormalThreadSchedulePolicy,
            ThreadSchedulePolicy,
        };
        let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        if let Err(e) = set_thread_priority_and_policy(
            thread_native_id(),
            thread_priority::ThreadPriority::Min,
            idle,
        ) {
            tracing::warn!(error = ?e, "research runs at normal priority: SCHED_IDLE refused");
        }
    }
}

/// Runs `f` on a research thread; its result, or `Err` if it panicked.
pub async fn idle<T, F>(f: F) -> Result<T, Panicked>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    let (tx, rx) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
        let _ = tx.send(result.map_err(|_| Panicked));
    });
    let sent = match workers().jobs.lock() {
        Ok(jobs) => jobs.send(job),
        Err(poisoned) => poisoned.into_inner().send(job),
    };
    if sent.is_err() {
        return Err(Panicked);
    }
    rx.await.map_err(|_| Panicked)?
}

/// A research job that panicked (a bug): its request gets an internal error, the server
/// goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the research job failed")]
pub struct Panicked;

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn jobs_run_at_the_lowest_priority_and_panics_are_caught() {
        let policy = idle(|| {
            std::fs::read_to_string("/proc/thread-self/sched")
                .unwrap_or_default()
                .lines()
                .find(|l| l.starts_with("policy"))
                .map(str::to_owned)
        })
        .await
        .expect("ran");
        // SCHED_IDLE is policy 5.
        if let Some(line) = policy {
            assert!(line.trim_end().ends_with('5'), "{line}");
        }
        assert_eq!(idle(|| 6 * 7).await, Ok(42));
        assert_eq!(idle(|| -> u32 { panic!("a bug") }).await, Err(Panicked));
        assert_eq!(idle(|| 1).await, Ok(1), "the thread lives on");
    }
}
