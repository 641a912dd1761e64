//! Long jobs (experiments, heuristic profiles) on a background thread, so no frame waits for
//! them. The window polls [`Worker::poll`] once per frame; progress and cancel are atomics
//! shared with the thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;

/// What the job's thread sees: where to report progress and whether to stop.
#[derive(Clone)]
pub struct Progress {
    cancel: Arc<AtomicBool>,
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
}

impl Progress {
    pub fn report(&self, done: usize, total: usize) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(done, Ordering::Relaxed);
    }

    pub fn cancel_flag(&self) -> &AtomicBool {
        &self.cancel
    }
}

/// A job running on its own thread, with its result once finished.
pub struct Worker<T> {
    progress: Progress,
    handle: Option<JoinHandle<T>>,
}

impl<T: Send + 'static> Worker<T> {
    pub fn spawn(job: impl FnOnce(Progress) -> T + Send + 'static) -> Worker<T> {
        let progress = Progress {
            cancel: Arc::new(AtomicBool::new(false)),
            done: Arc::new(AtomicUsize::new(0)),
            total: Arc::new(AtomicUsize::new(0)),
        };
        let thread_progress = progress.clone();
        let handle = std::thread::spawn(move || job(thread_progress));
        Worker {
            progress,
            handle: Some(handle),
        }
    }

    /// The share done, 0 to 1 (0 until the job has reported a total).
    pub fn fraction(&self) -> f32 {
        let total = self.progress.total.load(Ordering::Relaxed);
        let done = self.progress.done.load(Ordering::Relaxed);
        if total == 0 {
            0.0
        } else {
            done as f32 / total as f32
        }
    }

    pub fn counts(&self) -> (usize, usize) {
        (
            self.progress.done.load(Ordering::Relaxed),
            self.progress.total.load(Ordering::Relaxed),
        )
    }

    /// Asks the job to stop; its result (usually "cancelled") still arrives through `poll`.
    pub fn cancel(&self) {
        self.progress.cancel.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelling(&self) -> bool {
        self.progress.cancel.load(Ordering::Relaxed)
    }

    /// The result if the thread has finished; never waits for it.
    pub fn poll(&mut self) -> Option<T> {
        if !self.handle.as_ref()?.is_finished() {
            return None;
        }
        let handle = self.handle.take()?;
        match handle.join() {
            Ok(result) => Some(result),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
}

impl<T> Drop for Worker<T> {
    /// A job nobody waits for any more is told to stop; its thread ends on its own.
    fn drop(&mut self) {
        self.progress.cancel.store(true, Ordering::Relaxed);
    }
}
