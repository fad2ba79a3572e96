// Who watches a table and what each is sent: the subscribers connected here, the seats connected
// to other processes, who is away since when, and the fan-out of one message per distinct viewer
// (every spectator shares one). What a viewer may see is projections.ts.
import type { ServerOut, TableInfo, WireViewer } from "../protocol.ts";
import { infoOf } from "./projections.ts";
import type { TableActor } from "./TableActor.ts";
import type { Subscriber } from "./types.ts";

export class Audience {
  readonly subscribers = new Set<Subscriber>();
  /** Seats connected to other processes (owner: per process; a follower: "" from the owner's word). */
  elsewhere = new Map<string, Set<number>>();
  /** When each human seat lost its last connection (null: connected or never joined). */
  awaySince: (number | null)[];

  constructor(private readonly table: TableActor) {
    this.awaySince = table.record.seats.map(() => null);
  }

  /** A connection subscribes (the table gains its first subscriber here, if it had none). */
  add(sub: Subscriber): void {
    this.subscribers.add(sub);
  }

  /** A connection leaves (the table loses its last subscriber here, if it was the last). */
  remove(sub: Subscriber): void {
    this.subscribers.delete(sub);
  }

  has(sub: Subscriber): boolean {
    return this.subscribers.has(sub);
  }

  get size(): number {
    return this.subscribers.size;
  }

  info(): TableInfo {
    return infoOf(this.table.record, this.table.game, this.subscribers, (seat) => this.connectedElsewhere(seat));
  }

  /** A connection of this process holds the seat. */
  seatConnected(seat: number): boolean {
    return [...this.subscribers].some((s) => s.viewer === seat);
  }

  localSeats(): number[] {
    return [...new Set([...this.subscribers].flatMap((s) => (typeof s.viewer === "number" ? [s.viewer] : [])))].sort((a, b) => a - b);
  }

  connectedElsewhere(seat: number): boolean {
    for (const seats of this.elsewhere.values()) if (seats.has(seat)) return true;
    return false;
  }

  /** Seats connected to any process, as this process knows. */
  present(): number[] {
    return this.table.record.seats.flatMap((_, seat) => (this.seatConnected(seat) || this.connectedElsewhere(seat) ? [seat] : []));
  }

  /** Sends each subscriber its message, built once per viewer (every spectator shares one). */
  fanOut(make: (viewer: WireViewer) => ServerOut): void {
    const built = new Map<WireViewer, ServerOut>();
    for (const sub of this.subscribers) {
      let message = built.get(sub.viewer);
      if (message === undefined) built.set(sub.viewer, (message = make(sub.viewer)));
      sub.send(message);
    }
  }

  /** The table's public information changed: to every subscriber, and (owned) to the other processes. */
  broadcastTable(): void {
    const { table } = this;
    if (table.owned) table.env.coordinator?.published(table.record, null, this.present());
    const message: ServerOut = { type: "table", table: this.info() };
    for (const sub of this.subscribers) sub.send(message);
  }
}
