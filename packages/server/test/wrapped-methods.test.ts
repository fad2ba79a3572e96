// wrappedMethods (wrapped-methods.ts): the one proxy behind the timed storage, the look-alike
// names and the timed bots. Each stand-in is made once per name and again when the method changes.
import { describe, expect, it } from "vitest";
import { wrappedMethods } from "../src/wrapped-methods.ts";

class Store {
  label = "store";
  calls = 0;
  read(): string {
    this.calls += 1;
    return this.label;
  }
  write(value: string): void {
    this.label = value;
  }
}

describe("wrappedMethods", () => {
  it("makes each stand-in once, however often its name is looked up", () => {
    const store = new Store();
    const made: (string | symbol)[] = [];
    const view = wrappedMethods(store, (name, method) => {
      made.push(name);
      return method.bind(store);
    });
    const first = view.read;
    for (let i = 0; i < 10; i += 1) expect(view.read).toBe(first);
    expect(view.read()).toBe("store");
    view.write("other");
    expect(view.read()).toBe("other");
    expect(made).toEqual(["read", "write"]);
  });

  it("makes a new stand-in when the object's method under that name changed", () => {
    const store = new Store();
    const view = wrappedMethods(store, (_name, method) => (...args: unknown[]) => `wrapped ${String(method.apply(store, args))}`);
    const before = view.read;
    expect(view.read()).toBe("wrapped store");
    store.read = () => "replaced";
    expect(view.read).not.toBe(before);
    expect(view.read()).toBe("wrapped replaced");
  });

  it("passes values that are not functions through, and sees their changes", () => {
    const store = new Store();
    const view = wrappedMethods(store, (_name, method) => method.bind(store));
    expect(view.label).toBe("store");
    store.label = "changed";
    expect(view.label).toBe("changed");
    view.read();
    expect(view.calls).toBe(1);
  });

  it("calls the stand-in with the arguments given, bound to the object, not the view", () => {
    const store = new Store();
    const view = wrappedMethods(store, (_name, method) => method.bind(store));
    const write = view.write;
    write("detached");
    expect(store.label).toBe("detached");
  });
});
