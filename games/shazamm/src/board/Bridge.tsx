// The bridge over the lava, in SVG scaled to the width available: 19 numbered stone tiles (the
// collapsed ones fallen into the lava at both ends), the wall of fire, and both wizards in their
// seat's colour. Tile numbers keep a legible size on a phone: the font grows as the drawing
// shrinks (measured with a ResizeObserver). The wall and wizards move with a CSS transition (under
// 400 ms): the wizards glide, the wall jumps tile by tile (one step per tile it crosses).
import { useEffect, useRef, useState } from "react";
import type { GameTextApi } from "@grimoire/web/kit";
import type { ShazammView } from "../view.ts";
import { BRIDGE_TILES } from "../data.ts";

export const SEAT_COLOURS = ["#3451b2", "#b3261e"] as const;
const TILE = 40;
const WIDTH = BRIDGE_TILES * TILE;
const DECK = 112; // top of the tiles, as the figures are drawn
const DECK_H = 32;
const BELOW = 64; // the tiles and the lava under them

/** Whether a tile has collapsed (gone at either end). */
export const isGone = (tile: number, collapsed: number): boolean => tile < collapsed || tile > BRIDGE_TILES - 1 - collapsed;

/** The drawing's rendered width, for the tile numbers' size (null before the first measure). */
function useWidth(): [React.RefObject<SVGSVGElement | null>, number | null] {
  const ref = useRef<SVGSVGElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? null));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

function Wizard({ seat, fallen }: { seat: number; fallen: boolean }) {
  const c = SEAT_COLOURS[seat]!;
  const mid = TILE / 2;
  return (
    <g className={`sz-wizard${fallen ? " fallen" : ""}`}>
      {/* staff on the side facing the wall */}
      <path d={seat === 0 ? `M${mid + 12} ${DECK} L${mid + 15} 52` : `M${mid - 12} ${DECK} L${mid - 15} 52`} stroke="#6d4c41" strokeWidth="3" strokeLinecap="round" />
      <circle cx={seat === 0 ? mid + 15 : mid - 15} cy={50} r={4} fill="#ffd54f" />
      <path d={`M${mid - 14} ${DECK} Q${mid} ${DECK - 6} ${mid + 14} ${DECK} L${mid + 7} 66 L${mid - 7} 66 Z`} fill={c} />
      <circle cx={mid} cy={58} r={8} fill="#f1d3b3" />
      <path d={`M${mid - 13} 54 L${mid + 13} 54 L${mid + (seat === 0 ? 6 : -6)} 22 Z`} fill={c} />
      <path d={`M${mid - 1} 40 l2 4 4 .5 -3 3 1 4 -4 -2 -4 2 1 -4 -3 -3 4 -.5z`} fill="#ffd54f" transform={`translate(${seat === 0 ? 1 : -1} 0)`} />
    </g>
  );
}

/** The wall's last move, drawn as an arrow under the tiles (from the last reveal's events). */
export interface WallMove {
  readonly from: number;
  readonly to: number;
}

