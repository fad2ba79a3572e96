// Incantibus board: the tower (rooms left) and the room as a grid of token faces (face-down ones as
// backs), the potions (ingredient icons), grimoires, spell cards, the crypt's sorcerers as cards,
// each seat's wand, pointing status and trunk (icons and counts), the last Incanto! (who pointed at
// what), the moat as a pile, and the follow-ups (a token in hand, a payment, Ultimus). Acting is
// clicking (or focus + Enter) the component the action names: every listed legal action of the
// reader has its element on the board (anything unmatched falls back to a button in the board).
// Every word comes from the game's catalogue (games/incantibus/src/text) through props.tx.
import { useRef, type ReactNode } from "react";
import { msg, type Message } from "@grimoire/engine";
import { Face, sayAround, Target, useMotion, type BoardProps, type LegalAction } from "@grimoire/web/kit";
import { SPELL_CARDS, type Spell } from "../data.ts";
import { cardMessage, needMessage, roomMessage, SPELL_KEY, targetMessage, tokenEffectKey, tokenMessage } from "../describe.ts";
import { faceId, tokenName } from "../names.ts";
import { needOf } from "../rules.ts";
import { face, pointsOf } from "../trunk.ts";
import type { Action, Event, Target as PointTarget, View } from "../state.ts";
import { BackIcon, CheckIcon, EyeIcon, FaceIcon, HatIcon, HourglassIcon, INGREDIENT_SVG, MONSTER_SVG, MoatIcon, SpellIcon, TowerIcon, WandIcon } from "./icons.tsx";
import { incantibusMotions } from "./motion.ts";
import "./board.css";

// ---- which board element an action names ----

