//! Writes the fuzz targets' seeds (`seeds/TARGET/`) and dictionaries (`dicts/TARGET.dict`)
//! from seeded games and the rule examples, through the same input format as the targets
//! (`mesopotamia_fuzz::input`), so that they can be remade whenever it changes:
//!
//! ```sh
//! cd fuzz && cargo run --release --example make_seeds
//! ```
//!
//! The folders of the `*_game`, `*_state` and `records` targets are emptied and written
//! anew; in the folders of the position targets only the files named `gen-*` are (the
//! others were written by hand). Every game input written is played once, with all its
//! checks, before it is kept.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::{GameRecord, Seat, Step, ToMove};
use mesopotamia_fuzz::input::{self, Op};
use mesopotamia_fuzz::waypoints;
use mesopotamia_fuzz::{FuzzGame, SplitMix64, run_game, run_state};
use serde::Serialize;
use sumeria::Sumeria;
use tigris_euphrates::Tigris;
use tigris_euphrates_cards::Cards;

/// Start bytes of the configurations the seeds play (see each game's `config_of`), with a
/// name for the files.
const TIGRIS_CONFIGS: &[(u8, &str)] = &[
    (0, "2p"),
    (5, "4p-english"),
    (7, "3p-alternative"),
    (38, "4p-buildings-ziggurat"),
    (46, "3p-all-options"),
    (57, "2p-limit5"),
];
const CARDS_CONFIGS: &[(u8, &str)] = &[
    (0, "2p"),
    (1, "3p"),
    (5, "4p-open"),
    (6, "2p-limit1"),
    (28, "3p-open-limit4"),
];
const SUMERIA_CONFIGS: &[(u8, &str)] = &[(0, "3p"), (1, "4p")];

/// Seeds of the games.
const SEEDS: &[u64] = &[1, 0x5EED];

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut words = Words::default();
    game::<Tigris>(&root, "tigris", TIGRIS_CONFIGS, &mut words);
    game::<Cards>(&root, "cards", CARDS_CONFIGS, &mut words);
    game::<Sumeria>(&root, "sumeria", SUMERIA_CONFIGS, &mut words);
    records(&root, &mut words);
    let board = sumeria::Board::reconstructed();
    let mut board_words = BTreeSet::new();
    add_words(&mut board_words, board.source());
    let dicts = [
        ("tigris_action", words.tigris_actions.clone()),
        ("tigris_position", words.positions["tigris"].clone()),
        ("cards_position", words.positions["cards"].clone()),
        ("sumeria_board", board_words),
        (
            "tigris_state",
            union(&words.positions["tigris"], &words.json["tigris"]),
        ),
        (
            "cards_state",
            union(&words.positions["cards"], &words.json["cards"]),
        ),
        (
            "sumeria_state",
            union(&words.positions["sumeria"], &words.json["sumeria"]),
        ),
        ("records", union(&words.records, &words.actions)),
    ];
    let dir = root.join("dicts");
    fs::create_dir_all(&dir).expect("dicts/");
    for (target, tokens) in dicts {
        let mut text = format!(
            "# {target}: the tokens of the texts it parses, written by `cargo run --example \
             make_seeds`.\n"
        );
        for t in &tokens {
            text.push_str(&dict_entry(t));
            text.push('\n');
        }
        fs::write(dir.join(format!("{target}.dict")), text).expect("a dictionary");
        println!("dicts/{target}.dict: {} tokens", tokens.len());
    }
}

/// Tokens for the dictionaries, by game.
#[derive(Default)]
struct Words {
    /// Words of position texts.
    positions: std::collections::BTreeMap<&'static str, BTreeSet<String>>,
    /// JSON strings (with their quotes) of states, views and public parts.
    json: std::collections::BTreeMap<&'static str, BTreeSet<String>>,
    /// Words of every action and chance outcome of every game.
    actions: BTreeSet<String>,
    /// Words of Tigris & Euphrates' actions and draws.
    tigris_actions: BTreeSet<String>,
    /// JSON strings of records.
    records: BTreeSet<String>,
}

fn union(a: &BTreeSet<String>, b: &BTreeSet<String>) -> BTreeSet<String> {
    a.union(b).cloned().collect()
}

/// A seed folder, emptied (of every file, or of the `gen-*` ones) when opened.
struct Folder {
    dir: PathBuf,
    files: usize,
}

