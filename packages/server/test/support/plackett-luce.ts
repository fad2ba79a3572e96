// The Plackett–Luce update of Weng & Lin ("A Bayesian approximation method for online ranking",
// JMLR 2011, algorithm 4), written out from the paper for teams of one with openskill's defaults
// (mu 25, sigma 25/3, beta 25/6, tau 25/300 added to sigma before the update, kappa 1e-4), so the
// tests check the library against the formula rather than against itself.
export const MU = 25;
export const SIGMA = 25 / 3;
const BETA = 25 / 6;
const TAU = 25 / 300;
const KAPPA = 1e-4;

export interface Player {
  mu: number;
  sigma: number;
}

/** `ranks[i]`: player i's place (lower is better, equal is a tie). */
export function plackettLuce(players: readonly Player[], ranks: readonly number[]): Player[] {
  const sigmaSq = players.map((p) => p.sigma * p.sigma + TAU * TAU);
  const c = Math.sqrt(sigmaSq.reduce((sum, s2) => sum + s2 + BETA * BETA, 0));
  const e = players.map((p) => Math.exp(p.mu / c));
  // C_q: the sum of exp(mu/c) over everyone ranked at or below q; A_q: how many share q's rank.
  const sumQ = ranks.map((rq) => e.reduce((sum, ei, i) => (ranks[i]! >= rq ? sum + ei : sum), 0));
  const A = ranks.map((rq) => ranks.filter((r) => r === rq).length);
  return players.map((p, i) => {
    let omega = 0;
    let delta = 0;
    for (let q = 0; q < players.length; q++) {
      if (ranks[q]! > ranks[i]!) continue;
      const share = e[i]! / sumQ[q]!;
      omega += ((i === q ? 1 : 0) - share) / A[q]!;
      delta += (share * (1 - share)) / A[q]!;
    }
    const s2 = sigmaSq[i]!;
    const gamma = Math.sqrt(s2) / c;
    return {
      mu: p.mu + (s2 / c) * omega,
      sigma: Math.sqrt(s2) * Math.sqrt(Math.max(1 - (s2 / (c * c)) * gamma * delta, KAPPA)),
    };
  });
}
