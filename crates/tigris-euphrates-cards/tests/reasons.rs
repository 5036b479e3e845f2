//! Why an action of the action phase is illegal, as a front end tells the player: each reason
//! in a position built for it. Seat 0 is to act, holding no blue card and no catastrophe;
//! column 1 is full; seat 0's trader stands on column 1, in one kingdom with column 2 through
//! a green link card; seat 1's king stands on column 2.

use mesopotamia_core::Colour;
use tigris_euphrates_cards::{Action, Cards, Position, Reason};

const POSITION: &str = "\
cards players 2 piles closed
     1      2      3      4      5      6      7      8
0    T      T      T      T      T      T      T      T
1    r@0T   b      .      .      .      .      .      .
2    k      r@1K   .      .      .      .      .      .
3    b      .      .      .      .      .      .      .
4    g      .      .      .      .      .      .      .
5    r      .      .      .      .      .      .      .
6    r      .      .      .      .      .      .      .
7    r      .      .      .      .      .      .      .
8    r      .      .      .      .      .      .      .
links g . . . . . .
seat 0 hand 1 0 2 3 catastrophe no pile
seat 1 hand 3 2 2 1 catastrophe yes pile
discarded 0
boats blue-red blue-green blue-black
turn 3 active 0 actions 2
";

fn build(catastrophe_left: bool) -> Cards {
    let text = if catastrophe_left {
        POSITION.replace("catastrophe no", "catastrophe yes")
    } else {
        POSITION.to_owned()
    };
    text.parse::<Position>().unwrap().into_game().unwrap()
}

fn reason(game: &Cards, action: &str) -> Option<Reason> {
    game.why_illegal(action.parse::<Action>().unwrap())
}

#[test]
fn each_illegal_action_of_the_action_phase_gets_its_reason() {
    let game = build(false);
    // Leaders: a place another leader holds, or no card to stand on; a move within the
    // leader's own kingdom (C4); from supply onto a free card, legal.
    assert_eq!(
        reason(&game, "leader trader 2/2"),
        Some(Reason::LeaderPlace)
    );
    assert_eq!(
        reason(&game, "leader trader 1/3"),
        Some(Reason::SameKingdom)
    );
    assert_eq!(
        reason(&game, "leader trader 3/1"),
        Some(Reason::LeaderPlace)
    );
    assert_eq!(reason(&game, "leader priest 1/3"), None);
    // Cards in a column: none of that colour in hand; a full column.
    assert_eq!(
        reason(&game, "play blue 3"),
        Some(Reason::NotInHand(Colour::Blue))
    );
    assert_eq!(reason(&game, "play red 1"), Some(Reason::ColumnFull));
    assert_eq!(reason(&game, "play red 3"), None);
    // Link cards: none of that colour in hand; a slot taken; a slot beside an empty column.
    assert_eq!(
        reason(&game, "play blue 2-3"),
        Some(Reason::NotInHand(Colour::Blue))
    );
    assert_eq!(reason(&game, "play red 1-2"), Some(Reason::LinkTaken));
    assert_eq!(reason(&game, "play red 2-3"), Some(Reason::LinkTooEarly));
    // Catastrophes: none left; with one left, a place it cannot go.
    assert_eq!(
        reason(&game, "catastrophe 3/1"),
        Some(Reason::NoCatastrophe)
    );
    let with_catastrophe = build(true);
    assert_eq!(
        reason(&with_catastrophe, "catastrophe 1/1"),
        Some(Reason::CatastropheTarget)
    );
}
