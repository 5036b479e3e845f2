//! `cargo xtask web [--serve] [--port N] [--no-wasm]`: the static site in `target/web/`.
//!
//! The site is `web/` (pages, scripts, style; not its tests), the WebAssembly package that
//! `cargo xtask wasm` builds (copied into `pkg/`), and the rules pages turned into HTML from
//! the same Markdown as `docs/` (one source: the pages are generated, never committed). Each
//! rule example of a game's page (a `### ID` section with its picture from `docs/examples/`)
//! becomes a `<section class="rule-example">` that `js/rulebook.js` hydrates with the package.
//! Its picture (the docs' one, before and after side by side) becomes a figure of its own
//! pictures, each scenario's before and after apart (`examples/ID/N-before.svg`), which sit
//! side by side where both fit at their size and one above the other where not (a phone, and
//! a desktop too for the wider boards), so that their labels keep their size.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// The rules pages: Markdown source in `docs/`, the game whose examples they show: the shared
/// rules, then each game's page, from the games' descriptions.
fn pages() -> Vec<(&'static str, Option<&'static str>)> {
    std::iter::once(("rules", None))
        .chain(
            mesopotamia::games::all()
                .iter()
                .map(|g| (g.rules, Some(g.name))),
        )
        .collect()
}

/// Builds the site, and serves it when asked.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut serve = false;
    let mut build_wasm = true;
    let mut port: u16 = 8000;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--serve" => serve = true,
            "--no-wasm" => build_wasm = false,
            "--port" => {
                port = args
                    .next()
                    .and_then(|p| p.parse().ok())
                    .ok_or("--port takes a port number")?;
            }
            other => {
                return Err(format!(
                    "unknown argument `{other}`\nusage: cargo xtask web [--serve] [--port N] [--no-wasm]"
                ));
            }
        }
    }
    let root = workspace_root();
    let target = target_dir(&root);
    if build_wasm {
        // The same xtask binary builds the package (`cargo xtask wasm`).
        let exe = std::env::current_exe().map_err(|e| format!("cannot find xtask itself: {e}"))?;
        let status = Command::new(exe)
            .arg("wasm")
            .status()
            .map_err(|e| format!("cannot run `xtask wasm`: {e}"))?;
        if !status.success() {
            return Err("`cargo xtask wasm` failed".into());
        }
    }
    let package = target.join("wasm").join("web");
    if !package.join("mesopotamia_wasm.js").is_file() {
        return Err(format!(
            "no WebAssembly package in {}: run `cargo xtask wasm` (or drop --no-wasm)",
            package.display()
        ));
    }
    let site = target.join("web");
    build(&root, &package, &site)?;
    println!("site built in {}", site.display());
    if serve {
        serve_site(&site, port)?;
    }
    Ok(())
}

/// The workspace's root: the parent of this crate's folder.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Cargo's target folder (`CARGO_TARGET_DIR` when set, as cargo itself reads it).
fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

/// Writes the whole site into `site` (emptied first, so no stale page survives).
fn build(root: &Path, package: &Path, site: &Path) -> Result<(), String> {
    if site.exists() {
        fs::remove_dir_all(site).map_err(|e| io_error("remove", site, e))?;
    }
    copy_dir(&root.join("web"), site, &|name| {
        name != "tests" && name != "__pycache__"
    })?;
    // The hand-written pages take the games' navigation and list from the descriptions.
    for entry in fs::read_dir(site).map_err(|e| io_error("list", site, e))? {
        let path = entry.map_err(|e| io_error("list", site, e))?.path();
        if path.extension().is_some_and(|e| e == "html") {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let html = fs::read_to_string(&path).map_err(|e| io_error("read", &path, e))?;
            fs::write(&path, fill_page(&name, &html)).map_err(|e| io_error("write", &path, e))?;
        }
    }
    copy_dir(package, &site.join("pkg"), &|_| true)?;
    copy_dir(
        &root.join("docs").join("examples"),
        &site.join("examples"),
        &|_| true,
    )?;
    let examples = example_ids(&root.join("docs").join("examples"))?;
    for (page, game) in pages() {
        let source = root.join("docs").join(format!("{page}.md"));
        let markdown = fs::read_to_string(&source).map_err(|e| io_error("read", &source, e))?;
        let figures = match game {
            Some(game) => example_figures(game, &site.join("examples"))?,
            None => HashMap::new(),
        };
        let html = rules_page(&markdown, game, &examples, &figures);
        let out = site.join(format!("{page}.html"));
        fs::write(&out, html).map_err(|e| io_error("write", &out, e))?;
    }
    Ok(())
}

