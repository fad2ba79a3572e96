// The command line's words in English (ICU MessageFormat). Keys start with `cli.` so that they
// never meet a game's keys when the two catalogues are merged. ./fr.ts has the same keys and
// parameters (checked by the catalogue test).
export const en = {
  // Players at the table.
  "cli.bot.level": "{name} ({level, select, easy {easy} medium {medium} hard {hard} other {{level}}})",
  "cli.bot.named": "{name} ({bot})",
  "cli.score": "{seat} {score, number}",

  // grimoire play
  "cli.play.header": "{title}: {seats, plural, one {# player} other {# players}}, seed {seed} (replay this deal with --seed {seed}).",
  "cli.play.table": "At the table, in turn order: {players}.",
  "cli.play.help": "Type the number of your choice, or q to quit.",
  "cli.play.only": "{prompt} — only one choice: {action}.",
  "cli.play.sampled": "Too many choices to list them all: here are some drawn at random; type any other as JSON, e.g. {example}.",
  "cli.play.more": "… and {count, plural, one {# more} other {# more}}: type words to filter the list.",
  "cli.play.ask": "Your choice (1–{max}): ",
  "cli.play.range": "Choose a number from 1 to {max}.",
  "cli.play.hint": "Type a number from 1 to {max}, words to filter, or q to quit.",
  "cli.play.refused": "Refused: {reason}.",
  "cli.play.left": "You left the game.",
  "cli.play.recorded": "Game recorded in {file} (grimoire replay {file}).",
  "cli.refused.json": "not valid JSON",
  "cli.refused.game-over": "the game is over",
  "cli.refused.not-your-turn": "it is not yours to decide now",
  "cli.refused.malformed-action": "this is not an action of this game",
  "cli.refused.illegal-action": "this is not a legal action now",

  // The end of a game.
  "cli.over.win": "Game over: {winner_me, select, yes {you win} other {{winner} wins}}. Scores: {scores}.",
  "cli.over.shared": "Game over: {withMe, select, true {{winners} win together} other {{winners} win together}}. Scores: {scores}.",
  "cli.over.draw": "Game over: a draw. Scores: {scores}.",
  "cli.over.none": "Game over, without an outcome.",

  // grimoire replay
  "cli.replay.titled": "{game} — {name}",
  "cli.replay.header": "{title}: {seats, plural, one {# player} other {# players}}, seed {seed}.",
  "cli.option": "{label}: {value}",
  "cli.replay.spectator": "Every action, and the events as a spectator saw them.",
  "cli.replay.as": "What {name} saw (“you” below).",
  "cli.replay.step": "#{index} {seat}: {action}",
  "cli.replay.waiting": "After {count, plural, one {# action} other {# actions}}, waiting for {seats}: {prompt}",

  // grimoire games
  "cli.games.none": "No game is registered yet (packages/catalog/src/index.ts).",
  "cli.games.header": "{id} — {title}, {fixed, select, true {{max, plural, one {# player} other {# players}}} other {{min}–{max} players}}",
  "cli.games.noOptions": "options: none",
  "cli.games.option": "--option {name}={values} — {label}: {description}",
  "cli.games.value": "{value}: {label}",
  "cli.games.defaultValue": "{value}: {label} (default)",
  "cli.games.bots": "bots:",
  "cli.games.bot": "{name} — {description}",
  "cli.games.levels": "levels: easy = {easy}, medium = {medium}, hard = {hard}",

  // grimoire verify
  "cli.verify.ok": "ok: {check}",
  "cli.verify.mismatch": "MISMATCH: {check}",
  "cli.verify.verified": "{file}: verified",
  "cli.verify.notRecord": "the file is not a match record (a JSON object)",
  "cli.verify.noSeedHash": "the record has no seedHash",
  "cli.verify.noSeed": "the record has no hex seed",
  "cli.verify.seedDiffers": "seed {seed} does not hash to the announced {hash}",
  "cli.verify.seed": "the seed hashes to the seed hash announced at the start ({hash}…)",
  "cli.verify.invalid": "not a valid record: {detail}",
  "cli.verify.replay": "replay failed at {detail}",
  "cli.verify.legal": "{count, plural, one {the # action is legal} other {all # actions are legal}} when replayed from the seed",
  "cli.verify.notOver": "the replayed match is not over",
  "cli.verify.events": "the replay produces exactly the recorded events (every deal and roll)",
  "cli.verify.eventsDiffer": "the replayed events differ from the events the server recorded",
  "cli.verify.noOutcome": "the record has no outcome",
  "cli.verify.outcomeDiffers": "the replayed outcome {replayed} differs from the recorded {recorded}",
  "cli.verify.outcome": "same outcome (winners {winners}, scores {scores})",

  // grimoire simulate and tournament: tables.
  "cli.proportion": "{rate, number, ::.0} % [{low, number, ::.0}, {high, number, ::.0}]",
  "cli.tenths": "{n, number, ::.0}",
  "cli.integer": "{n, number, ::.}",
  "cli.table.seat": "seat",
  "cli.table.bot": "bot",
  "cli.table.wins": "wins",
  "cli.table.rate": "rate [95 % interval]",
  "cli.table.elo": "Elo [95 % interval]",
  "cli.table.time": "ms/decision (max)",
  "cli.simulate.header":
    "{title}: {games, plural, one {# game} other {# games}}, {players, plural, one {# player} other {# players}}, seeds {first}…{last}, options {options}",
  "cli.simulate.draws": "draws: {count, number} ({rate})",
  "cli.simulate.length": "length: {average, number, ::.0} actions on average ({min, number}–{max, number})",
  "cli.tournament.header":
    "{title}: round-robin, {games, plural, one {# game} other {# games}} per pair, {players, plural, one {# player} other {# players}}, seeds {first}…{last} each played from both sides, options {options}",
  "cli.tournament.pairs": "pair: wins–losses–draws, score of the first [95 % interval]",
  "cli.tournament.pair": "{a} vs {b}: {wins, number}–{losses, number}–{draws, number}, {score}",
  "cli.progress.simulate": "simulating",
  "cli.progress.tournament": "tournament",
  "cli.progress.games": "games",
  "cli.progress.eta": "ETA",

  // grimoire start
  "cli.start.unavailable": "The game server (@grimoire/server startFromEnv) is not available yet:",
  "cli.start.fallback": "playing {game} in the terminal instead, you against three medium bots.",

  // Errors: one line on stderr.
  "cli.error.lang": "--lang: expected one of {known}, got \"{got}\"",
  "cli.error.unknownGame": "unknown game \"{id}\" (games: {none, select, true {none registered yet} other {{known}}})",
  "cli.error.players": "--players: {title} is for {min}–{max} players, got {got}",
  "cli.error.count": "{name}: expected an integer ≥ {min}, got {got}",
  "cli.error.optionPair": "--option expects key=value, got \"{pair}\"",
  "cli.error.options": "bad options for {id}: {detail}",
  "cli.error.seed": "--seed: expected an integer or 32 hex digits, got \"{got}\"",
  "cli.error.integerSeed": "--seed: expected an integer, got \"{got}\"",
  "cli.error.unknownBot": "unknown bot \"{name}\" for {id} (bots: {known})",
  "cli.error.botCount": "--bots: expected one name or {count} names, got {got}",
  "cli.error.level": "--level: expected easy, medium or hard, got \"{got}\"",
  "cli.error.seat": "--seat: expected 1–{max}, got {got}",
  "cli.error.as": "--as: expected a seat from 1 to {max}, got {got}",
  "cli.error.at": "--at: expected an action number from 0 to {max}, got {got}",
  "cli.error.inputEnded": "input ended before the game did",
  "cli.error.read": "cannot read {file}: {code}",
  "cli.error.json": "{file} is not valid JSON: {detail}",
  "cli.error.file": "{file}: {detail}",
  "cli.error.verify": "{file}: verification FAILED",
  "cli.error.tooLong": "{id}: game from seed {seed} lasted more than {limit} actions",
  "cli.error.noOutcome": "{id}: game from seed {seed} ended without an outcome",
  "cli.error.twoBots": "--bots: a tournament needs at least two bots",
  "cli.error.worker": "{detail}",
  "cli.error.server": "the game server failed to load: {detail}",
} as const;

export type CliKey = keyof typeof en;