impl Folder {
    fn open(root: &Path, target: &str, generated_only: bool) -> Folder {
        let dir = root.join("seeds").join(target);
        fs::create_dir_all(&dir).expect("a seed folder");
        for entry in fs::read_dir(&dir).expect("a seed folder") {
            let path = entry.expect("an entry").path();
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            if !generated_only || name.starts_with("gen-") {
                fs::remove_file(&path).expect("an old seed");
            }
        }
        Folder { dir, files: 0 }
    }

    fn write(&mut self, name: &str, bytes: &[u8]) {
        let name: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        fs::write(self.dir.join(name), bytes).expect("a seed");
        self.files += 1;
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        println!("{}: {} files", self.dir.display(), self.files);
    }
}

fn header(start: u8, point: u8, seed: u64) -> Vec<u8> {
    let mut out = vec![start, point];
    out.extend(seed.to_le_bytes());
    out
}

/// A game input, played once (with its checks) before it is written.
fn keep_game<G: FuzzGame>(folder: &mut Folder, name: &str, bytes: Vec<u8>) {
    let played = run_game::<G>(&bytes);
    println!(
        "  {name}: {} steps, {} {}{}",
        played.steps,
        G::DEPTH,
        played.depth,
        if played.over { ", over" } else { "" }
    );
    folder.write(name, &bytes);
}

/// Skip bytes: `steps` random steps checked at every level.
const CHECKED: u8 = 0xC0;
/// Skip bytes: `steps` random steps with a probe each.
const PROBED: u8 = 0x40;

fn game<G: FuzzGame>(root: &Path, name: &'static str, configs: &[(u8, &str)], words: &mut Words) {
    let mut games = Folder::open(root, &format!("{name}_game"), false);
    let mut states = Folder::open(root, &format!("{name}_state"), false);
    let mut positions =
        (name != "sumeria").then(|| Folder::open(root, &format!("{name}_position"), true));
    let mut position_set = BTreeSet::new();
    let mut json_set = BTreeSet::new();
    for &(config, label) in configs {
        for (n, &seed) in SEEDS.iter().enumerate() {
            // Reference games 0 and 5, say, of each configuration.
            let g = (n as u8 * 5) << 4;
            let stem = format!("{label}-game{}", g >> 4);
            // The opening, with a chosen action, a probe and a raw index.
            let mut bytes = header(config, g | 1, seed);
            bytes.extend([
                CHECKED | 10,
                0x70,
                PROBED | 2,
                Op::PROBE,
                3,
                Op::RAW,
                0x34,
                0x12,
            ]);
            keep_game::<G>(&mut games, &format!("{stem}-opening"), bytes);
            // The middle: the whole action space against the legal list, then steered steps.
            let mut bytes = header(config, g | 7, seed);
            bytes.extend([0, Op::WHOLE_SPACE, CHECKED | 5, 0x10, PROBED | 1, Op::PROBE]);
            bytes.extend([0, Op::CHECK]);
            keep_game::<G>(&mut games, &format!("{stem}-middle"), bytes);
            // Late: the last eighth.
            let mut bytes = header(config, g | 13, seed);
            bytes.extend([CHECKED | 10, Op::CHECK, 1, 0xD0, 0, Op::PROBE]);
            keep_game::<G>(&mut games, &format!("{stem}-late"), bytes);
            // Just before the end, played to it; and the end itself.
            let mut bytes = header(config, g | 14, seed);
            bytes.extend([CHECKED | 63, Op::CHECK, CHECKED | 63, Op::CHECK]);
            keep_game::<G>(&mut games, &format!("{stem}-last-steps"), bytes);
            keep_game::<G>(
                &mut games,
                &format!("{stem}-end"),
                header(config, g | 15, seed),
            );

            for (point, when) in [(7, "middle"), (13, "late"), (15, "end")] {
                let (game, _) = waypoints::get::<G>(config, g | point);
                let position = game.position();
                add_words(&mut position_set, &position);
                add_json_words::<G>(&mut json_set, game);
                if let Some(p) = &mut positions {
                    p.write(&format!("gen-{stem}-{when}.txt"), position.as_bytes());
                }
                if n == 0 {
                    state_seeds::<G>(
                        &mut states,
                        &format!("{label}-{when}"),
                        [config, g | point],
                        seed,
                        game,
                    );
                }
            }
        }
    }
    // The rule examples' positions, before and after their scripts.
    for (i, (id, game)) in G::case_starts().iter().enumerate().take(128) {
        let start = 0x80 | i as u8;
        let seed = i as u64 + 1;
        let mut bytes = header(start, 0, seed);
        bytes.extend([
            0,
            0x00,
            PROBED,
            Op::PROBE,
            CHECKED | 4,
            0x70,
            8,
            Op::CHECK,
            0,
            0xDF,
        ]);
        keep_game::<G>(&mut games, &format!("case-{id}"), bytes);
        if i % 3 == 0 {
            // From the middle of a reference game played on from the case's position.
            let mut bytes = header(start, ((i as u8 % 16) << 4) | 8, seed);
            bytes.extend([CHECKED | 3, Op::CHECK]);
            keep_game::<G>(&mut games, &format!("case-{id}-played-on"), bytes);
        }
        add_words(&mut position_set, &game.position());
        add_json_words::<G>(&mut json_set, game);
        {
            // Every case's position tampered with (one mutation, in turn), and as it is.
            let mutations = [[0, 0xA0, 7], [1, 0x60, 4], [2, 0x30, 0x90], [6, 0x40, 0x80]];
            let mut bytes = vec![1];
            bytes.extend(header(start, 0, seed));
            bytes.push(0);
            bytes.extend(mutations[i % mutations.len()]);
            check_state::<G>(&bytes);
            states.write(&format!("case-{id}-tampered"), &bytes);
            let mut bytes = vec![0];
            bytes.extend(serde_json::to_vec(game).expect("a state serializes"));
            check_state::<G>(&bytes);
            states.write(&format!("case-{id}-state.json"), &bytes);
        }
    }
    if G::case_starts().len() > 128 {
        println!(
            "  only the first 128 of {} case starts are reachable",
            G::case_starts().len()
        );
    }
    words.positions.insert(name, position_set);
    words.json.insert(name, json_set);
    // Every action's and outcome's words (the action space is the same for every start).
    let game = input::start::<G>(0);
    let mut action_words = BTreeSet::new();
    for index in 0..game.action_space_size() {
        if let Some(a) = game.action_from_index(index) {
            add_words(&mut action_words, &a.to_string());
        }
    }
    let mut driver_game = game.clone();
    let mut outcomes = Vec::new();
    let mut rng = SplitMix64::new(7);
    for _ in 0..400 {
        match driver_game.to_move() {
            ToMove::Terminal => break,
            ToMove::Chance => {
                driver_game.chance_outcomes(&mut outcomes);
                for (o, _) in &outcomes {
                    add_words(&mut action_words, &o.to_string());
                }
                let o = sample_weighted(&mut rng, &outcomes).expect("an outcome");
                driver_game.apply_chance(o).expect("a listed outcome");
            }
            ToMove::Seat(_) => {
                let legal = driver_game.legal_action_vec();
                let a = legal[uniform_below(&mut rng, legal.len() as u32) as usize];
                driver_game.apply(a).expect("a listed action");
            }
        }
    }
    if name == "tigris" {
        words.tigris_actions = action_words.clone();
    }
    words.actions.extend(action_words);
}