/// Writes each rule example of `game` as its scenarios' pictures, before and after apart
/// (`DIR/ID/N-before.svg`, `DIR/ID/N-after.svg`), and returns each example's figure, by
/// identifier, for its rules page.
fn example_figures(game: &str, dir: &Path) -> Result<HashMap<String, String>, String> {
    let mut figures = HashMap::new();
    let list = mesopotamia::examples::list(game).map_err(|e| e.to_string())?;
    for example in list {
        let id = example.id;
        let panels = mesopotamia::examples::panels(game, id).map_err(|e| format!("{id}: {e}"))?;
        let folder = dir.join(id);
        fs::create_dir_all(&folder).map_err(|e| io_error("create", &folder, e))?;
        for (n, panel) in panels.iter().enumerate() {
            for (side, svg) in [("before", &panel.before), ("after", &panel.after)] {
                let path = folder.join(format!("{}-{side}.svg", n + 1));
                fs::write(&path, svg).map_err(|e| io_error("write", &path, e))?;
            }
        }
        let scenarios: Vec<Scenario> = panels
            .iter()
            .map(|p| Scenario {
                before: svg_size(&p.before),
                after: svg_size(&p.after),
                steps: p.steps.clone(),
            })
            .collect();
        figures.insert(id.to_owned(), figure(id, &scenarios));
    }
    Ok(figures)
}

/// What a rule example's figure shows of one scenario: its pictures' sizes and its steps.
struct Scenario {
    before: (u32, u32),
    after: (u32, u32),
    steps: Vec<String>,
}

/// An SVG document's `width` and `height` (its first ones: the root element's), rounded up.
fn svg_size(svg: &str) -> (u32, u32) {
    let attribute = |name: &str| -> u32 {
        svg.split_once(&format!(" {name}=\""))
            .and_then(|(_, rest)| rest.split('"').next())
            .and_then(|n| n.parse::<f64>().ok())
            .map_or(0, |n| n.ceil() as u32)
    };
    (attribute("width"), attribute("height"))
}

/// The figure of a rule example: for each scenario its picture before and after (each a
/// link to itself at full size) and its steps, then what the rings mean and a link to the
/// docs' picture.
fn figure(id: &str, scenarios: &[Scenario]) -> String {
    let mut html = format!(
        "<figure class=\"before-after\" aria-label=\"{id}: the position before and after\">\n"
    );
    let several = scenarios.len() > 1;
    for (n, scenario) in scenarios.iter().enumerate() {
        let number = n + 1;
        let label = if several {
            format!("scenario {number}, ")
        } else {
            String::new()
        };
        html.push_str("<div class=\"scenario\">\n");
        if several {
            html.push_str(&format!(
                "<p class=\"scenario-label\">Scenario {number}</p>\n"
            ));
        }
        html.push_str("<div class=\"panels\">\n");
        for (side, (w, h), words) in [
            ("before", scenario.before, "Before"),
            ("after", scenario.after, "After"),
        ] {
            let src = format!("examples/{id}/{number}-{side}.svg");
            html.push_str(&format!(
                "<figure class=\"side\"><figcaption>{words}</figcaption><a href=\"{src}\"><img src=\"{src}\" width=\"{w}\" height=\"{h}\" alt=\"{id}, {label}the position {side} the steps\" loading=\"lazy\"></a></figure>\n"
            ));
        }
        html.push_str("</div>\n");
        let steps = if scenario.steps.is_empty() {
            "no step".to_owned()
        } else {
            scenario
                .steps
                .iter()
                .map(|s| format!("<code>{}</code>", html_text(s)))
                .collect::<Vec<_>>()
                .join("; ")
        };
        html.push_str(&format!("<p class=\"steps\">Steps: {steps}.</p>\n</div>\n"));
    }
    html.push_str(&format!(
        "<figcaption class=\"rings\">A solid orange ring marks where a piece was placed, moved or changed; a dashed red ring, where one left (or was turned over). <a href=\"examples/{id}.svg\">Before and after side by side</a>.</figcaption>\n</figure>\n"
    ));
    html
}

