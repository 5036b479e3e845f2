//! Legends of the board's symbols, checked against the text a game really writes.

use std::collections::BTreeSet;

/// Checks that `legend` (each entry: symbols separated by spaces, and their meaning, as the
/// games' `position::LEGEND`) explains every token of `tokens`: each must be one of the
/// legend's symbols or a run of them (`r*` is `r` then `*`). Tokens are pieces of the
/// board as a game's text writes it, taken from real positions, with seat numbers replaced
/// by `N` as the legends write them. Returns the symbols the tokens used, so that a test can
/// also check that the legend lists nothing the text never writes.
///
/// # Panics
/// On a token the legend does not explain, naming it and the symbols known.
///
/// ```
/// use mesopotamia_testkit::legend::check_legend;
///
/// let legend = [(".", "land"), ("r b", "red or blue tile"), ("*", "a treasure on it")];
/// let used = check_legend(&legend, ["r*", ".", "b"].map(String::from));
/// assert_eq!(used.into_iter().collect::<Vec<_>>(), ["*", ".", "b", "r"]);
/// ```
pub fn check_legend<'a>(
    legend: &[(&'a str, &str)],
    tokens: impl IntoIterator<Item = String>,
) -> BTreeSet<&'a str> {
    let symbols: Vec<&'a str> = legend
        .iter()
        .flat_map(|(symbols, _)| symbols.split_whitespace())
        .collect();
    let mut used = BTreeSet::new();
    for token in tokens {
        match split(&token, &symbols) {
            Some(parts) => used.extend(parts),
            None => panic!("the legend does not explain `{token}` (its symbols: {symbols:?})"),
        }
    }
    used
}

/// `token` as a run of `symbols` (longest first at each step), if it is one.
fn split<'a>(token: &str, symbols: &[&'a str]) -> Option<Vec<&'a str>> {
    if token.is_empty() {
        return Some(Vec::new());
    }
    let mut fitting: Vec<&'a str> = symbols
        .iter()
        .copied()
        .filter(|s| !s.is_empty() && token.starts_with(s))
        .collect();
    fitting.sort_by_key(|s| core::cmp::Reverse(s.len()));
    fitting.into_iter().find_map(|symbol| {
        let mut rest = split(&token[symbol.len()..], symbols)?;
        rest.insert(0, symbol);
        Some(rest)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_symbols_are_explained_and_others_are_not() {
        let legend = [("B-r B", "a boat, a blue card"), ("@NP", "a priest")];
        assert_eq!(
            check_legend(&legend, ["B-r@NP".to_owned(), "B".to_owned()]).len(),
            3
        );
        let refused = std::panic::catch_unwind(|| check_legend(&legend, ["B-x".to_owned()]));
        assert!(refused.is_err(), "`-x` is no symbol");
    }
}
