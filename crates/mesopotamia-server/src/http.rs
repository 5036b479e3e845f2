//! The HTTP side: the lobby's JSON API, one WebSocket per connected seat or spectator, and
//! the web site's files.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use mesopotamia::core::GameOptions;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::clock::TimeControl;
use crate::host::{Away, Host, NewGame, Refusal, Who};
use crate::protocol::{self, ClientMessage, MAX_MESSAGE, MessageError};

/// What the handlers share.
pub struct App {
    /// The games.
    pub host: Arc<Host>,
    /// WebSocket connections open now.
    pub connections: AtomicUsize,
    /// The most connections at once.
    pub max_connections: usize,
    /// Messages a connection may send per second.
    pub rate: u32,
    /// Origins a browser may connect from besides the server's own (`http://host:port`).
    pub origins: Vec<String>,
}

fn status_of(refusal: &Refusal) -> StatusCode {
    match refusal {
        Refusal::NoGame(_) => StatusCode::NOT_FOUND,
        Refusal::BadToken(_) => StatusCode::UNAUTHORIZED,
        Refusal::NoFreeSeat(_) => StatusCode::CONFLICT,
        Refusal::TooManyGames(_) => StatusCode::SERVICE_UNAVAILABLE,
        Refusal::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::BAD_REQUEST,
    }
}

fn refused(refusal: &Refusal) -> Response {
    (
        status_of(refusal),
        Json(json!({ "error": refusal.to_string() })),
    )
        .into_response()
}

/// The body of `POST /api/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    game: String,
    #[serde(default)]
    options: serde_json::Map<String, Value>,
    seats: Vec<String>,
    seed: Option<u64>,
    #[serde(default)]
    claim: Vec<usize>,
    away: Option<Away>,
    time: Option<TimeControl>,
}

/// The options as the game's description names them (`english_variant: true`, `turn_limit:
/// 200`, `board: "2009"`); the game checks them.
fn options_of(
    game: &str,
    given: &serde_json::Map<String, Value>,
    players: usize,
) -> Result<GameOptions, Refusal> {
    let mut options = GameOptions::new().with_players(u8::try_from(players).unwrap_or(u8::MAX));
    for (name, value) in given {
        match value {
            Value::Bool(b) => options.set(name, *b),
            Value::Number(n) if n.is_i64() => options.set(name, n.as_i64().unwrap_or_default()),
            Value::String(s) => options.set(name, s.as_str()),
            _ => {
                return Err(Refusal::Setup(format!(
                    "option `{name}` of {game}: a flag, a whole number or a text"
                )));
            }
        }
    }
    Ok(options)
}

async fn create(
    State(app): State<Arc<App>>,
    body: Result<Json<CreateBody>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let Json(body) = match body {
        Ok(body) => body,
        Err(e) => {
            return (
                StatusCode::BAD_REQUEST,
                Json(json!({ "error": e.body_text() })),
            )
                .into_response();
        }
    };
    let options = match options_of(&body.game, &body.options, body.seats.len()) {
        Ok(o) => o,
        Err(e) => return refused(&e),
    };
    let new = NewGame {
        game: body.game,
        options,
        seats: body.seats,
        seed: body.seed,
        claim: body.claim,
        away: body.away,
        time: body.time,
    };
    let host = Arc::clone(&app.host);
    let created = match tokio::task::spawn_blocking(move || host.create(&new)).await {
        Ok(Ok(created)) => created,
        Ok(Err(e)) => return refused(&e),
        Err(e) => return refused(&Refusal::Engine(e.to_string())),
    };
    spawn_drive(&app.host, created.id.clone());
    let link = |token: &str| format!("/play.html?game={}&token={token}", created.id);
    (
        StatusCode::CREATED,
        Json(json!({
            "id": created.id,
            "seats": created.tokens.iter().map(|(seat, token)| json!({ "seat": seat, "token": token, "link": link(token) })).collect::<Vec<_>>(),
            "spectator": { "token": created.spectator, "link": link(&created.spectator) },
        })),
    )
        .into_response()
}

