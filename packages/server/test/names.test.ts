// Names that cannot pass for others (issue 24): names are compared by their skeleton (UTS #39 on
// NFKC, case-folded, invisible characters removed), so zero-width spaces, soft hyphens, U+2060,
// fullwidth letters and all-Cyrillic look-alikes do not make a second "coco7"; invisible names,
// bot labels and stacked marks are refused; chat refuses invisible-only text and stacked marks;
// ordinary names in any script still pass. Accounts made before skeletons (their stored key the
// old NFC lower-case one) are still found. Against a real booted server where it matters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, nameKey, parseAccountName } from "../src/accounts.ts";
import { nameSkeleton, parseChatText, parseDisplayName, type ServerOut } from "../src/protocol.ts";
import { boot, Client, http, type TestServer } from "./support/harness.ts";

const LOOK_ALIKES_OF_COCO7: readonly (readonly [string, string])[] = [
  ["zero-width space", "co\u200Bco7"],
  ["soft hyphen", "co\u00ADco7"],
  ["word joiner U+2060", "co\u2060co7"],
  ["fullwidth letters", "ｃｏｃｏ７"],
  ["fullwidth, upper case", "ＣＯＣＯ7"],
  ["all-Cyrillic look-alike", "сосо7"],
  ["digits for letters", "c0c07"],
];

const INVISIBLE_NAMES: readonly (readonly [string, string])[] = [
  ["U+3164 ×40", "\u3164".repeat(40)],
  ["U+115F", "\u115F"],
  ["U+FFA0", "\uFFA0"],
  ["U+3164 then a letter", "\u3164Ann"],
];

const ORDINARY = ["Zoé", "Ärger", "山田太郎", "Иван", "Ελένη", "Jean-Luc", "Noël", "Straße"];

describe("nameSkeleton", () => {
  it("gives every look-alike of coco7 coco7's skeleton", () => {
    for (const [what, name] of LOOK_ALIKES_OF_COCO7) expect({ what, skeleton: nameSkeleton(name) }).toEqual({ what, skeleton: nameSkeleton("Coco7") });
  });

  it("keeps accents and tells different names apart", () => {
    expect(nameSkeleton("Zoé")).not.toBe(nameSkeleton("Zoe"));
    expect(nameSkeleton("Éloïse")).toBe(nameSkeleton("ÉLOÏSE"));
    expect(nameSkeleton("Éloïse")).toBe(nameSkeleton("E\u0301loïse"));
    expect(nameSkeleton("Ada")).not.toBe(nameSkeleton("Ava"));
    expect(nameSkeleton("Emma")).toBe(nameSkeleton("Ernrna"));
    expect(nameSkeleton("Straße")).toBe(nameSkeleton("STRASSE"));
    expect(nameSkeleton("\u3164".repeat(40))).toBe("");
  });
});

