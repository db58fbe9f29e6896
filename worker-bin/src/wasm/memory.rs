//! `WebAssembly.Memory`: linear memories by handle, and the `ArrayBuffer`
//! JS sees them through, made over the memory's own bytes (no copy).
//!
//! Why the view stays sound: a 32-bit memory in wasmtime's default
//! configuration on a 64-bit host is a fixed reservation of address space
//! (4 GiB plus guard pages) that growing commits more of and never moves,
//! and the store, which owns the memories, lives as long as the worker.
//! So the bytes under an `ArrayBuffer` stay mapped while JS can reach it;
//! the glue detaches it after a grow (the spec's refresh), and the buffer's
//! free function does nothing. The worker never frees its store before
//! its JS runtime.

use std::cell::RefCell;
use std::collections::HashMap;

use rquickjs::{ArrayBuffer, ArrayBufferSource, Ctx, Exception, Result, Value};
use wasmtime::{Memory, MemoryType, StoreContextMut};

use super::engine::{HostData, with_store};

thread_local! {
    static MEMORIES: RefCell<Memories> = RefCell::new(Memories::default());
}

#[derive(Default)]
struct Memories {
    all: Vec<Memory>,
    by_base: HashMap<usize, u32>,
}

/// The bytes of a linear memory, as an `ArrayBuffer`'s source: dropping it
/// frees nothing (the store owns the memory).
struct View {
    base: *mut u8,
    len: usize,
}

// SAFETY: `base` points to `len` bytes that stay mapped and writable for
// the worker's life (see the module's docs); QuickJS is the only one to
// read or write them through this view, on the worker's thread.
unsafe impl ArrayBufferSource for View {
    fn as_ptr(&self) -> *mut u8 {
        self.base
    }
    fn len(&self) -> usize {
        self.len
    }
}

pub fn get(handle: u32) -> Option<Memory> {
    MEMORIES.with(|m| m.borrow().all.get(handle as usize).copied())
}

/// The handle of `m` (the same for the same memory).
pub fn handle(store: &mut StoreContextMut<'_, HostData>, m: Memory) -> u32 {
    let base = m.data_ptr(&*store) as usize;
    MEMORIES.with(|all| {
        let mut all = all.borrow_mut();
        if let Some(&h) = all.by_base.get(&base) {
            return h;
        }
        let h = all.all.len() as u32;
        all.all.push(m);
        all.by_base.insert(base, h);
        h
    })
}

fn lost<T>(ctx: &Ctx<'_>) -> Result<T> {
    Err(Exception::throw_type(
        ctx,
        "WebAssembly.Memory: not a memory",
    ))
}

/// `host.memNew(initial, maximum or -1, shared)`.
pub fn new(ctx: Ctx<'_>, initial: u32, maximum: i64, shared: bool) -> Result<u32> {
    if shared {
        return Err(Exception::throw_type(
            &ctx,
            "WebAssembly.Memory(): shared memories are not supported in bext",
        ));
    }
    let max = u32::try_from(maximum).ok();
    with_store(|mut store| {
        let m = Memory::new(&mut store, MemoryType::new(initial, max))
            .map_err(|e| Exception::throw_range(&ctx, &format!("WebAssembly.Memory(): {e}")))?;
        Ok(handle(&mut store, m))
    })
}

/// `host.memGrow(h, delta)`: the old size in pages, or a RangeError.
pub fn grow(ctx: Ctx<'_>, h: u32, delta: u32) -> Result<f64> {
    let Some(m) = get(h) else { return lost(&ctx) };
    with_store(|mut store| match m.grow(&mut store, u64::from(delta)) {
        Ok(old) => Ok(old as f64),
        Err(_) => Err(Exception::throw_range(
            &ctx,
            "WebAssembly.Memory.grow(): cannot grow the memory past its maximum or the worker's memory limit",
        )),
    })
}

/// `host.memBuffer(h)`: a new `ArrayBuffer` over the memory as it is.
pub fn buffer<'js>(ctx: Ctx<'js>, h: u32) -> Result<Value<'js>> {
    let Some(m) = get(h) else { return lost(&ctx) };
    let view = with_store(|store| View {
        base: m.data_ptr(&store),
        len: m.data_size(&store),
    });
    Ok(ArrayBuffer::from_source(ctx, view)?.into_value())
}

/// `host.memSize(h)`: the memory's size in bytes (the glue compares it to
/// its buffer's to see a grow made by wasm).
pub fn size(ctx: Ctx<'_>, h: u32) -> Result<f64> {
    let Some(m) = get(h) else { return lost(&ctx) };
    Ok(with_store(|store| m.data_size(&store)) as f64)
}

/// `host.detach(buffer)`.
pub fn detach(buffer: Value<'_>) {
    if let Some(mut b) = ArrayBuffer::from_value(buffer) {
        b.detach();
    }
}
