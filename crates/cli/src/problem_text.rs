//! Problems found in a map or setup, written as message lines that start
//! with the file name.

use tabula_engine::{Problem, Problems};

use crate::safe_text::printable;

/// One problem as a message line: `FILE:LINE:COL: message [rule]`, or
/// `FILE: message [rule]` when the problem has no place in the file.
/// Warnings read `FILE:LINE:COL: warning: message [rule]`.
pub fn problem_line(file: &str, problem: &Problem) -> String {
    let text = printable(&problem.to_string());
    if problem.line.is_some() {
        format!("{file}:{text}")
    } else {
        format!("{file}: {text}")
    }
}

/// Every problem, one line each.
pub fn problem_lines(file: &str, problems: &Problems) -> String {
    problems
        .0
        .iter()
        .map(|p| problem_line(file, p))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_name_the_file_and_place() {
        let at = Problem::at("bad-character", 3, 7, "'x' is not a map cell");
        assert_eq!(
            problem_line("m.txt", &at),
            "m.txt:3:7: 'x' is not a map cell [bad-character]"
        );
        let nowhere = Problem::error("too-few-artifacts", "too few").warning();
        assert_eq!(
            problem_line("m.txt", &nowhere),
            "m.txt: warning: too few [too-few-artifacts]"
        );
    }
}
