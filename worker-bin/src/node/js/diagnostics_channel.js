// node:diagnostics_channel: named channels that instrumentation (APM agents,
// undici, fastify, pino) publishes to and subscribes on, and tracing
// channels that wrap a sync, promise or callback call in start/end/
// asyncStart/asyncEnd/error events. The semantics are Node 20's: a
// subscriber that throws does not stop the others and its error is thrown
// again on the next tick (as an uncaught exception); `bindStore` runs the
// published call inside an AsyncLocalStorage store. Channels are held by
// name for the worker's life (Node lets a channel with no subscriber be
// collected; here a name costs one small object).
const channels = new Map();

const { codeError, received } = require("internal/errors");
const typeError = (code, message) => codeError(TypeError, code, message);

function validateFunction(fn, name) {
  if (typeof fn !== "function") {
    throw typeError("ERR_INVALID_ARG_TYPE", `The "${name}" argument must be of type function.${received(fn)}`);
  }
}

// Thrown again outside the publisher, as Node's triggerUncaughtException.
function rethrowLater(err) {
  require("process").nextTick(() => {
    throw err;
  });
}

const defaultTransform = (data) => data;

function wrapStoreRun(store, data, next, transform) {
  return () => {
    let context;
    try {
      context = transform(data);
    } catch (err) {
      rethrowLater(err);
      return next();
    }
    return store.run(context, next);
  };
}

class Channel {
  constructor(name) {
    this.name = name;
    this._subscribers = [];
    this._stores = new Map();
  }

  get hasSubscribers() {
    return this._subscribers.length > 0 || this._stores.size > 0;
  }

  subscribe(subscription) {
    validateFunction(subscription, "subscription");
    // A new array, so a publish under way keeps the list it started with.
    this._subscribers = [...this._subscribers, subscription];
  }

  unsubscribe(subscription) {
    const index = this._subscribers.indexOf(subscription);
    if (index === -1) return false;
    this._subscribers = this._subscribers.filter((_, i) => i !== index);
    return true;
  }

  bindStore(store, transform) {
    if (transform !== undefined) validateFunction(transform, "transform");
    this._stores.set(store, transform || defaultTransform);
  }

  unbindStore(store) {
    return this._stores.delete(store);
  }

  publish(data) {
    for (const onMessage of this._subscribers) {
      try {
        onMessage(data, this.name);
      } catch (err) {
        rethrowLater(err);
      }
    }
  }

  runStores(data, fn, thisArg, ...args) {
    if (this._stores.size === 0) {
      this.publish(data);
      return Reflect.apply(fn, thisArg, args);
    }
    let run = () => {
      this.publish(data);
      return Reflect.apply(fn, thisArg, args);
    };
    for (const [store, transform] of this._stores) {
      run = wrapStoreRun(store, data, run, transform);
    }
    return run();
  }
}

function channel(name) {
  const found = channels.get(name);
  if (found) return found;
  if (typeof name !== "string" && typeof name !== "symbol") {
    throw typeError("ERR_INVALID_ARG_TYPE",
      `The "channel" argument must be one of type string or symbol.${received(name)}`);
  }
  const made = new Channel(name);
  channels.set(name, made);
  return made;
}

function subscribe(name, subscription) {
  channel(name).subscribe(subscription);
}

function unsubscribe(name, subscription) {
  return channel(name).unsubscribe(subscription);
}

function hasSubscribers(name) {
  const found = channels.get(name);
  return found ? found.hasSubscribers : false;
}

const traceEvents = ["start", "end", "asyncStart", "asyncEnd", "error"];

class TracingChannel {
  constructor(nameOrChannels) {
    if (typeof nameOrChannels === "string") {
      for (const event of traceEvents) {
        this[event] = channel(`tracing:${nameOrChannels}:${event}`);
      }
    } else if (typeof nameOrChannels === "object" && nameOrChannels !== null) {
      for (const event of traceEvents) {
        const ch = nameOrChannels[event];
        if (!(ch instanceof Channel)) {
          throw typeError("ERR_INVALID_ARG_TYPE",
            `The "nameOrChannels.${event}" property must be an instance of Channel.${received(ch)}`);
        }
        this[event] = ch;
      }
    } else {
      throw typeError("ERR_INVALID_ARG_TYPE",
        `The "nameOrChannels" argument must be of type string or an instance of TracingChannel or Object.${received(nameOrChannels)}`);
    }
  }

  get hasSubscribers() {
    return traceEvents.some((event) => this[event].hasSubscribers);
  }

  subscribe(handlers) {
    for (const event of traceEvents) {
      if (handlers[event]) this[event].subscribe(handlers[event]);
    }
  }

  unsubscribe(handlers) {
    let done = true;
    for (const event of traceEvents) {
      if (handlers[event] && !this[event].unsubscribe(handlers[event])) done = false;
    }
    return done;
  }

  traceSync(fn, context = {}, thisArg, ...args) {
    // Nothing listens: the call runs bare (Node 20.20 and later).
    if (!this.hasSubscribers) return Reflect.apply(fn, thisArg, args);
    const { start, end, error } = this;
    return start.runStores(context, () => {
      try {
        const result = Reflect.apply(fn, thisArg, args);
        context.result = result;
        return result;
      } catch (err) {
        context.error = err;
        error.publish(context);
        throw err;
      } finally {
        end.publish(context);
      }
    });
  }

  tracePromise(fn, context = {}, thisArg, ...args) {
    // Nothing listens: the call runs bare (Node 20.20 and later).
    if (!this.hasSubscribers) return Reflect.apply(fn, thisArg, args);
    const { start, end, asyncStart, asyncEnd, error } = this;
    function reject(err) {
      context.error = err;
      error.publish(context);
      asyncStart.publish(context);
      asyncEnd.publish(context);
      return Promise.reject(err);
    }
    function resolve(result) {
      context.result = result;
      asyncStart.publish(context);
      asyncEnd.publish(context);
      return result;
    }
    return start.runStores(context, () => {
      try {
        let promise = Reflect.apply(fn, thisArg, args);
        if (!(promise instanceof Promise)) promise = Promise.resolve(promise);
        return promise.then(resolve, reject);
      } catch (err) {
        context.error = err;
        error.publish(context);
        throw err;
      } finally {
        end.publish(context);
      }
    });
  }

  traceCallback(fn, position = -1, context = {}, thisArg, ...args) {
    // Nothing listens: the call runs bare (Node 20.20 and later).
    if (!this.hasSubscribers) return Reflect.apply(fn, thisArg, args);
    const { start, end, asyncStart, asyncEnd, error } = this;
    const callback = args.at(position);
    validateFunction(callback, "callback");
    function wrappedCallback(err, res) {
      if (err) {
        context.error = err;
        error.publish(context);
      } else {
        context.result = res;
      }
      const self = this;
      const callArgs = arguments;
      asyncStart.runStores(context, () => {
        try {
          return Reflect.apply(callback, self, callArgs);
        } finally {
          asyncEnd.publish(context);
        }
      });
    }
    args.splice(position, 1, wrappedCallback);
    return start.runStores(context, () => {
      try {
        return Reflect.apply(fn, thisArg, args);
      } catch (err) {
        context.error = err;
        error.publish(context);
        throw err;
      } finally {
        end.publish(context);
      }
    });
  }
}

function tracingChannel(nameOrChannels) {
  return new TracingChannel(nameOrChannels);
}

module.exports = {
  channel,
  hasSubscribers,
  subscribe,
  tracingChannel,
  unsubscribe,
  Channel,
};