/// Chance and bots play on in the background.
pub(crate) fn spawn_drive(host: &Arc<Host>, id: String) {
    let host = Arc::clone(host);
    tokio::spawn(async move {
        if let Err(e) = host.drive(&id).await {
            tracing::warn!(game = %id, "bots stopped: {e}");
        }
    });
}

async fn list(State(app): State<Arc<App>>) -> Response {
    Json(Value::Array(app.host.list())).into_response()
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    seat: Option<usize>,
}

async fn join(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Option<Json<JoinBody>>,
) -> Response {
    let seat = body.and_then(|Json(b)| b.seat);
    let host = Arc::clone(&app.host);
    let game = id.clone();
    // The seat is stored: off the runtime, as every call to the database.
    let joined = tokio::task::spawn_blocking(move || host.join(&game, seat))
        .await
        .unwrap_or_else(|e| Err(Refusal::Engine(e.to_string())));
    match joined {
        Ok((seat, token)) => Json(json!({
            "seat": seat,
            "token": token,
            "link": format!("/play.html?game={id}&token={token}"),
        }))
        .into_response(),
        Err(e) => refused(&e),
    }
}

async fn record(State(app): State<Arc<App>>, Path((id, form)): Path<(String, String)>) -> Response {
    let text = match form.as_str() {
        "record.json" => false,
        "record.txt" => true,
        _ => {
            return (
                StatusCode::NOT_FOUND,
                Json(json!({ "error": "record.json or record.txt" })),
            )
                .into_response();
        }
    };
    let host = Arc::clone(&app.host);
    let game = id.clone();
    if let Ok(Err(e)) = tokio::task::spawn_blocking(move || host.load(&game)).await {
        return refused(&e);
    }
    match app.host.record(&id, text) {
        Ok(Some(record)) => {
            let kind = if text { "text/plain; charset=utf-8" } else { "application/json" };
            ([(header::CONTENT_TYPE, kind)], record).into_response()
        }
        Ok(None) => (
            StatusCode::CONFLICT,
            Json(json!({ "error": "the record is given once the game is over (it tells every hidden draw)" })),
        )
            .into_response(),
        Err(e) => refused(&e),
    }
}

#[derive(Deserialize)]
struct SocketQuery {
    token: String,
}

/// A browser's page must come from the server itself or from an origin it was told of.
fn origin_allowed(app: &App, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        // Not a browser: no page of another site can be behind it.
        return true;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let own = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .is_some_and(|rest| rest == host);
    own || app.origins.iter().any(|o| o == origin)
}

async fn socket(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(query): Query<SocketQuery>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&app, &headers) {
        return (
            StatusCode::FORBIDDEN,
            Json(json!({ "error": "this origin may not connect" })),
        )
            .into_response();
    }
    // A game another instance created is loaded on first use.
    let host = Arc::clone(&app.host);
    let game = id.clone();
    if let Ok(Err(e)) = tokio::task::spawn_blocking(move || host.load(&game)).await {
        return refused(&e);
    }
    let who = match app.host.who(&id, &query.token) {
        Ok(who) => who,
        Err(e) => return refused(&e),
    };
    if app.connections.fetch_add(1, Ordering::SeqCst) >= app.max_connections {
        app.connections.fetch_sub(1, Ordering::SeqCst);
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "error": "too many connections" })),
        )
            .into_response();
    }
    // Frames up to 1 MiB are read so that an oversized message is answered, not cut off;
    // the protocol's own limit is far below. The read buffer starts at the protocol's
    // limit, not tungstenite's 128 KiB: it is allocated for every connection and grows if
    // a longer message comes.
    ws.max_message_size(1 << 20)
        .read_buffer_size(MAX_MESSAGE)
        .on_upgrade(move |socket| async move {
            serve_socket(&app, &id, who, socket).await;
            app.connections.fetch_sub(1, Ordering::SeqCst);
        })
}

