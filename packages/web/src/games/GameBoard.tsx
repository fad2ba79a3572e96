// Picks the board of a game; each draws its view with SVG/CSS. Unknown games get a plain dump.
import type { LegalAction, TableInfo } from "../protocol.ts";
import { AbracaBoard } from "./AbracaBoard.tsx";
import { EmmerlausBoard } from "./EmmerlausBoard.tsx";
import { IncantibusBoard } from "./IncantibusBoard.tsx";
import { ShazammBoard } from "./ShazammBoard.tsx";

export interface BoardProps<V = unknown> {
  readonly view: V;
  readonly seat: number | null;
  readonly table: TableInfo;
  /** Listed legal actions when it is this seat's decision ([] otherwise, null when too many). */
  readonly legal: readonly LegalAction[] | null;
  readonly act: (action: unknown) => void;
  readonly events: readonly unknown[];
  readonly myTurn: boolean;
}

export function GameBoard(props: BoardProps & { game: string }) {
  switch (props.game) {
    case "abracadawhat":
      return <AbracaBoard {...(props as unknown as BoardProps<never>)} />;
    case "shazamm":
      return <ShazammBoard {...(props as unknown as BoardProps<never>)} />;
    case "incantibus":
      return <IncantibusBoard {...(props as unknown as BoardProps<never>)} />;
    case "emmerlaus":
      return <EmmerlausBoard {...(props as unknown as BoardProps<never>)} />;
    default:
      return <pre className="dump">{JSON.stringify(props.view, null, 1)}</pre>;
  }
}

/** Hearts/points as a bar with a number (worded by the board: `text`), labelled for screen readers. */
export function Meter({ value, max, label, text, className }: { value: number; max: number; label: string; text: string; className?: string }) {
  const pct = Math.max(0, Math.min(100, (value / Math.max(1, max)) * 100));
  return (
    <span className={`meter ${className ?? ""}`} role="meter" aria-label={label} aria-valuenow={value} aria-valuemin={0} aria-valuemax={max}>
      <span className="meter-fill" style={{ width: `${pct}%` }} />
      <span className="meter-text">{text}</span>
    </span>
  );
}

/** A die face (rolled in with a short animation); `text` and `label` are worded by the board. */
export function Die({ text, label }: { text: string; label: string }) {
  return (
    <svg className="die" width="30" height="30" viewBox="0 0 30 30" role="img" aria-label={label}>
      <rect x="1" y="1" width="28" height="28" rx="5" fill="#fff" stroke="#333" />
      <text x="15" y="21" textAnchor="middle" fontSize="16" fontWeight="bold" fill="#222">{text}</text>
    </svg>
  );
}