describe("display names (guests) and account names", () => {
  it("refuses invisible characters and invisible names: bad-name, reason invisible", () => {
    for (const [what, name] of [...INVISIBLE_NAMES, ...LOOK_ALIKES_OF_COCO7.slice(0, 3)]) {
      const parsed = parseDisplayName(name);
      expect({ what, parsed }).toMatchObject({ what, parsed: { ok: false, error: { code: "bad-name", params: { reason: "invisible" } } } });
    }
    for (const [what, name] of [["U+3164 ×10", "\u3164".repeat(10)], ["U+3164 then letters", "\u3164Ann"]]) expect({ what, parsed: parseAccountName(name) }).toMatchObject({ what, parsed: { ok: false, error: { code: "bad-name", params: { reason: "invisible" } } } });
  });

  it("refuses names that read as a bot's seat: bad-name, reason bot", () => {
    for (const name of ["bot:easy", "Bot (hard)", "BOT", "b0t medium", "Robot", "robot facile", "easy bot", "ｂｏｔ：ｅａｓｙ"]) {
      expect({ name, parsed: parseDisplayName(name) }).toMatchObject({ name, parsed: { ok: false, error: { code: "bad-name", params: { reason: "bot" } } } });
    }
    expect(parseAccountName("bot_easy")).toMatchObject({ ok: false, error: { params: { reason: "bot" } } });
    for (const name of ["Botticelli", "Abbot", "Robotnik"]) expect({ name, ok: parseDisplayName(name).ok }).toEqual({ name, ok: true });
  });

  it("keeps the Persian and Indic joiners in a display name", () => {
    expect(parseDisplayName("علی\u200Cرضا")).toEqual({ ok: true, value: "علی\u200Cرضا" });
  });

  it("accepts ordinary names in French and other scripts", () => {
    for (const name of ORDINARY) {
      expect({ name, parsed: parseDisplayName(name) }).toEqual({ name, parsed: { ok: true, value: name } });
      expect({ name, ok: parseAccountName(name).ok }).toEqual({ name, ok: true });
    }
  });

  it("a new account's key is its skeleton; the old key is still NFC lower case", () => {
    expect(parseAccountName("Coco7")).toEqual({ ok: true, value: { name: "Coco7", key: nameSkeleton("coco7") } });
    expect(nameKey("ÉLOÏSE")).toBe("éloïse");
  });
});

describe("chat text", () => {
  it("refuses 499 combining marks on one letter and text of zero-width spaces only", () => {
    expect(parseChatText(`a${"\u0301".repeat(499)}`)).toMatchObject({ ok: false, error: { code: "chat-bad-text", params: { reason: "marks", max: 2 } } });
    expect(parseChatText("Zalgo: h\u0336\u0337\u0338i")).toMatchObject({ ok: false, error: { code: "chat-bad-text", params: { reason: "marks" } } });
    for (const text of ["\u200B\u200B\u200B", "\u2060 \u200B", "\u3164\u3164", "\u00AD"]) {
      expect({ text, parsed: parseChatText(text) }).toMatchObject({ text, parsed: { ok: false, error: { code: "chat-bad-text", params: { reason: "invisible" } } } });
    }
  });

  it("keeps ordinary messages, accents and emoji included", () => {
    for (const text of ["Bien joué, Zoé !", "ệ Tiếng Việt", "山田さん、よろしく", "👍🏽 gg", "👨\u200D👩\u200D👧"]) expect({ text, parsed: parseChatText(text) }).toEqual({ text, parsed: { ok: true, value: text } });
  });
});