/// The rule examples that have a picture (`docs/examples/ID.svg`): the `### ID` sections.
fn example_ids(dir: &Path) -> Result<Vec<String>, String> {
    let entries = fs::read_dir(dir).map_err(|e| io_error("list", dir, e))?;
    let mut ids = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| io_error("list", dir, e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(id) = name.strip_suffix(".svg") {
            ids.push(id.to_owned());
        }
    }
    ids.sort();
    Ok(ids)
}

/// One rules page: the Markdown rendered, links to the other rules pages kept (`.md` becomes
/// `.html`), links out of the site (source files of the repository) left as their text,
/// each example's section marked for the page's script, and each example's picture (a
/// paragraph of its image alone) replaced by its figure from `figures`, by identifier.
fn rules_page(
    markdown: &str,
    game: Option<&str>,
    examples: &[String],
    figures: &HashMap<String, String>,
) -> String {
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_FOOTNOTES;
    let events: Vec<Event<'_>> = Parser::new_ext(markdown, options).collect();
    let title = first_heading(&events).unwrap_or_else(|| "Rules".into());
    let mut out: Vec<Event<'_>> = Vec::with_capacity(events.len());
    // For each open link: whether it was kept (its end is then written too).
    let mut links: Vec<bool> = Vec::new();
    let mut in_example = false;
    let mut i = 0;
    while i < events.len() {
        let event = events[i].clone();
        match event {
            Event::Start(Tag::Heading { level, .. }) if level <= HeadingLevel::H3 => {
                if in_example {
                    out.push(Event::Html("</section>\n".into()));
                    in_example = false;
                }
                let example = match (&events.get(i + 1), &events.get(i + 2), game) {
                    (Some(Event::Text(text)), Some(Event::End(TagEnd::Heading(_))), Some(game))
                        if level == HeadingLevel::H3 && examples.iter().any(|id| id == &**text) =>
                    {
                        Some((text.to_string(), game))
                    }
                    _ => None,
                };
                if let Some((id, game)) = example {
                    out.push(Event::Html(
                        format!(
                            "<section class=\"rule-example\" id=\"{id}\" data-game=\"{game}\" data-example=\"{id}\">\n"
                        )
                        .into(),
                    ));
                    in_example = true;
                }
                out.push(events[i].clone());
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => match example_link(&dest_url, game, examples).or_else(|| site_link(&dest_url)) {
                Some(url) => {
                    links.push(true);
                    out.push(Event::Start(Tag::Link {
                        link_type,
                        dest_url: url,
                        title,
                        id,
                    }));
                }
                None => links.push(false),
            },
            Event::End(TagEnd::Link) => {
                if links.pop().unwrap_or(false) {
                    out.push(event);
                }
            }
            Event::Start(Tag::Paragraph) => match picture_paragraph(&events[i..], figures) {
                Some((figure, length)) => {
                    out.push(Event::Html(figure.clone().into()));
                    i += length;
                    continue;
                }
                None => out.push(event),
            },
            _ => out.push(event),
        }
        i += 1;
    }
    if in_example {
        out.push(Event::Html("</section>\n".into()));
    }
    let mut body = String::with_capacity(markdown.len() * 2);
    pulldown_cmark::html::push_html(&mut body, out.into_iter());
    // Code blocks and tables scroll sideways on a narrow screen: they take the keyboard's
    // focus, so that arrow keys scroll them (the text inside is escaped: no tag is touched).
    let body = body
        .replace("<pre>", "<pre tabindex=\"0\">")
        .replace("<table>", "<table tabindex=\"0\">");
    let game_attr = game
        .map(|g| format!(" data-game=\"{g}\""))
        .unwrap_or_default();
    let title = escape(&title);
    format!(
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · mesopotamia</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="css/site.css">
<script type="module" src="js/rulebook.js"></script>
</head>
<body class="rulebook"{game_attr}>
{nav}
<main id="main">
{body}</main>
</body>
</html>
"#,
        nav = nav(None),
    )
}

/// The site's navigation, the same on every page (the generated ones, and `web/*.html` where
/// they write `<!-- site-nav -->`): a link to each game's rules page, from the games'
/// descriptions; `current` is the page shown (`index.html`), marked for assistive technology.
fn nav(current: Option<&str>) -> String {
    let link = |href: &str, text: &str| {
        let here = if current == Some(href) {
            " aria-current=\"page\""
        } else {
            ""
        };
        format!("<a href=\"{href}\"{here}>{}</a>\n", html_text(text))
    };
    let mut nav = String::from("<header class=\"site\"><nav aria-label=\"site\">\n");
    nav.push_str(&link("index.html", "mesopotamia"));
    for game in mesopotamia::games::all() {
        nav.push_str(&link(&format!("{}.html", game.rules), game.title));
    }
    nav.push_str(&link("rules.html", "Shared rules"));
    nav.push_str(&link("play.html", "Play"));
    nav.push_str("</nav></header>");
    nav
}

/// Text as HTML (`&`, `<`, `>` escaped).
fn html_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The home page's list of games, from their descriptions (`<!-- game-list -->`).
fn game_list() -> String {
    mesopotamia::games::all()
        .iter()
        .map(|g| {
            format!(
                "<li><h2><a href=\"{}.html\">{}</a></h2>\n<p>{} {} to {} players: the rule book with every rule example live.</p></li>\n",
                g.rules,
                html_text(g.title),
                html_text(g.about),
                g.min_players,
                g.max_players
            )
        })
        .collect()
}

/// A page of `web/` with its placeholders filled from the games' descriptions:
/// `<!-- site-nav -->` and `<!-- game-list -->`.
fn fill_page(name: &str, html: &str) -> String {
    html.replace("<!-- site-nav -->", &nav(Some(name)))
        .replace("<!-- game-list -->\n", &game_list())
}

/// A paragraph that holds an example's picture alone (`![...](examples/ID.svg)`) whose
/// figure is in `figures`: the figure, and the number of events the paragraph takes.
fn picture_paragraph<'a>(
    events: &[Event<'_>],
    figures: &'a HashMap<String, String>,
) -> Option<(&'a String, usize)> {
    let Some(Event::Start(Tag::Image { dest_url, .. })) = events.get(1) else {
        return None;
    };
    let id = dest_url.strip_prefix("examples/")?.strip_suffix(".svg")?;
    let figure = figures.get(id)?;
    // The image's own events (its alt text), then the paragraph's end, and nothing else.
    let end = events
        .iter()
        .position(|e| matches!(e, Event::End(TagEnd::Image)))?;
    matches!(events.get(end + 1), Some(Event::End(TagEnd::Paragraph))).then_some((figure, end + 2))
}

/// Where a link of a rules page points in the site, or `None` for a link out of it (a file of
/// the repository, which a static site does not have: its text stays, without the link).
fn site_link<'a>(dest: &CowStr<'a>) -> Option<CowStr<'a>> {
    if dest.starts_with("http://") || dest.starts_with("https://") || dest.starts_with('#') {
        return Some(dest.clone());
    }
    let (path, anchor) = match dest.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor)),
        None => (&**dest, None),
    };
    let page = path.strip_suffix(".md")?;
    if !pages().iter().any(|(name, _)| *name == page) {
        return None;
    }
    Some(match anchor {
        Some(anchor) => format!("{page}.html#{anchor}").into(),
        None => format!("{page}.html").into(),
    })
}

