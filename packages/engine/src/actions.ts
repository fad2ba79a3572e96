// Helpers for games whose legal actions are few enough to enumerate.
import { deepEqual, stableKey } from "./clone.ts";
import type { ActionError } from "./game.ts";
import { err, ok, type Result } from "./result.ts";

/** Finds the untrusted `raw` among the legal actions (by value), or says why not. */
export function parseByEnumeration<A>(legal: readonly A[], raw: unknown): Result<A, ActionError> {
  if (raw === null || raw === undefined || (typeof raw !== "object" && typeof raw !== "string" && typeof raw !== "number")) {
    return err({ code: "malformed-action", message: "an action must be a JSON value" });
  }
  for (const action of legal) if (deepEqual(action, raw)) return ok(action);
  return err({ code: "illegal-action", message: `${stableKey(raw)} is not a legal action now` });
}
