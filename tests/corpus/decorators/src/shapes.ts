// Decorated classes of every kind, each decorator logging what it sees.
export const log: string[] = [];

// `context.metadata` needs Symbol.metadata, which neither Node 20 nor
// QuickJS has: the usual polyfill.
(Symbol as any).metadata ??= Symbol("Symbol.metadata");

export function logged(tag: string) {
  return function (value: any, context: DecoratorContext): any {
    const c = context as any;
    log.push(`${tag} ${c.kind} ${String(c.name)} static=${c.static} private=${c.private}`);
    if (c.metadata) c.metadata[tag] = String(c.name);
    c.addInitializer(function (this: any) {
      log.push(`init ${tag} ${String(c.name)} on ${typeof this}`);
    });
    switch (c.kind) {
      case "field":
        return (v: unknown) => {
          log.push(`field ${String(c.name)} = ${String(v)}`);
          return typeof v === "number" ? v + 100 : v;
        };
      case "method":
        return function (this: any, ...args: unknown[]) {
          log.push(`call ${String(c.name)}(${args.join(",")})`);
          return value.apply(this, args);
        };
      case "getter":
        return function (this: any) {
          return `got ${value.call(this)}`;
        };
      case "setter":
        return function (this: any, v: unknown) {
          log.push(`set ${String(c.name)} ${String(v)}`);
          value.call(this, v);
        };
      case "accessor":
        return {
          get(this: any) {
            return value.get.call(this);
          },
          set(this: any, v: number) {
            value.set.call(this, v * 2);
          },
          init(v: number) {
            return v * 10;
          },
        };
      case "class":
        return class extends value {
          replaced = c.name;
        };
    }
  };
}

// A decorator without a factory, and one read from an object.
function plain(value: any, context: ClassMethodDecoratorContext) {
  log.push(`plain ${String(context.name)} has=${context.access.has({ [context.name]: 1 })}`);
  return value;
}
export const registry = {
  seen: [] as string[],
  mark(this: any, _v: unknown, context: DecoratorContext) {
    this.seen.push(String(context.name));
  },
};

const key = "dyn";

@logged("Service")
export class Service {
  @logged("count") static count = 1;
  @logged("id") id = 2;
  @logged("size") accessor size = 3;
  @logged("secret") #secret = 4;
  @logged("hidden") accessor #hidden = 5;
  @registry.mark name = "svc";
  @plain greet(who: string) {
    return `hello ${who} ${this.#helper()} ${this.#hidden}`;
  }
  @logged("label") get label() {
    return "L";
  }
  @(logged("label=")) set label(v: string) {
    this.name = v;
  }
  @logged("make") static make() {
    return new Service();
  }
  @logged("dyn") [key + 1](n: number) {
    return n * 2;
  }
  @logged("helper") #helper() {
    return `#${this.#secret}`;
  }
  @logged("shared") static accessor shared = 6;
  reveal() {
    return [this.#secret, this.#hidden];
  }
}

export class Repo extends Service {
  @logged("rows") rows: number[] = [1];
  constructor(public table: string) {
    super();
    log.push(`Repo ${table} rows=${this.rows.length}`);
  }
}

export class Plain extends Repo {
  @logged("extra") extra = "e";
}

export const Expr = @logged("Expr") class {
  @logged("v") v = 1;
};

export const Named = @logged("Named") class Inner {
  static who() {
    return Inner.name;
  }
};