/// A link to an example's case file (`../crates/GAME/tests/cases/ID.case`) on that game's page
/// becomes a link to the example's section on the page (`#ID`): the reader sees it played out.
fn example_link<'a>(
    dest: &CowStr<'a>,
    game: Option<&str>,
    examples: &[String],
) -> Option<CowStr<'a>> {
    game?;
    let id = dest.strip_suffix(".case")?.rsplit('/').next()?;
    examples
        .iter()
        .any(|e| e == id)
        .then(|| format!("#{id}").into())
}

/// The text of the page's first heading (its title).
fn first_heading(events: &[Event<'_>]) -> Option<String> {
    let start = events
        .iter()
        .position(|e| matches!(e, Event::Start(Tag::Heading { .. })))?;
    let mut title = String::new();
    for event in &events[start + 1..] {
        match event {
            Event::Text(text) | Event::Code(text) => title.push_str(text),
            Event::End(TagEnd::Heading(_)) => break,
            _ => {}
        }
    }
    Some(title)
}

/// Text made safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Copies a folder's tree, skipping the entries whose name `keep` refuses.
fn copy_dir(from: &Path, to: &Path, keep: &dyn Fn(&str) -> bool) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|e| io_error("create", to, e))?;
    let entries = fs::read_dir(from).map_err(|e| io_error("list", from, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| io_error("list", from, e))?;
        let name = entry.file_name();
        if !keep(&name.to_string_lossy()) {
            continue;
        }
        let path = entry.path();
        let dest = to.join(&name);
        if path.is_dir() {
            copy_dir(&path, &dest, keep)?;
        } else {
            fs::copy(&path, &dest).map_err(|e| io_error("copy", &path, e))?;
        }
    }
    Ok(())
}