fn check_state<G: FuzzGame>(bytes: &[u8]) {
    run_state::<G>(bytes);
}

/// The `*_state` seeds of one saved game: tampered several ways, and its JSON as it is.
fn state_seeds<G: FuzzGame>(
    folder: &mut Folder,
    stem: &str,
    [start, point]: [u8; 2],
    seed: u64,
    game: &G,
) {
    let seats = game.seat_count() as u8;
    let public = seats + 1;
    // (name, mutations): which text is the high 5 bits of the first byte (0 the state,
    // then each seat's view, then the public part), the op its low 3 bits.
    let tampers: [(&str, Vec<u8>); 6] = [
        ("digit", vec![0, 0x80, 7]),
        ("extreme-in-view", vec![(1 << 3) | 1, 0x40, 4]),
        ("words-swapped", vec![2, 0x20, 0x90]),
        ("lines-swapped", vec![6, 0x30, 0x70]),
        ("public-word-copied", vec![(public << 3) | 3, 0x50, 0x10]),
        ("two-edits", vec![1, 0x10, 1, 5, 0xC0, 0]),
    ];
    for (name, mutations) in tampers {
        let mut bytes = vec![1];
        bytes.extend(header(start, point, seed));
        bytes.push(0);
        bytes.extend(mutations);
        check_state::<G>(&bytes);
        folder.write(&format!("{stem}-{name}"), &bytes);
    }
    let mut raw = |name: &str, json: Vec<u8>| {
        let mut bytes = vec![0];
        bytes.extend(json);
        check_state::<G>(&bytes);
        folder.write(&format!("{stem}-{name}.json"), &bytes);
    };
    raw(
        "state",
        serde_json::to_vec(game).expect("a state serializes"),
    );
    raw(
        "view",
        serde_json::to_vec(&game.view(Seat::all(1).next().expect("seat 0"))).expect("a view"),
    );
    raw(
        "public",
        serde_json::to_vec(game.public_part()).expect("a public part"),
    );
}

