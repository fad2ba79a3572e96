// The "create a table" form: game, seats (me, open for a friend, or a bot of a level), clock,
// the game's options (built from its defaults), then join seat 1 and go to the table.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAccount } from "../account.ts";
import { api, holdSeat, playerName, rememberName } from "../api.ts";
import type { CreateTableRequest } from "../protocol.ts";
import { BOT_LEVELS, TABLE_MODES, type BotLevel, type GameInfo, type SeatRequest, type TableMode } from "../protocol.ts";
import { navigate } from "../route.ts";
import { ErrorBox, errorText } from "../widgets.tsx";
import { gameText, useGameText, useWordsLoaded } from "../text.tsx";

type SeatChoice = "open" | BotLevel;

export function CreateTable({ games }: { games: readonly GameInfo[] }) {
  useWordsLoaded(); // other games' titles arrive with their words
  const { t } = useTranslation();
  const [gameId, setGameId] = useState(games[0]?.id ?? "");
  const game = games.find((g) => g.id === gameId);
  const [others, setOthers] = useState<SeatChoice[]>(["medium"]);
  const [options, setOptions] = useState<Record<string, unknown>>(() => ({ ...((games[0]?.defaultOptions as Record<string, unknown>) ?? {}) }));
  const [clock, setClock] = useState("");
  const [grace, setGrace] = useState("");
  const [rated, setRated] = useState(true);
  const account = useAccount();
  const [mode, setMode] = useState<TableMode>("realtime");
  const [turnAmount, setTurnAmount] = useState("1");
  const [turnUnit, setTurnUnit] = useState<"hours" | "days">("days");
  const [bankDays, setBankDays] = useState("3");
  const [spectatorChat, setSpectatorChat] = useState(false);
  const [hints, setHints] = useState(false);
  const [privateTable, setPrivateTable] = useState(false);
  const [friendsOnly, setFriendsOnly] = useState(false);
  const [minRating, setMinRating] = useState("");
  const [maxRating, setMaxRating] = useState("");
  const [name, setName] = useState(playerName() || "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const tx = useGameText(gameId, null, null);

  const chooseGame = (id: string) => {
    setGameId(id);
    const g = games.find((x) => x.id === id);
    setOptions({ ...((g?.defaultOptions as Record<string, unknown>) ?? {}) });
    const min = Math.max(1, (g?.minSeats ?? 2) - 1);
    setOthers((prev) => (prev.length < min ? [...prev, ...Array<SeatChoice>(min - prev.length).fill("medium")] : prev.slice(0, Math.max(min, Math.min(prev.length, (g?.maxSeats ?? 2) - 1)))));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!game) return;
    setBusy(true);
    setError(null);
    try {
      const seats: SeatRequest[] = [{ kind: "open" }, ...others.map((c): SeatRequest => (c === "open" ? { kind: "open" } : { kind: "bot", level: c }))];
      const clockOf = (): Pick<CreateTableRequest, "mode" | "turnSeconds" | "bankSeconds" | "graceSeconds"> =>
        mode === "turn-based"
          ? { mode, turnSeconds: Math.round(Number(turnAmount) * (turnUnit === "days" ? 86_400 : 3600)), bankSeconds: bankDays.trim() === "" ? null : Math.round(Number(bankDays) * 86_400) }
          : { mode, turnSeconds: clock.trim() === "" ? null : Number(clock), ...(grace.trim() === "" ? {} : { graceSeconds: Math.round(Number(grace)) }) };
      // A table with hints is never rated (the server says so too).
      const bound = (text: string) => (text.trim() === "" ? null : Math.round(Number(text)));
      const ranged = rated && !hints && (bound(minRating) !== null || bound(maxRating) !== null);
      const table = await api.create({
        game: game.id,
        options,
        seats,
        ...clockOf(),
        spectatorChat,
        rated: rated && !hints,
        ...(hints ? { hints: true } : {}),
        ...(privateTable ? { private: true } : {}),
        ...(friendsOnly && account ? { friendsOnly: true } : {}),
        ...(ranged ? { minRating: bound(minRating), maxRating: bound(maxRating) } : {}),
      });
      // Logged in, the server seats the account under its own name.
      const me = account ? account.name : name.trim() || t("create.defaultName");
      if (!account) rememberName(me);
      const joined = await api.join(table.id, me, 0);
      holdSeat(table.id, { seat: joined.seat, token: joined.token, name: me });
      navigate({ page: "table", id: table.id, watch: false });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  if (!game) return null;
  const maxOthers = game.maxSeats - 1;
  const minOthers = Math.max(0, game.minSeats - 1);
  return (
    <section aria-labelledby="create-h">
      <h2 id="create-h">{t("home.create")}</h2>
      <form className="create" onSubmit={submit}>
        <label>
          {t("create.game")}
          <select name="game" value={gameId} onChange={(e) => chooseGame(e.target.value)}>
            {games.map((g) => (
              <option key={g.id} value={g.id}>{gameText(g.id, tx.lang, {}).t("game.title")}</option>
            ))}
          </select>
        </label>
        {account ? (
          <p data-testid="playing-as">{t("account.playingAs", { name: account.name })}</p>
        ) : (
          <label>
            {t("create.name")}
            <input name="name" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} autoComplete="nickname" />
          </label>
        )}
        <fieldset>
          <legend>{t("create.seats")}</legend>
          <p>{t("app.labelled", { label: t("create.seat", { n: 1 }) })} {t("create.me")}</p>
          {others.map((choice, i) => (
            <label key={i}>
              {t("create.seat", { n: i + 2 })}{" "}
              <select name={`seat${i + 1}`} value={choice} onChange={(e) => setOthers(others.map((c, j) => (j === i ? (e.target.value as SeatChoice) : c)))}>
                <option value="open">{t("create.open")}</option>
                {BOT_LEVELS.map((l) => (
                  <option key={l} value={l}>{t("create.bot")} ({t(`create.level.${l}`)})</option>
                ))}
              </select>
            </label>
          ))}
          <div className="row">
            <button type="button" className="small" data-testid="add-seat" disabled={others.length >= maxOthers} onClick={() => setOthers([...others, "medium"])} aria-label={t("create.addSeat")}>+</button>
            <button type="button" className="small" data-testid="remove-seat" disabled={others.length <= minOthers} onClick={() => setOthers(others.slice(0, -1))} aria-label={t("create.removeSeat")}>-</button>
          </div>
        </fieldset>
        {Object.keys(options).length > 0 && (
          <fieldset>
            <legend>{t("create.options")}</legend>
            {Object.entries(options).map(([key, value]) => {
              const doc = game.optionDocs.find((d) => d.name === key);
              const label = tx.t(`option.${key}.label`);
              const description = tx.t(`option.${key}.description`);
              if (typeof value === "boolean")
                return (
                  <label key={key} className="check">
                    <input type="checkbox" name={`opt-${key}`} checked={value} onChange={(e) => setOptions({ ...options, [key]: e.target.checked })} /> {label}
                    <small className="muted"> {description}</small>
                  </label>
                );
              if (doc && doc.values.length > 0)
                return (
                  <label key={key}>
                    {label}{" "}
                    <select name={`opt-${key}`} value={String(value)} onChange={(e) => setOptions({ ...options, [key]: typeof value === "number" ? Number(e.target.value) : e.target.value })}>
                      {doc.values.map((v) => (
                        <option key={v} value={v}>{tx.t(`option.${key}.value.${v}`)}</option>
                      ))}
                    </select>
                    <small className="muted"> {description}</small>
                  </label>
                );
              return (
                <label key={key}>
                  {label}
                  <input
                    name={`opt-${key}`}
                    type={typeof value === "number" ? "number" : "text"}
                    value={String(value)}
                    onChange={(e) => setOptions({ ...options, [key]: typeof value === "number" ? Number(e.target.value) : e.target.value })}
                  />
                  <small className="muted">{description}</small>
                </label>
              );
            })}
          </fieldset>
        )}
        <label>
          {t("create.mode")}{" "}
          <select name="mode" value={mode} onChange={(e) => setMode(e.target.value as TableMode)}>
            {TABLE_MODES.map((m) => (
              <option key={m} value={m}>{t(`create.modes.${m}`)}</option>
            ))}
          </select>
        </label>
        {mode === "realtime" ? (
          <>
            <label>
              {t("create.clock")}
              <input name="clock" type="number" min={5} value={clock} onChange={(e) => setClock(e.target.value)} />
            </label>
            {/* The absence a player is allowed before a bot plays for them (they take their seat back on return). */}
            <label>
              {t("create.grace")}
              <input name="grace" type="number" min={5} max={86_400} value={grace} onChange={(e) => setGrace(e.target.value)} />
              <small className="muted">{t("create.graceHelp")}</small>
            </label>
          </>
        ) : (
          <>
            <label>
              {t("create.turnHours")}{" "}
              <input name="turn" type="number" min={1} value={turnAmount} onChange={(e) => setTurnAmount(e.target.value)} />{" "}
              <select name="turnUnit" aria-label={t("create.turnHours")} value={turnUnit} onChange={(e) => setTurnUnit(e.target.value as "hours" | "days")}>
                <option value="hours">{t("create.turnUnit.hours")}</option>
                <option value="days">{t("create.turnUnit.days")}</option>
              </select>
            </label>
            <label>
              {t("create.bankDays")}
              <input name="bank" type="number" min={0} step="any" value={bankDays} onChange={(e) => setBankDays(e.target.value)} />
            </label>
          </>
        )}
        <label className="check">
          <input type="checkbox" name="spectatorChat" checked={spectatorChat} onChange={(e) => setSpectatorChat(e.target.checked)} /> {t("create.spectatorChat")}
        </label>
        <label className="check">
          <input type="checkbox" name="rated" checked={rated} onChange={(e) => setRated(e.target.checked)} /> {t("create.rated")}
        </label>
        <label className="check">
          <input type="checkbox" name="private" checked={privateTable} onChange={(e) => setPrivateTable(e.target.checked)} /> {t("create.private")}
        </label>
        {account && (
          <label className="check">
            <input type="checkbox" name="friendsOnly" checked={friendsOnly} onChange={(e) => setFriendsOnly(e.target.checked)} /> {t("create.friendsOnly")}
          </label>
        )}
        {rated && !hints && (
          <fieldset className="rating-range">
            <legend>{t("create.ratingRange")}</legend>
            <label>
              {t("create.minRating")} <input name="minRating" type="number" step={1} min={-1000} max={10000} value={minRating} onChange={(e) => setMinRating(e.target.value)} />
            </label>{" "}
            <label>
              {t("create.maxRating")} <input name="maxRating" type="number" step={1} min={-1000} max={10000} value={maxRating} onChange={(e) => setMaxRating(e.target.value)} />
            </label>
          </fieldset>
        )}
        {/* Hints make the table unrated: with friends, everyone who joins agrees to them. */}
        <label className="check">
          <input type="checkbox" name="hints" checked={hints} onChange={(e) => setHints(e.target.checked)} /> {t("create.hints")}
          <small className="muted"> {t("create.hintsHelp")}</small>
        </label>
        <ErrorBox message={error === null ? null : errorText(t, error)} />
        <button type="submit" className="primary" data-testid="create-table" disabled={busy}>
          {busy ? t("create.creating") : t("create.submit")}
        </button>
      </form>
    </section>
  );
}