/// Serves the site with Python's static file server (`python3 -m http.server`), which any
/// machine with Python has; it knows `.wasm` as `application/wasm`.
fn serve_site(site: &Path, port: u16) -> Result<(), String> {
    println!(
        "serving {} on http://127.0.0.1:{port}/ (Ctrl-C stops)",
        site.display()
    );
    let status = Command::new("python3")
        .args([
            "-m",
            "http.server",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--directory",
        ])
        .arg(site)
        .status()
        .map_err(|e| {
            format!("cannot start `python3 -m http.server` (is Python 3 installed?): {e}")
        })?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("the server stopped: {status}"))
    }
}

/// An I/O error with what was being done and where.
fn io_error(what: &str, path: &Path, error: std::io::Error) -> String {
    format!("cannot {what} {}: {error}", path.display())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_name_every_game_from_its_description() {
        let html = fill_page(
            "index.html",
            "<!-- site-nav -->\n<ul>\n<!-- game-list -->\n</ul>\n",
        );
        assert!(!html.contains("<!--"), "{html}");
        assert!(html.contains("<a href=\"index.html\" aria-current=\"page\">mesopotamia</a>"));
        assert_eq!(html.matches("aria-current").count(), 1, "{html}");
        for game in mesopotamia::games::all() {
            let title = html_text(game.title);
            assert!(
                html.contains(&format!("<a href=\"{}.html\">{title}</a>", game.rules)),
                "{html}"
            );
            assert!(html.contains(&format!(
                "{} to {} players",
                game.min_players, game.max_players
            )));
        }
        assert_eq!(html_text("A & B <c>"), "A &amp; B &lt;c&gt;");
    }

    #[test]
    fn links_to_rules_pages_become_html_and_links_out_of_the_site_become_text() {
        let page = rules_page(
            "# T\n\nSee [G1](rules.md#g1), [T7](#t7), [the case](../crates/x/tests/a.case) and [fmt](formats.md).\n",
            None,
            &[],
            &HashMap::new(),
        );
        assert!(
            page.contains(r##"<a href="rules.html#g1">G1</a>"##),
            "{page}"
        );
        assert!(page.contains(r##"<a href="#t7">T7</a>"##), "{page}");
        assert!(page.contains(" the case and fmt."), "{page}");
        assert!(!page.contains("../crates"), "{page}");
        assert!(page.contains("<title>T · mesopotamia</title>"), "{page}");
    }

    #[test]
    fn an_example_s_picture_becomes_its_figure_of_pictures_before_and_after() {
        let scenarios = [
            Scenario {
                before: (990, 500),
                after: (990, 500),
                steps: vec!["seat 0: play blue 1".into(), "seat 0: pass".into()],
            },
            Scenario {
                before: (990, 500),
                after: (990, 520),
                steps: Vec::new(),
            },
        ];
        let figure = figure("EX-ONE", &scenarios);
        for n in [1, 2] {
            for side in ["before", "after"] {
                assert!(
                    figure.contains(&format!(r#"<img src="examples/EX-ONE/{n}-{side}.svg""#)),
                    "{figure}"
                );
            }
        }
        assert!(
            figure.contains(
                r#"width="990" height="520" alt="EX-ONE, scenario 2, the position after the steps""#
            ),
            "{figure}"
        );
        assert!(figure.contains("<code>seat 0: play blue 1</code>; <code>seat 0: pass</code>"));
        assert!(figure.contains("Steps: no step."));
        let mut figures = HashMap::new();
        figures.insert("EX-ONE".to_owned(), figure.clone());
        let markdown = "# G\n\n### EX-ONE\n\nText.\n\n![EX-ONE: before and after](examples/EX-ONE.svg)\n\nAfter.\n";
        let page = rules_page(markdown, Some("tigris"), &["EX-ONE".to_owned()], &figures);
        assert!(page.contains(&figure), "{page}");
        assert!(!page.contains("<img src=\"examples/EX-ONE.svg\""), "{page}");
        assert!(page.contains("<p>After.</p>"), "{page}");
        // An image inside other words stays as it is.
        let page = rules_page(
            "See ![x](examples/EX-ONE.svg) here.\n",
            Some("tigris"),
            &["EX-ONE".to_owned()],
            &figures,
        );
        assert!(page.contains(r#"<img src="examples/EX-ONE.svg""#), "{page}");
        assert_eq!(
            svg_size(r#"<svg xmlns="x" width="2020.5" height="618" viewBox="0 0 1 1">"#),
            (2021, 618)
        );
    }

    #[test]
    fn code_blocks_and_tables_take_the_keyboard_s_focus() {
        let page = rules_page(
            "# T\n\n```\n<pre> stays text\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
            None,
            &[],
            &HashMap::new(),
        );
        assert!(
            page.contains("<pre tabindex=\"0\"><code>&lt;pre&gt; stays text"),
            "{page}"
        );
        assert!(page.contains("<table tabindex=\"0\">"), "{page}");
    }

    #[test]
    fn an_example_section_is_marked_for_the_page_and_closes_at_the_next_heading() {
        let markdown = "# Game\n\n### EX-ONE\n\nText.\n\n![pic](examples/EX-ONE.svg)\n\n### Not an example\n\nMore.\n";
        let page = rules_page(
            markdown,
            Some("tigris"),
            &["EX-ONE".to_owned()],
            &HashMap::new(),
        );
        // A link to the example's case file leads to its section.
        let linked = rules_page(
            "# G\n\nSee [EX-ONE](../crates/g/tests/cases/EX-ONE.case), [OTHER](../crates/g/tests/cases/OTHER.case).\n\n### EX-ONE\n",
            Some("tigris"),
            &["EX-ONE".to_owned()],
            &HashMap::new(),
        );
        assert!(
            linked.contains(r##"<a href="#EX-ONE">EX-ONE</a>"##),
            "{linked}"
        );
        assert!(linked.contains(", OTHER."), "{linked}");
        let open = page
            .find(r#"<section class="rule-example" id="EX-ONE" data-game="tigris" data-example="EX-ONE">"#)
            .expect(&page);
        let close = page.find("</section>").expect(&page);
        let other = page.find("Not an example").expect(&page);
        assert!(open < page.find("examples/EX-ONE.svg").expect(&page));
        assert!(close < other, "{page}");
        assert_eq!(page.matches("<section").count(), 1);
        // Without a game (rules.md), no section is marked.
        let page = rules_page(markdown, None, &["EX-ONE".to_owned()], &HashMap::new());
        assert!(!page.contains("<section"));
    }
}