async fn send(socket: &mut WebSocket, value: &Value) -> bool {
    socket
        .send(Message::Text(value.to_string().into()))
        .await
        .is_ok()
}

async fn send_state(
    app: &App,
    socket: &mut WebSocket,
    id: &str,
    who: Who,
    since: u64,
) -> Option<u64> {
    match app.host.state(id, who, since) {
        Ok(state) => {
            let step = state["step"].as_u64().unwrap_or(since);
            send(socket, &state).await.then_some(step)
        }
        Err(e) => {
            send(socket, &json!({ "type": "error", "reason": e.to_string() })).await;
            None
        }
    }
}

/// One connection: its state first, then every step as it is committed, and its seat's
/// actions checked by the engine; a refusal is answered and the connection kept.
async fn serve_socket(app: &Arc<App>, id: &str, who: Who, socket: WebSocket) {
    let Ok(hosted) = app.host.game(id) else {
        return;
    };
    // While open, the seat is present (a seat away on its turn may go to a bot).
    hosted.arrive(who);
    serve_connection(app, id, who, &hosted, socket).await;
    hosted.leave(who);
}

async fn serve_connection(
    app: &Arc<App>,
    id: &str,
    who: Who,
    hosted: &crate::host::Hosted,
    mut socket: WebSocket,
) {
    let mut steps = hosted.watch();
    let Some(mut sent) = send_state(app, &mut socket, id, who, 0).await else {
        return;
    };
    let mut window = (Instant::now(), 0u32);
    loop {
        tokio::select! {
            changed = steps.changed() => {
                if changed.is_err() {
                    break;
                }
                match send_state(app, &mut socket, id, who, sent).await {
                    Some(step) => sent = step,
                    None => break,
                }
            }
            message = socket.recv() => {
                let text = match message {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        if !send(&mut socket, &json!({ "type": "error", "reason": MessageError::NotText.to_string() })).await { break; }
                        continue;
                    }
                    Some(Ok(_)) => continue,
                };
                // A bounded rate: past it, messages are answered and dropped.
                if window.0.elapsed() >= Duration::from_secs(1) {
                    window = (Instant::now(), 0);
                }
                window.1 += 1;
                if window.1 > app.rate {
                    if !send(&mut socket, &json!({ "type": "error", "reason": format!("over {} messages a second: this one is dropped", app.rate) })).await { break; }
                    continue;
                }
                let reply = match protocol::read(text.as_str()) {
                    Err(e) => Some(json!({ "type": "error", "reason": e.to_string() })),
                    Ok(ClientMessage::Sync { since }) => {
                        match send_state(app, &mut socket, id, who, since).await {
                            Some(step) => { sent = sent.max(step); None }
                            None => break,
                        }
                    }
                    Ok(ClientMessage::Act { step, action }) => {
                        let host = Arc::clone(&app.host);
                        let game = id.to_owned();
                        let done = tokio::task::spawn_blocking(move || host.act(&game, who, step, &action)).await;
                        match done {
                            Ok(Ok(())) => { spawn_drive(&app.host, id.to_owned()); None }
                            Ok(Err(e)) => Some(json!({
                                "type": "refused",
                                "reason": e.to_string(),
                                "step": hosted.watch().borrow().to_owned(),
                            })),
                            Err(e) => Some(json!({ "type": "error", "reason": e.to_string() })),
                        }
                    }
                };
                if let Some(reply) = reply && !send(&mut socket, &reply).await {
                    break;
                }
            }
        }
    }
}

/// The server's routes: the lobby under `/api`, the sockets, and `site`'s files (the web
/// site built by `cargo xtask web`) for everything else.
pub fn router(app: Arc<App>, site: Option<std::path::PathBuf>) -> axum::Router {
    let api = axum::Router::new()
        .route("/api/games", post(create).get(list))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/socket", get(socket))
        .route("/api/games/{id}/{form}", get(record))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_MESSAGE))
        .with_state(app);
    match site {
        Some(site) => api.fallback_service(tower_http::services::ServeDir::new(site)),
        None => api,
    }
}