/** A board element's key as the guided first game's coach names it (`data-coach`): "trunk:1:Pièce" → "trunk-1-piece". */
export const coachId = (key: string): string => key.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** The board element a legal action belongs to (several elements may share one: a thrown token's copies). */
export function elementKeys(a: Action, me: number): string[] {
  switch (a.type) {
    case "point":
      switch (a.target.type) {
        case "room": return [`room:${a.target.slot}`];
        case "sorcerer": return [`sorcerer:${a.target.slot}`];
        case "potion": return [`potion:${a.target.potion}`];
        case "grimoire": return [`grimoire:${a.target.grimoire}`];
      }
      break;
    case "imperium": case "video": return [`room:${a.slot}`];
    case "throw": return [`trunk:${me}:${a.token}`, `hand:${a.token}`];
    case "pay": return [`trunk:${me}:${a.token}`];
    case "steal": return [`trunk:${a.from}:${a.token}`];
    case "retiro": return [`moat:${a.token}`];
    case "cast": return [`spell:${a.spell}`];
    case "ultimus": return [`ultimus:${a.use ? "use" : "keep"}`];
  }
  return [];
}

/** Kinds in the order a trunk lists them. */
const KIND_ORDER = ["weapon", "monster", "ingredient", "gold", "special", "spell", "potion", "grimoire", "sorcerer"];
const kindOf = (id: number) => face(id).kind;

/** A trunk (or the moat) grouped by face name: one entry per name with its copies, in kind order. */
export function groupTokens(tokens: readonly number[]): { name: string; id: number; count: number }[] {
  const groups = new Map<string, { name: string; id: number; count: number }>();
  for (const id of tokens) {
    const name = tokenName(id);
    const g = groups.get(name);
    if (g) g.count++;
    else groups.set(name, { name, id, count: 1 });
  }
  return [...groups.values()].sort((a, b) => KIND_ORDER.indexOf(kindOf(a.id)) - KIND_ORDER.indexOf(kindOf(b.id)));
}

/** The incantation whose reveal is the last one at this position (the one being resolved, or the previous). */
export const revealedIncantation = (view: View): number => (view.phase.type === "point" ? view.incantation - 1 : view.incantation);

/** The last Incanto!, from the view, shown only while it is the last reveal of the position (not in a new room). */
const lastReveal = (view: View) => (view.lastIncanto && view.lastIncanto.of === revealedIncantation(view) ? view.lastIncanto : null);

/** Seats whose wand changed hands in the last change (their wand is shown swapping). */
const swappedSeats = (events: readonly Event[]): Set<number> => new Set(events.flatMap((e) => (e && e.type === "swap" ? e.seats : [])));

export function IncantibusBoard({ view, seat, legal, act, events, tx }: BoardProps<View, Event>) {
  const last = lastReveal(view);
  const reveal = last?.choices ?? null;
  // Events are for motion only: the wands swapping, a new room coming in.
  const swapped = swappedSeats(events);
  const newRoom = events.some((e) => e && e.type === "room");
  const me = seat ?? -1;
  const phase = view.phase;
  const step = phase.type === "resolve" ? phase.queue[0] ?? null : null;
  const deciding = step && "seat" in step ? step.seat : null;
  const root = useRef<HTMLElement | null>(null);
  useMotion(root, events, () => incantibusMotions(events));

  // every element that can act registers its key; listed actions left over get a plain button
  const byKey = new Map<string, LegalAction>();
  for (const la of legal ?? []) for (const k of elementKeys(la.action as Action, me)) if (!byKey.has(k)) byKey.set(k, la);
  const shown = new Set<string>();
  const actionFor = (key: string): LegalAction | undefined => {
    const la = byKey.get(key);
    if (la) shown.add(JSON.stringify(la.action));
    return la;
  };

  /**
   * A target face's name: its action ("point at Goblin (1st token of the room)") said around the
   * words it shows (`shown`, its caption), or before them when it shows none of the action's words.
   */
  const spoken = (la: LegalAction | undefined, shown?: string) => (la === undefined ? {} : shown === undefined ? { spoken: tx.line(la.label as Message) } : sayAround(tx.line(la.label as Message), shown));
  const effect = (key: string) => tx.t(key);
  const pts = (n: number) => tx.t("board.points", { n });

  /** A token face: icon, points badge, optional caption; a board target when `key` has a listed action. */
  const tokenFace = (id: number, opts: { key?: string; caption?: boolean; known?: boolean; count?: number; small?: boolean; label?: string; selected?: boolean; piece?: string } = {}): ReactNode => {
    const f = face(id);
    const name = tx.line(tokenMessage(id, "name"));
    const la = opts.key ? actionFor(opts.key) : undefined;
    const base = opts.label ?? (opts.known ? tx.t("board.knownHidden", { token: tokenMessage(id, "name") }) : name);
    const label = opts.count && opts.count > 1 ? tx.t("board.copies", { name: base, n: opts.count }) : base;
    const points = f.kind === "gold" ? f.value : f.kind === "monster" || f.kind === "potion" || f.kind === "grimoire" || f.kind === "sorcerer" ? f.points : null;
    return (
      <Face
        key={opts.key ?? `${id}`}
        title={name}
        body={effect(tokenEffectKey(id))}
        label={label}
        {...spoken(la, opts.caption ? name : undefined)}
        className={`inc-face inc-token k-${f.kind}${opts.small ? " small" : ""}${opts.known ? " known" : ""}`}
        onActivate={la ? () => act(la.action) : undefined}
        legal={la !== undefined}
        selected={opts.selected ? true : undefined}
        piece={opts.piece}
        coach={opts.key ? coachId(opts.key) : undefined}
      >
        <span className="inc-disc">
          <FaceIcon face={f} size={opts.small ? 22 : 32} />
          {/* the badge's bare number is said in words after the name ("(3 points)"); gold says it in its name */}
          {points !== null && <span className="inc-badge" aria-hidden="true">{tx.t("board.value", { n: points })}</span>}{" "}
          {opts.known && <span className="inc-eye"><EyeIcon /></span>}
          {opts.count !== undefined && opts.count > 1 && <span className="inc-count">{tx.t("board.count", { n: opts.count })}</span>}
        </span>{" "}
        {opts.caption && <span className="inc-caption">{name}</span>}
        {points !== null && f.kind !== "gold" && <>{" "}<span className="sr-only">{tx.t("board.worth", { n: points })}</span></>}
      </Face>
    );
  };

  /** A face-down room token (a board target when the key has an action). */
  const backFace = (key: string, label: string, selected: boolean, lookedBy: readonly number[]): ReactNode => {
    const la = actionFor(key);
    const looked = lookedBy.length > 0 ? tx.t("board.lookedBy", { seats: lookedBy.map((seat) => msg("common.name", { who: { seat } })) }) : null;
    return (
      <Face
        key={key}
        title={tx.t("board.hiddenToken")}
        body={looked === null ? tx.t("board.hiddenBody") : `${tx.t("board.hiddenBody")} ${looked}`}
        label={label}
        {...spoken(la, tx.t("board.hiddenToken"))}
        className="inc-face inc-token back"
        onActivate={la ? () => act(la.action) : undefined}
        legal={la !== undefined}
        selected={selected ? true : undefined}
        coach={coachId(key)}
      >
        <span className="inc-disc"><BackIcon />{looked !== null && <span className="inc-eye"><EyeIcon /></span>}</span>{" "}
        <span className="inc-caption">{tx.t("board.hiddenToken")}</span>
      </Face>
    );
  };

  const needLine = (id: number): ReactNode => {
    const need = needOf(id);
    if (need.kind === "recipe") return <span className="inc-recipe">{need.ingredients.map((i, n) => <span key={n} className="inc-mini">{INGREDIENT_SVG(i)}</span>)}</span>;
    return (
      <span className="inc-need">
        {need.kind === "monster" && <span className="inc-mini">{MONSTER_SVG(need.monster)}</span>}
        {tx.line(needMessage(need))}
      </span>
    );
  };

  /** A potion or grimoire of the row (a board target when pointing at it is listed). */
  const rowFace = (id: number, kind: "potion" | "grimoire"): ReactNode => {
    const f = face(id);
    const key = `${kind}:${tokenName(id)}`;
    const la = actionFor(key);
    const name = tx.line(tokenMessage(id, "name"));
    const mine = phase.type === "point" && phase.mine?.type === kind && (kind === "potion" ? phase.mine.type === "potion" && phase.mine.potion : phase.mine.type === "grimoire" && phase.mine.grimoire) === tokenName(id);
    return (
      <Face
        key={key}
        title={name}
        body={effect(tokenEffectKey(id))}
        label={name}
        {...spoken(la)}
        className={`inc-face inc-card ${kind}${f.kind === "potion" ? ` c-${f.colour}` : ""}`}
        onActivate={la ? () => act(la.action) : undefined}
        legal={la !== undefined}
        selected={mine ? true : undefined}
        coach={coachId(key)}
      >
        <span className="inc-card-art"><FaceIcon face={f} size={36} /><span className="inc-badge pts">{pts(pointsOf(id))}</span></span>{" "}
        {needLine(id)}
      </Face>
    );
  };

  /** A crypt sorcerer as a card, face up (name, points, weakness) or face down. */
  const sorcererFace = (slot: number, s: { token: number | null; faceUp: boolean }): ReactNode => {
    const key = `sorcerer:${slot}`;
    const la = actionFor(key);
    const mine = phase.type === "point" && phase.mine?.type === "sorcerer" && phase.mine.slot === slot;
    const common = { onActivate: la ? () => act(la.action) : undefined, legal: la !== undefined, selected: mine ? true : undefined, coach: coachId(key) };
    if (s.token === null) {
      const name = tx.t("board.hiddenSorcerer");
      return (
        <Face key={key} title={name} body={tx.t("board.hiddenSorcererBody")} label={name} {...spoken(la)} className="inc-face inc-sorcerer back" {...common}>
          <span className="inc-card-art"><HatIcon size={40} /></span>{" "}
          <span className="inc-sname">{tx.t("board.hiddenMark")}</span>
        </Face>
      );
    }
    const name = tx.line(tokenMessage(s.token, "name"));
    return (
      <Face key={key} title={name} body={effect(tokenEffectKey(s.token))} label={name} {...spoken(la, name)} className="inc-face inc-sorcerer" {...common}>
        <span className="inc-card-art"><HatIcon size={34} /><span className="inc-badge pts">{pts(pointsOf(s.token))}</span></span>{" "}
        <span className="inc-sname">{name}</span>{" "}
        {needLine(s.token)}
      </Face>
    );
  };

  const spellFace = (card: number): ReactNode => {
    const spell = SPELL_CARDS[card]! as Spell;
    const key = `spell:${spell}`;
    const la = actionFor(key);
    const name = tx.line(cardMessage(card));
    return (
      <Face
        key={`card${card}`}
        title={name}
        body={tx.t(`spell.${SPELL_KEY[spell]}.effect`)}
        label={name}
        {...spoken(la, name)}
        className={`inc-face inc-spell s-${SPELL_KEY[spell]}`}
        onActivate={la ? () => act(la.action) : undefined}
        legal={la !== undefined}
        coach={coachId(key)}
      >
        <span className="inc-card-art"><SpellIcon spell={spell} size={30} /></span>{" "}
        <span className="inc-sname">{name}</span>
      </Face>
    );
  };

  const wandFace = (s: number): ReactNode => {
    const n = view.wands[s]!;
    return (
      <Face key={`wand${n}`} coach={`wand-${s}`} title={tx.line(msg(`wand.${n}.name`))} body={tx.t(`wand.${n}.effect`)} label={tx.t("board.wand", { n })} className={`inc-face inc-wand${swapped.has(s) ? " swapped" : ""}`}>
        <span className="inc-wand-row"><WandIcon power={n} /><span>{tx.t("board.wand", { n })}</span></span>
      </Face>
    );
  };

  const targetIcon = (t: PointTarget): ReactNode => <span className="inc-mini">{targetArt(t)}</span>;
  const targetArt = (t: PointTarget): ReactNode => {
    switch (t.type) {
      case "room": return t.token === null ? <BackIcon size={18} /> : <FaceIcon face={face(faceId(t.token))} size={18} />;
      case "potion": return <FaceIcon face={face(faceId(t.potion))} size={18} />;
      case "grimoire": return <FaceIcon face={face(faceId(t.grimoire))} size={18} />;
      case "sorcerer": return <HatIcon size={18} />;
    }
  };

  // ---- the room ----
  const mine = phase.type === "point" ? phase.mine : null;
  const room = view.room === null ? null : (
    <div key={`room${view.room}`} className={`inc-room${newRoom ? " fresh" : ""}`} role="group" aria-label={tx.t("board.roomTokens")}>
      {view.roomTokens.map((t, slot) => {
        const key = `room:${slot}`;
        const selected = mine?.type === "room" && mine.slot === slot;
        if (!t) return <span key={key} className="inc-slot empty" aria-hidden="true" />;
        const place = (token: Message) => tx.t("board.roomSlot", { position: slot + 1, token });
        if (t.token === null) return <span key={key} className="inc-slot">{backFace(key, place(msg("board.hiddenToken")), selected, t.knownBy)}</span>;
        return (
          <span key={key} className="inc-slot">
            {tokenFace(t.token, { key, caption: true, known: t.hidden, label: place(t.hidden ? msg("board.knownHidden", { token: tokenMessage(t.token, "name") }) : tokenMessage(t.token, "name")), selected })}
          </span>
        );
      })}
    </div>
  );

  // ---- the follow-up in progress: a token in hand, a payment, Ultimus ----
  let followUp: ReactNode = null;
  if (step && (step.k === "place" || step.k === "ultimus" || step.k === "pay" || step.k === "videoUltimus")) {
    const who = tx.line(msg("common.name", { who: { seat: step.seat } }));
    followUp = (
      <div className={`inc-followup${step.seat === me ? " mine" : ""}`} role="group" aria-label={tx.t("board.followUp", { seat: { seat: step.seat } })}>
        <span className="inc-followup-who">{who}</span>
        {(step.k === "place" || step.k === "ultimus") && (
          <span className="inc-hand"><span className="inc-label">{tx.t("board.inHand")}</span>{tokenFace(step.token, { key: step.k === "place" ? `hand:${tokenName(step.token)}` : undefined, caption: true })}</span>
        )}
        {step.k === "pay" && (
          <span className="inc-hand">
            <span className="inc-label">{tx.t("board.paying")}</span>
            {tokenFace(step.reward, { caption: true })}
            <span className="inc-needs">{needLine(step.reward)}</span>
            {step.chosen.length > 0 && (
              <>
                <span className="inc-label">{tx.t("board.paid")}</span>
                {groupTokens(step.chosen).map((g) => tokenFace(g.id, { small: true, count: g.count }))}
              </>
            )}
          </span>
        )}
        {(step.k === "ultimus" || step.k === "videoUltimus") && (
          <span className="inc-choices">
            {(["use", "keep"] as const).map((k) => {
              const la = actionFor(`ultimus:${k}`);
              if (!la) return null;
              return (
                <Target key={k} action={la.action} legal={legal} act={act} label={tx.line(la.label as Message)} className={`inc-choice ${k}`} coach={`ultimus-${k}`}>
                  {k === "use" && <FaceIcon face={{ kind: "special", special: "Ultimus" }} size={24} />}
                  <span>{tx.line(la.label as Message)}</span>
                </Target>
              );
            })}
          </span>
        )}
      </div>
    );
  }

  // ---- the market: potions, grimoires, spell cards ----
  const market = (
    <div className="inc-market">
      <div className="inc-row" role="group" aria-label={tx.t("board.potions")}>
        <h4>{tx.t("board.potions")} <span className="muted">{tx.t("board.left", { n: view.potionSupply })}</span></h4>
        <div className="inc-row-items">{view.potionRow.length === 0 ? <span className="muted">{tx.t("board.nothing")}</span> : view.potionRow.map((id) => rowFace(id, "potion"))}</div>
      </div>
      {view.mode === "expert" && (
        <div className="inc-row" role="group" aria-label={tx.t("board.grimoires")}>
          <h4>{tx.t("board.grimoires")} <span className="muted">{tx.t("board.left", { n: view.grimoireSupply })}</span></h4>
          <div className="inc-row-items">{view.grimoireRow.length === 0 ? <span className="muted">{tx.t("board.nothing")}</span> : view.grimoireRow.map((id) => rowFace(id, "grimoire"))}</div>
        </div>
      )}
      <div className="inc-row" role="group" aria-label={tx.t("board.spells")}>
        <h4>{tx.t("board.spells")} <span className="muted">{tx.t("board.pile", { n: view.pile })}</span></h4>
        <div className="inc-row-items">{view.faceUp.length === 0 ? <span className="muted">{tx.t("board.nothing")}</span> : view.faceUp.map(spellFace)}</div>
      </div>
    </div>
  );

  // ---- the crypt ----
  const crypt = (
    <div className={`inc-crypt${view.room === null ? " active" : ""}`} data-coach="crypt" role="group" aria-label={tx.t("board.sorcerers")}>
      <h4>{tx.t("board.sorcerers")}{view.sorcerersOut > 0 && <span className="muted"> {tx.t("board.sorcerersOut", { n: view.sorcerersOut })}</span>}</h4>
      <div className="inc-row-items">
        {view.sorcerers.every((s) => s === null) ? <span className="muted">{tx.t("board.nothing")}</span> : view.sorcerers.map((s, slot) => (s ? sorcererFace(slot, s) : <span key={`s${slot}`} className="inc-sorcerer gone" aria-hidden="true" />))}
      </div>
    </div>
  );

  // ---- the players: wand, pointing, points, trunk ----
  const players = (
    <div className="inc-players">
      {Array.from({ length: view.seats }, (_, s) => {
        const trunk = view.trunks[s] ?? [];
        const total = trunk.reduce((sum, id) => sum + pointsOf(id), 0) + (view.mode === "expert" ? view.wands[s]! : 0);
        return (
          <div key={s} className={`inc-player seat-${s}${s === me ? " me" : ""}${deciding === s ? " active" : ""}`}>
            <div className="inc-player-head">
              <span className="inc-pname">{tx.line(msg("common.name", { who: { seat: s } }))}</span>
              {wandFace(s)}
              <span className="inc-score">{pts(total)}</span>
              {phase.type === "point" && (
                phase.chosen[s]
                  ? <span className="inc-status done"><CheckIcon />{tx.t("board.pointed")}</span>
                  : <span className="inc-status waiting"><HourglassIcon />{tx.t("board.waiting")}</span>
              )}
            </div>
            <div className="inc-trunk" role="group" aria-label={tx.t("board.trunkOf", { seat: { seat: s } })} data-coach={`trunk-${s}`}>
              {trunk.length === 0 ? <span className="muted">{tx.t("board.emptyTrunk")}</span> : groupTokens(trunk).map((g) => tokenFace(g.id, { key: `trunk:${s}:${g.name}`, count: g.count, small: true, piece: g.name }))}
            </div>
          </div>
        );
      })}
    </div>
  );

  // ---- the last Incanto! ----
  const revealBox = reveal && (
    <div key={`${view.rooms.length}:${last?.of}`} className="inc-reveal" role="group" aria-label={tx.t("board.reveal")}>
      <h4>{tx.t("board.reveal")}</h4>
      <ul>
        {reveal.map((t, s) => {
          const shared = reveal.filter((o) => JSON.stringify(o) === JSON.stringify(t)).length > 1;
          return (
            <li key={s} className={shared ? "contest" : undefined}>
              <span className="inc-pname">{tx.line(msg("common.name", { who: { seat: s } }))}</span>
              <svg className="inc-arrow" viewBox="0 0 24 12" width="24" height="12" aria-hidden="true"><path d="M0 6 H18 M14 1 L20 6 L14 11" stroke="currentColor" strokeWidth="2" fill="none" /></svg>
              {targetIcon(t)}
              <span>{tx.line(targetMessage(t))}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );

  // ---- the moat ----
  const moatGroups = groupTokens(view.moat);
  const retiro = (legal ?? []).some((la) => (la.action as Action).type === "retiro");
  const moat = (
    <div className="inc-moat" data-coach="moat" role="group" aria-label={tx.t("board.moat")}>
      <MoatIcon count={view.moat.length} />
      <span className="inc-moat-count"><strong>{tx.t("board.moat")}</strong> {tx.t("board.moatCount", { n: view.moat.length })}</span>
      {view.moat.length > 0 && (
        <details className="inc-moat-list" open={retiro}>
          <summary>{tx.t("board.moatShow")}</summary>
          <div className="inc-row-items">{moatGroups.map((g) => tokenFace(g.id, { key: `moat:${g.name}`, count: g.count, small: true }))}</div>
        </details>
      )}
    </div>
  );

  // assembled in this order so that every element has registered before the leftovers are listed
  const leftovers = (legal ?? []).filter((la) => !shown.has(JSON.stringify(la.action)));
  return (
    <section ref={root} className="board incantibus inc" aria-label={tx.t("board.tower")}>
      <div className="inc-top">
        <div className="inc-tower-box">
          <TowerIcon left={view.rooms.length} crypt={view.room === null} />
          <div>
            <h3>
              {view.room === null
                ? tx.t("board.heading.crypt", { n: view.incantation, mode: view.mode })
                : tx.t("board.heading.room", { room: roomMessage(view.room), n: view.incantation, mode: view.mode })}
            </h3>
            <p className="muted">{tx.t("board.towerRooms", { n: view.rooms.length })}</p>
            {mine && <p className="inc-sealed">{tx.t("board.pointsAt", { target: targetMessage(mine) })}</p>}
          </div>
        </div>
        {room}
        {view.room === null && crypt}
      </div>
      {followUp}
      {revealBox}
      {market}
      {view.room !== null && crypt}
      {players}
      {moat}
      {leftovers.length > 0 && (
        <div className="inc-other" role="group" aria-label={tx.t("board.other")}>
          {leftovers.map((la, i) => (
            <Target key={i} action={la.action} legal={legal} act={act} label={tx.line(la.label as Message)} className="inc-choice">
              {tx.line(la.label as Message)}
            </Target>
          ))}
        </div>
      )}
    </section>
  );
}
