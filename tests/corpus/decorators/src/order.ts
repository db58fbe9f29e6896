// Evaluation and initialization order across undecorated members, static
// blocks, symbol keys, generators, static and private getters, setters
// and methods, and a class decorator on a default export.
export const order: string[] = [];

function d(tag: string) {
  return function (value: any, c: DecoratorContext): any {
    const k = c as any;
    order.push(`${tag} ${k.kind} ${String(k.name)} ${k.static} ${k.private}`);
    k.addInitializer(function (this: unknown) {
      order.push(`init ${tag} ${typeof this}`);
    });
    if (k.kind === "method") {
      return async function* (this: unknown, ...a: unknown[]) {
        yield* value.apply(this, a);
      };
    }
  };
}

function g(value: any, c: DecoratorContext): any {
  c.addInitializer(function () {
    order.push(`g-init ${String(c.name)}`);
  });
  if (c.kind === "getter") {
    return function (this: unknown) {
      return "G" + value.call(this);
    };
  }
}

function factory(
  prefix: string,
  options: { upper: boolean },
) {
  order.push(`factory ${prefix}`);
  return (value: any, c: DecoratorContext): any => {
    order.push(`${prefix} ${options.upper} ${String(c.name)}`);
    return value;
  };
}

export class K {
  plain = order.push("plain field");
  @d("x") x = order.push("x field");
  static before = order.push("static before");
  @g static get sg() {
    return 1;
  }
  @g static set ss(v: number) {
    order.push(`ss ${v}`);
  }
  @g static #sp() {
    return 2;
  }
  static callSp() {
    return K.#sp();
  }
  @d("gen") *gen() {
    yield 1;
    yield 2;
  }
  @g get #pg() {
    return 3;
  }
  readPg() {
    return this.#pg;
  }
  @g static accessor #sacc = 4;
  static readSacc() {
    return K.#sacc;
  }
  [Symbol.iterator]() {
    return [1][Symbol.iterator]();
  }
  @g [Symbol.toPrimitive]() {
    return 42;
  }
  static {
    order.push("user static block");
  }
  @factory("multi", {
    upper: true,
  })
  after = order.push("after field");
}

// A class decorator's replacement is what the class's name and a static
// initializer's `this` mean; a class in an object is named by its key.
function wrap(value: any, c: ClassDecoratorContext): any {
  return class extends value {
    static tag = `wrapped ${String(c.name)}`;
  };
}

@wrap
export class Selfish {
  static self = Selfish;
  static me = this;
}

export const holder = { Held: @wrap class {} };

@d("Tail")
export default class Tail {
  static n = 1;
}

export async function orderAnswer() {
  const k = new K() as any;
  const out: unknown[] = [];
  for await (const v of k.gen()) out.push(v);
  (K as any).ss = 5;
  return {
    values: [(K as any).sg, K.callSp(), k.readPg(), K.readSacc(), +k, out, [...k]],
    tail: [Tail.name, Tail.n],
    replaced: [
      (Selfish as any).tag,
      Selfish.self === Selfish,
      Selfish.me === Selfish,
      (holder.Held as any).tag,
    ],
    order,
  };
}
