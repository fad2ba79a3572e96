// A catalog that never finishes loading (bots.test.ts): a worker started on it never says it is
// ready, as a worker stuck in its start would. The interval keeps its thread alive meanwhile.
setInterval(() => {}, 1 << 30);
await new Promise(() => {});
export const games = [];
