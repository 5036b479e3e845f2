//! Positions written and read back ([`check_position_read_back`]), and the redraws of what
//! a seat cannot see as positions ([`check_redrawn_positions`]).

#[cfg(doc)]
use mesopotamia_core::Game;
use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::seat::Seat;

/// Checks that `game`'s position reads back as the same game, from its full text, from that
/// text with comment lines (`#`) and blank lines between its lines (a reader skips them),
/// and from its one-line form, and that every form writes the same position (no line of it
/// ending in a space).
///
/// Panics naming `at`, the text and the difference.
pub fn check_position_read_back<G: mesopotamia_core::cases::CaseGame>(game: &G, at: &str) {
    use mesopotamia_core::setup::Setup;
    let position = G::Position::from_game(game);
    let text = position.to_string();
    let line = position.to_one_line();
    assert!(
        !line.contains('\n') && mesopotamia_core::setup::one_line::is_one_line(&line),
        "{at}: the one-line form has several lines\n{line}"
    );
    // No line ends in a space: a reader who copies a position by hand keeps what he sees.
    if let Some(bad) = text.lines().find(|l| l.ends_with(' ')) {
        panic!("{at}: a line of the position ends in a space: `{bad}`\n{text}");
    }
    let annotated = format!(
        "# {at}\n\n{}\n# the end\n",
        text.lines().collect::<Vec<_>>().join("\n\n# a note\n")
    );
    for form in [&text, &annotated, &line] {
        let read: G::Position = form
            .parse()
            .unwrap_or_else(|e| panic!("{at}: the position does not parse: {e}\n{form}"));
        assert_eq!(
            read.to_string(),
            text,
            "{at}: read back as another position\n{form}"
        );
        match read.into_game() {
            Ok(back) => assert_eq!(&back, game, "{at}: read back as another game\n{form}"),
            Err(v) => panic!(
                "{at}: the position is refused: {}\n{form}",
                mesopotamia_core::setup::violations_message(&v)
            ),
        }
    }
}

/// Checks that every seat's redraw of what it cannot see ([`Game::resample_hidden`]) is a
/// position the game's validation accepts: the hidden pieces are dealt again from the pieces
/// the seat cannot see, none made and none lost as far as the validation counts them. And
/// one the game could have reached: read back, it stays as it is, so that no decision
/// pending in it is one the redrawn hands would have forced (a seat asked for its support
/// holds what gives it a choice).
///
/// Panics naming `at`, the seat and the violations or the state's difference.
pub fn check_redrawn_positions<G: mesopotamia_core::cases::CaseGame, R: Rng>(
    game: &G,
    at: &str,
    rng: &mut R,
) {
    use mesopotamia_core::setup::Setup;
    for seat in Seat::all(game.seat_count()) {
        let redrawn = game.resample_hidden(seat, rng);
        let position = G::Position::from_game(&redrawn);
        let text = position.to_string();
        match position.into_game() {
            Ok(back) => assert!(
                back == redrawn,
                "{at}: seat {seat}'s redraw is a state the game never makes: read back, it \
                 moves on (a decision the redrawn hands would force)\n{text}"
            ),
            Err(v) => panic!(
                "{at}: seat {seat}'s redraw is refused: {}\n{text}",
                mesopotamia_core::setup::violations_message(&v)
            ),
        }
    }
}
