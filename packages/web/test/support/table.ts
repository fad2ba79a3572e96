// What a table says about the play around its match when nothing special is set: real time, no
// bank, nobody resigned, no rematch, players not reading the spectators' chat. Test fixtures
// spread it into their TableInfo.
export const TABLE_AROUND = {
  mode: "realtime" as const,
  bankSeconds: null,
  banks: null,
  resigned: [],
  removed: [],
  rematch: { accepted: [], next: null, previous: null },
  spectatorChat: false,
};
