// A table: join it (name, seat) when this browser holds no seat, watch it, or play it.
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAccount } from "../account.ts";
import { api, heldSeat, holdSeat, playerName, rememberName, syncAccountSeats, type HeldSeat } from "../api.ts";
import type { TableInfo } from "../protocol.ts";
import { navigate } from "../route.ts";
import { ErrorBox, errorText } from "../widgets.tsx";
import { Match } from "./Match.tsx";

export function TablePage({ id, watch }: { id: string; watch: boolean }) {
  const { t } = useTranslation();
  const [table, setTable] = useState<TableInfo | null>(null);
  const [seat, setSeat] = useState<HeldSeat | null>(() => heldSeat(id));
  const [error, setError] = useState<unknown>(null);
  const [name, setName] = useState(playerName());
  const account = useAccount();

  useEffect(() => {
    api.table(id).then(setTable, setError);
  }, [id]);

  // Logged in without this table's seat here: the account may hold it from another browser (a join
  // or a rematch since this browser logged in); its seats are fetched and the seat taken up.
  useEffect(() => {
    if (seat || !account) return;
    let current = true;
    syncAccountSeats(account.name).then(
      () => {
        const held = heldSeat(id);
        if (current && held) setSeat(held);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [id, account, seat]);

  if (error && !table) return <ErrorBox message={errorText(t, error)} />;
  if (seat && !watch) return <Match tableId={id} token={seat.token} />;
  if (watch) return <Match tableId={id} token={undefined} />;
  if (!table) return <p aria-live="polite">{t("table.loading")}</p>;
  if (table.status !== "open") return <Match tableId={id} token={undefined} />;

  const join = async (e: FormEvent) => {
    e.preventDefault();
    try {
      // Logged in, the server seats the account under its own name.
      const me = account ? account.name : name.trim() || t("create.defaultName");
      if (!account) rememberName(me);
      const joined = await api.join(id, me);
      const held = { seat: joined.seat, token: joined.token, name: me };
      holdSeat(id, held);
      setSeat(held);
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section className="join">
      <h1>{table.gameTitle}</h1>
      <p>{t("table.waiting", { n: table.seats.filter((s) => s.kind === "open").length })}</p>
      {table.hints === true && table.seats.filter((s) => s.kind !== "bot").length >= 2 && <p data-testid="hints-agreed">{t("table.hintsAgreed")}</p>}
      <form onSubmit={join}>
        {account ? (
          <span data-testid="playing-as">{t("account.playingAs", { name: account.name })}</span>
        ) : (
          <label>
            {t("create.name")} <input name="name" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
          </label>
        )}{" "}
        <button type="submit" className="primary">{t("table.joinAs")}</button>{" "}
        <button type="button" onClick={() => navigate({ page: "table", id, watch: true })}>{t("home.watch")}</button>
      </form>
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
    </section>
  );
}
