//! Starts Tigris & Euphrates from a position written as text, lists the legal actions,
//! applies one by its notation and prints what happened and the new position; then shows
//! the errors for an illegal action and for a malformed position.
//!
//! Run with `cargo run --example from_position`.

use mesopotamia::core::Game;
use mesopotamia::tigris::{Action, Position};

/// Two players; seat 0's king stands by the temple G5, next to a settlement on H5.
const POSITION: &str = "\
tigris players 2 board classic variant standard
    A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P
 1  .  .  .  .  ~  ~  ~  ~  ~  .  r* .  ~  .  .  .
 2  .  r* .  .  ~  .  .  .  .  .  .  .  ~  .  .  r*
 3  .  .  .  ~  ~  r* .  .  .  .  .  .  ~  ~  .  .
 4  ~  ~  ~  ~  .  .  .  .  .  .  .  .  .  ~  ~  ~
 5  .  .  .  .  .  0K r  k  .  .  .  .  .  r* ~  ~
 6  .  .  .  .  .  .  .  .  .  .  .  .  .  .  ~  .
 7  ~  ~  ~  ~  .  .  .  .  r* .  .  .  ~  ~  ~  .
 8  .  r* .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
 9  .  .  .  .  .  .  ~  ~  ~  ~  ~  ~  ~  .  r* .
10  .  .  .  .  .  r* .  .  .  .  .  .  .  .  .  .
11  .  .  .  .  .  .  .  .  .  .  r* .  .  .  .  .
seat 0 hand 2 1 2 1 vp 0 0 0 0 treasures 0 catastrophes 2 discarded 0 0 0 0
seat 1 hand 2 1 2 1 vp 0 0 0 0 treasures 0 catastrophes 2 discarded 0 0 0 0
removed 0 0 0 0
turn 0 active 0 actions 2
";

fn main() {
    // Parsing gives plain data; `into_game` validates it into a playable game.
    let position: Position = POSITION.parse().expect("the text is a position");
    let mut game = position.into_game().expect("the position is legal");

    let legal = game.legal_action_vec();
    println!("{} legal actions; the first ten:", legal.len());
    for action in legal.iter().take(10) {
        println!("  {action}");
    }

    // A settlement on I5 joins the king's kingdom: the king's owner scores 1 black VP.
    let action: Action = "tile black I5".parse().expect("notation");
    let mut events = Vec::new();
    game.apply_with_events(action, &mut events)
        .expect("a legal action");
    for event in &events {
        println!("event: {event}");
    }
    print!("{}", Position::from_game(&game));

    // An illegal action is an error, and the game is left as it was.
    let before = game.clone();
    let err = game
        .apply("catastrophe K1".parse().expect("notation"))
        .unwrap_err();
    println!("refused: {err}");
    assert_eq!(game, before);

    // A malformed position names the line; an illegal one lists every violation.
    let err = POSITION
        .replace(" 5  .", " 5  ?")
        .parse::<Position>()
        .unwrap_err();
    println!("malformed: {err}");
    let illegal = POSITION.replace("0K r  k", "0K .  k");
    let violations = illegal
        .parse::<Position>()
        .expect("well formed")
        .into_game()
        .unwrap_err();
    for v in violations {
        println!("illegal: {v}");
    }
}
