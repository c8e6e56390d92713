//! Measuring a reader: peak memory through a counting allocator, time
//! through a watchdog that ends the process (naming the input) when one
//! input takes far too long, and panics caught and reported.
//!
//! A test binary installs the allocator with
//! `#[global_allocator] static A: Counting = Counting;` and runs its cases
//! through [`run_case`] one at a time.

use std::alloc::{GlobalAlloc, Layout, System};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting the bytes held and their peak.
pub struct Counting;

// SAFETY: every call is passed to the system allocator unchanged; only
// counters are updated beside it.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on unchanged.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract is passed on unchanged.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let grow = new_size - layout.size();
                let now = CURRENT.fetch_add(grow, Ordering::Relaxed) + grow;
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                CURRENT.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

/// What one input cost.
#[derive(Clone, Copy, Debug)]
pub struct Cost {
    /// Peak bytes held above what was held before, while reading.
    pub peak_bytes: usize,
    /// Time taken.
    pub elapsed: Duration,
}

/// The input being read now and since when (for the watchdog).
static RUNNING: Mutex<Option<(Instant, String)>> = Mutex::new(None);

/// Start a thread that ends the process, naming the input, when any one
/// input has been read for longer than `limit` (a hang, not slowness:
/// choose a limit far above any honest reading).
pub fn start_watchdog(limit: Duration) {
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(Duration::from_millis(500));
            let running = RUNNING.lock().map(|r| r.clone()).unwrap_or(None);
            if let Some((since, what)) = running
                && since.elapsed() > limit
            {
                eprintln!("HANG: {what} has been read for over {limit:?}");
                std::process::abort();
            }
        }
    });
}

/// Read one input with `read`; its cost, or the panic's message.
pub fn run_case(what: &str, read: impl FnOnce()) -> Result<Cost, String> {
    if let Ok(mut r) = RUNNING.lock() {
        *r = Some((Instant::now(), what.to_string()));
    }
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(read));
    let elapsed = start.elapsed();
    let peak_bytes = PEAK.load(Ordering::Relaxed).saturating_sub(base);
    if let Ok(mut r) = RUNNING.lock() {
        *r = None;
    }
    match result {
        Ok(()) => Ok(Cost {
            peak_bytes,
            elapsed,
        }),
        Err(e) => Err(e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a panic".into())),
    }
}