/// Records of seeded games.
fn records(root: &Path, words: &mut Words) {
    let mut folder = Folder::open(root, "records", false);
    // Openings, and whole games kept short by turn limits.
    let records: [(u8, &str, usize); 2] =
        [(0, "2p-opening", 40), (57, "2p-limit5-whole", usize::MAX)];
    record::<Tigris>(&mut folder, 0, "tigris", &records, words);
    let records: [(u8, &str, usize); 2] =
        [(1, "3p-opening", 40), (6, "2p-limit1-whole", usize::MAX)];
    record::<Cards>(&mut folder, 1, "cards", &records, words);
    let records: [(u8, &str, usize); 2] = [(1, "4p-opening", 40), (0, "3p-whole", usize::MAX)];
    record::<Sumeria>(&mut folder, 2, "sumeria", &records, words);
}

fn record<G: FuzzGame>(
    folder: &mut Folder,
    selector: u8,
    name: &str,
    records: &[(u8, &str, usize)],
    words: &mut Words,
) where
    G::Config: Serialize,
{
    for &(config, label, steps) in records {
        {
            let config = G::config_of(config);
            let mut game = G::new(&config).expect("a valid configuration");
            let mut record = GameRecord::<G>::new(config).with_seed(3);
            let mut rng = SplitMix64::new(3);
            let mut outcomes = Vec::new();
            while record.steps.len() < steps {
                match game.to_move() {
                    ToMove::Terminal => break,
                    ToMove::Chance => {
                        game.chance_outcomes(&mut outcomes);
                        let o = sample_weighted(&mut rng, &outcomes).expect("an outcome");
                        game.apply_chance(o).expect("a listed outcome");
                        record.steps.push(Step::Chance(o));
                    }
                    ToMove::Seat(seat) => {
                        let legal = game.legal_action_vec();
                        let a = legal[uniform_below(&mut rng, legal.len() as u32) as usize];
                        game.apply(a).expect("a listed action");
                        record.steps.push(Step::Action(seat, a));
                    }
                }
            }
            record.end = game.end_reason();
            let json = serde_json::to_string(&record).expect("a record serializes");
            add_json_strings(&mut words.records, &json);
            let mut bytes = vec![selector];
            bytes.extend(json.bytes());
            folder.write(&format!("gen-{name}-{label}.json"), &bytes);
        }
    }
}

/// The words of a text (split at whitespace), numbers of up to 2 digits included.
fn add_words(set: &mut BTreeSet<String>, text: &str) {
    for w in text.split_whitespace() {
        let number = w.bytes().all(|b| b.is_ascii_digit());
        if w.len() <= 40 && !(number && w.len() > 2) {
            set.insert(w.to_owned());
        }
    }
}

/// The JSON strings (with their quotes) of a state's, its views' and its public part's
/// JSON, and the words of the texts inside them.
fn add_json_words<G: FuzzGame>(set: &mut BTreeSet<String>, game: &G) {
    add_json_strings(
        set,
        &serde_json::to_string(game).expect("a state serializes"),
    );
    add_json_strings(
        set,
        &serde_json::to_string(game.public_part()).expect("a public part"),
    );
    for seat in Seat::all(game.seat_count()) {
        add_json_strings(
            set,
            &serde_json::to_string(&game.view(seat)).expect("a view"),
        );
    }
}

/// The short string literals of a JSON text, quotes included, and the words of the long
/// ones.
fn add_json_strings(set: &mut BTreeSet<String>, json: &str) {
    let value: serde_json::Value = serde_json::from_str(json).expect("JSON we wrote");
    fn walk(set: &mut BTreeSet<String>, v: &serde_json::Value) {
        match v {
            serde_json::Value::String(s) if s.len() <= 40 => {
                set.insert(format!("\"{s}\""));
            }
            serde_json::Value::String(s) => add_words(set, s),
            serde_json::Value::Array(items) => items.iter().for_each(|i| walk(set, i)),
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    set.insert(format!("\"{k}\":"));
                    walk(set, v);
                }
            }
            _ => {}
        }
    }
    walk(set, &value);
}

/// A libFuzzer dictionary line: the token quoted, `"` and `\` escaped, bytes outside
/// printable ASCII as `\xNN`.
fn dict_entry(token: &str) -> String {
    let mut out = String::from("\"");
    for b in token.bytes() {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7E => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02X}")),
        }
    }
    out.push('"');
    out
}
