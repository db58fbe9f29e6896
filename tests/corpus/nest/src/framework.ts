// The decorators of a NestJS-style framework, keeping what they mark with
// reflect-metadata, and a container that builds a class from the types
// `emitDecoratorMetadata` recorded for its constructor.
import "reflect-metadata";

type Class<T = unknown> = new (...args: any[]) => T;

export function Injectable(): ClassDecorator {
  return (target) => Reflect.defineMetadata("injectable", true, target);
}

export function Controller(prefix: string): ClassDecorator {
  return (target) => Reflect.defineMetadata("path", prefix, target);
}

export function Get(path = ""): MethodDecorator {
  return (target, key, descriptor) => {
    Reflect.defineMetadata("route", { method: "GET", path }, target, key);
    return descriptor;
  };
}

export function Inject(token: string): ParameterDecorator {
  return (target, key, index) => {
    const tokens = Reflect.getOwnMetadata("inject", target, key as string) ?? {};
    Reflect.defineMetadata("inject", { ...tokens, [index]: token }, target, key as string);
  };
}

export function Param(name: string): ParameterDecorator {
  return (target, key, index) => {
    const params = Reflect.getOwnMetadata("params", target, key as string) ?? [];
    Reflect.defineMetadata("params", [...params, { index, name }], target, key as string);
  };
}

export function Column(): PropertyDecorator {
  return (target, key) => {
    const type = Reflect.getMetadata("design:type", target, key);
    const columns = Reflect.getOwnMetadata("columns", target.constructor) ?? [];
    Reflect.defineMetadata("columns", [...columns, `${String(key)}:${type.name}`], target.constructor);
  };
}

export class Container {
  private values = new Map<unknown, unknown>();

  provide(token: unknown, value: unknown): this {
    this.values.set(token, value);
    return this;
  }

  get<T>(cls: Class<T>): T {
    if (this.values.has(cls)) return this.values.get(cls) as T;
    const types: Class[] = Reflect.getMetadata("design:paramtypes", cls) ?? [];
    const tokens = Reflect.getMetadata("inject", cls) ?? {};
    const args = types.map((type, i) => (i in tokens ? this.values.get(tokens[i]) : this.get(type)));
    const made = new cls(...args);
    this.values.set(cls, made);
    return made;
  }
}
