//! Bots written in the page by its players, for every game that seats
//! them: the saved list and its files ([`library`]), the worker each bot
//! runs in ([`sandbox`]) and the "Your bots" dialog ([`editor`]).

pub mod editor;
pub mod library;
pub mod sandbox;
