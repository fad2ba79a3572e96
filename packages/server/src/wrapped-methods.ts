/**
 * A view of an object whose methods are stand-ins made by `wrap`: the storage with its writes
 * timed, the storage with look-alike names found, the bot pool with its decisions timed.
 *
 * Each stand-in is made once, on the first lookup of its name, and made again only when the
 * object's method under that name changed (a test may replace one). Every act looks storage
 * methods up several times, so a stand-in made per lookup would be an allocation per act.
 * Anything that is not a function passes through untouched.
 */
export function wrappedMethods<T extends object>(target: T, wrap: (name: string | symbol, method: Function) => Function): T {
  const made = new Map<string | symbol, { method: Function; standIn: Function }>();
  return new Proxy(target, {
    get(object, prop, receiver) {
      const value: unknown = Reflect.get(object, prop, receiver);
      if (typeof value !== "function") return value;
      const known = made.get(prop);
      if (known?.method === value) return known.standIn;
      const standIn = wrap(prop, value);
      made.set(prop, { method: value, standIn });
      return standIn;
    },
  });
}