export function Bridge({ view, tx, move }: { view: ShazammView; tx: GameTextApi; move?: WallMove | null }) {
  const [ref, width] = useWidth();
  // On a narrow screen the drawing shrinks: tile numbers grow to stay about 10 px on screen (as
  // large as a tile allows), and the wall and wizards grow up to 1.5 times, the picture taller.
  const scale = width ? width / WIDTH : 1;
  const font = Math.min(TILE * 0.62, Math.max(16, 11 / scale));
  const grow = Math.min(1.5, Math.max(1, 0.6 / scale));
  const deck = Math.round(DECK * grow); // where the tiles are, once the figures have grown
  const height = deck + BELOW;
  const figure = `translate(${TILE / 2}px, ${deck}px) scale(${grow}) translate(${-TILE / 2}px, ${-DECK}px)`;
  const over = view.phase.type === "over";
  const fallen = [over && isGone(view.wizards[0], view.collapsed), over && isGone(view.wizards[1], view.collapsed)];
  // the tiles the wall crosses in this change: as many steps in its transition
  const wallWas = useRef(view.wall);
  const crossed = Math.max(1, Math.abs(view.wall - wallWas.current));
  useEffect(() => {
    wallWas.current = view.wall;
  }, [view.wall]);
  return (
    <svg
      ref={ref}
      className="sz-bridge"
      data-coach="bridge"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={tx.t("board.bridgeLabel", { wall: view.wall + 1, first: view.wizards[0] + 1, second: view.wizards[1] + 1, collapsed: view.collapsed })}
    >
      <defs>
        <linearGradient id="sz-lava" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff9800" />
          <stop offset="0.5" stopColor="#e64a19" />
          <stop offset="1" stopColor="#7f1d0d" />
        </linearGradient>
        <linearGradient id="sz-fire" x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#ffeb3b" />
          <stop offset="0.45" stopColor="#ff9800" />
          <stop offset="1" stopColor="#d84315" />
        </linearGradient>
      </defs>
      <path className="sz-lava" d={`M0 ${deck + 20} Q${WIDTH / 8} ${deck + 10} ${WIDTH / 4} ${deck + 20} T${WIDTH / 2} ${deck + 20} T${(3 * WIDTH) / 4} ${deck + 20} T${WIDTH} ${deck + 20} V${height} H0 Z`} fill="url(#sz-lava)" />
      {Array.from({ length: BRIDGE_TILES }, (_, i) => {
        const gone = isGone(i, view.collapsed);
        const x = i * TILE;
        if (gone) {
          // a broken slab sinking in the lava
          return (
            <g key={i} className="sz-tile gone">
              <path d={`M${x + 6} ${deck + 32} l26 -4 l2 12 l-24 6 z`} fill="#3e2723" opacity="0.75" />
            </g>
          );
        }
        const wall = i === view.wall;
        return (
          <g key={i} className={`sz-tile${wall ? " wall-tile" : ""}`}>
            <rect x={x + 1.5} y={deck} width={TILE - 3} height={DECK_H} rx={4} fill={wall ? "#ffcc80" : "#d7ccc8"} stroke="#5d4037" strokeWidth="1.5" />
            <text x={x + TILE / 2} y={deck + DECK_H / 2} dominantBaseline="central" textAnchor="middle" fontSize={font} fontWeight="700" letterSpacing={i >= 9 ? -1 : 0} fill="#3e2723">
              {tx.t("board.number", { n: i + 1 })}
            </text>
          </g>
        );
      })}
      {move && move.from !== move.to && (
        <g className="sz-move" aria-hidden="true">
          <path
            d={`M${move.from * TILE + TILE / 2} ${deck + DECK_H + 14} L${move.to * TILE + TILE / 2 + (move.to > move.from ? -8 : 8)} ${deck + DECK_H + 14}`}
            stroke="#fff3c4"
            strokeWidth="4"
            strokeLinecap="round"
          />
          <path
            d={`M${move.to * TILE + TILE / 2} ${deck + DECK_H + 14} l${move.to > move.from ? -12 : 12} -8 v16 z`}
            fill="#fff3c4"
          />
        </g>
      )}
      <g className="sz-wall" data-steps={crossed} style={{ transform: `translateX(${view.wall * TILE}px)`, transitionTimingFunction: `steps(${crossed}, end)` }}>
        <g style={{ transform: figure }}>
        <path d={`M2 ${DECK} C0 80 8 70 6 44 C14 58 14 40 12 14 C22 34 24 22 22 4 C32 28 38 46 34 ${DECK} Z`} fill="url(#sz-fire)" />
        <path d={`M10 ${DECK} C10 90 14 86 14 70 C20 80 22 72 22 60 C28 76 30 92 28 ${DECK} Z`} fill="#fff59d" opacity="0.9" />
        </g>
      </g>
      {[0, 1].map((s) => (
        <g key={s} className={`sz-wizard-pos m${s}`} style={{ transform: `translate(${Math.max(0, Math.min(BRIDGE_TILES - 1, view.wizards[s as 0])) * TILE}px, ${fallen[s] ? 34 : 0}px)` }}>
          <g style={{ transform: figure }}>
            <Wizard seat={s} fallen={fallen[s]!} />
          </g>
        </g>
      ))}
    </svg>
  );
}
