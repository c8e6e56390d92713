//! What every Tabula page shares: helpers for building the page with the
//! DOM API (text always goes in as text, never markup), files, storage,
//! links and timers.

pub mod ai_pace;
pub mod ai_worker;
pub mod announce;
pub mod bots;
pub mod browser;
pub mod canvas;
pub mod chart;
pub mod clicks;
pub mod colour_check;
pub mod dialogs;
pub mod dom;
pub mod end_screen;
pub mod error_words;
pub mod explore;
pub mod focus;
pub mod grid;
pub mod handoff;
pub mod i18n;
pub mod lesson_board;
pub mod lesson_rules;
pub mod lesson_run;
pub mod lesson_screen;
pub mod lesson_write;
pub mod lesson_writer;
pub mod letters;
pub mod modal;
pub mod morph;
pub mod on_demand;
pub mod online;
pub mod players;
pub mod qr;
pub mod records;
pub mod replay_model;
pub mod replay_viewer;
pub mod resume_note;
pub mod saved_maps;
pub mod seat_rows;
pub mod sketch;
#[cfg(target_arch = "wasm32")]
pub mod start;
pub mod table;
pub mod teacher_notes;
pub mod touch;
pub mod transport;
