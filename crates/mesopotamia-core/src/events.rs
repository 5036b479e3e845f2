//! Where a game reports what happens as a step resolves (VP gained, leaders returned,
//! cards moved, ...): a `Vec` collects the events for people and tests, [`NoEvents`]
//! drops them at no cost on the hot path of search and self-play.

/// Receives a game's events.
pub trait EventSink<E> {
    /// Records one event.
    fn push(&mut self, event: E);
    /// Whether events are kept at all: a game may skip building costly ones when not.
    fn wanted(&self) -> bool;
}

impl<E> EventSink<E> for Vec<E> {
    #[inline]
    fn push(&mut self, event: E) {
        Vec::push(self, event);
    }
    #[inline]
    fn wanted(&self) -> bool {
        true
    }
}

/// Drops every event.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl<E> EventSink<E> for NoEvents {
    #[inline(always)]
    fn push(&mut self, _: E) {}
    #[inline(always)]
    fn wanted(&self) -> bool {
        false
    }
}