describe("names against accounts, on a booted server", () => {
  let server: TestServer;
  let table: string;
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as any,
      cookie: r.headers.get("set-cookie")?.split(";")[0] ?? null,
    }));

  beforeAll(async () => {
    server = await boot({ limits: { loginsPerNamePerMinute: 100 } });
    expect((await post("/api/account", { name: "coco7", password: "coco7-password" })).status).toBe(200);
    // An account made before skeletons: its stored key is the old NFC lower-case one ("emma", not "ernrna").
    await server.storage.insertPlayer(
      { id: "old-emma", name: "Emma", nameKey: nameKey("Emma"), passwordHash: await hashPassword("emma-password"), createdAt: 1 },
      { tokenHash: "x".repeat(64), playerId: "old-emma", createdAt: 1, expiresAt: 2 },
      [],
    );
    table = (await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] })).body.table.id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a guest may not sit under a look-alike of an account's name: 409 account-name or 400 bad-name", async () => {
    for (const [what, name] of LOOK_ALIKES_OF_COCO7) {
      const refused = await post(`/api/tables/${table}/join`, { name });
      expect({ what, status: refused.status, code: refused.body.error?.code }).toEqual({
        what,
        status: refused.body.error?.code === "bad-name" ? 400 : 409,
        code: what.startsWith("zero") || what.startsWith("soft") || what.startsWith("word") ? "bad-name" : "account-name",
      });
    }
    for (const [what, name] of [...INVISIBLE_NAMES, ["bot label", "bot:easy"] as const]) {
      const refused = await post(`/api/tables/${table}/join`, { name });
      expect({ what, status: refused.status, code: refused.body.error?.code }).toEqual({ what, status: 400, code: "bad-name" });
    }
    // nothing was taken by the refusals
    expect((await http(server, "GET", `/api/tables/${table}`)).body.table.seats.map((s: { kind: string }) => s.kind)).toEqual(["open", "open"]);
  });

  it("a new account may not take a look-alike of an existing account's name: 409 name-taken", async () => {
    for (const name of ["сосо7", "ｃｏｃｏ７", "COCO7", "c0c07"]) {
      const refused = await post("/api/account", { name, password: "look-alike-password" });
      expect({ name, status: refused.status, code: refused.body.error?.code }).toEqual({ name, status: 409, code: "name-taken" });
    }
    for (const name of ["co\u200Bco7", "\u3164".repeat(10)]) expect((await post("/api/account", { name, password: "look-alike-password" })).body.error.code).toBe("bad-name");
  });

  it("an account made before skeletons is still found under its old key: log-in, profile, guest and new-account checks", async () => {
    expect((await post("/api/login", { name: "EMMA", password: "emma-password" })).status).toBe(200);
    expect((await http(server, "GET", "/api/players/emma")).body.name).toBe("Emma");
    expect((await post(`/api/tables/${table}/join`, { name: "emma" })).body.error.code).toBe("account-name");
    expect((await post("/api/account", { name: "EmMa", password: "another-password" })).body.error.code).toBe("name-taken");
  });

  it("a new account is found by any spelling that looks like it: log-in and profile", async () => {
    expect((await post("/api/login", { name: "ＣＯＣＯ７", password: "coco7-password" })).status).toBe(200);
    expect((await http(server, "GET", `/api/players/${encodeURIComponent("сосо7")}`)).body.name).toBe("coco7");
  });

  it("ordinary names in French and other scripts are accepted, as guests and as accounts", async () => {
    const fresh = (await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] })).body.table.id;
    for (const name of ["Zoé", "Иван"]) expect({ name, status: (await post(`/api/tables/${fresh}/join`, { name })).status }).toEqual({ name, status: 200 });
    for (const name of ["Ärger", "山田太郎", "Ivan"]) expect({ name, status: (await post("/api/account", { name, password: `${name}-password` })).status }).toEqual({ name, status: 200 });
  });

  it("a spectator may not sign chat with a look-alike of an account's name; invisible and stacked text are refused", async () => {
    const watched = (await http(server, "POST", "/api/tables", { game: "bidding", seats: [{ kind: "open" }, { kind: "open" }] })).body.table.id;
    const watcher = await Client.open(server);
    watcher.send({ type: "hello", tableId: watched });
    await watcher.waitFor("chat-history");
    const ask = async (message: Record<string, unknown>) => {
      const ref = `r${Math.random().toString(36).slice(2)}`;
      watcher.send({ ...message, ref });
      return Promise.race([watcher.waitFor("ack", (m) => m.ref === ref), watcher.waitFor("error", (m) => m.ref === ref)]) as Promise<Extract<ServerOut, { type: "ack" | "error" }>>;
    };
    for (const name of ["сосо7", "ｃｏｃｏ７", "Emma"]) expect({ name, answer: await ask({ type: "chat", text: "it's me", name }) }).toMatchObject({ name, answer: { type: "error", code: "account-name" } });
    expect(await ask({ type: "chat", text: "\u200B\u200B", name: "Watcher" })).toMatchObject({ type: "error", code: "chat-bad-text", params: { reason: "invisible" } });
    expect(await ask({ type: "chat", text: `a${"\u0301".repeat(499)}`, name: "Watcher" })).toMatchObject({ type: "error", code: "chat-bad-text", params: { reason: "marks" } });
    expect(await ask({ type: "chat", text: "Bien joué !", name: "Zoé" })).toMatchObject({ type: "ack" });
    await watcher.close();
  });
});
