// Les mots de la ligne de commande en français (ICU MessageFormat) : les mêmes clés et paramètres
// que ./en.ts. Typographie française : apostrophe ’, guillemets « », espace avant « : » et « ; ».
import type { CliKey } from "./en.ts";

export const fr: Record<CliKey, string> = {
  // Les joueurs à la table.
  "cli.bot.level": "{name} ({level, select, easy {facile} medium {moyen} hard {difficile} other {{level}}})",
  "cli.bot.named": "{name} ({bot})",
  "cli.score": "{seat} {score, number}",

  // grimoire play
  "cli.play.header": "{title} : {seats, plural, one {# joueur} other {# joueurs}}, graine {seed} (rejouez cette donne avec --seed {seed}).",
  "cli.play.table": "À la table, dans l’ordre du jeu : {players}.",
  "cli.play.help": "Tapez le numéro de votre choix, ou q pour quitter.",
  "cli.play.only": "{prompt} — un seul choix possible : {action}.",
  "cli.play.sampled": "Trop de choix pour tous les lister : en voici quelques-uns tirés au hasard ; tapez-en un autre en JSON, par exemple {example}.",
  "cli.play.more": "… et {count, plural, one {# autre} other {# autres}} : tapez des mots pour filtrer la liste.",
  "cli.play.ask": "Votre choix (1–{max}) : ",
  "cli.play.range": "Choisissez un nombre de 1 à {max}.",
  "cli.play.hint": "Tapez un nombre de 1 à {max}, des mots pour filtrer, ou q pour quitter.",
  "cli.play.refused": "Refusé : {reason}.",
  "cli.play.left": "Vous avez quitté la partie.",
  "cli.play.recorded": "Partie enregistrée dans {file} (grimoire replay {file}).",
  "cli.refused.json": "ce n’est pas du JSON valide",
  "cli.refused.game-over": "la partie est finie",
  "cli.refused.not-your-turn": "ce n’est pas à vous de décider maintenant",
  "cli.refused.malformed-action": "ce n’est pas une action de ce jeu",
  "cli.refused.illegal-action": "cette action n’est pas permise maintenant",

  // La fin d’une partie.
  "cli.over.win": "Partie terminée : {winner_me, select, yes {vous gagnez} other {{winner} gagne}}. Scores : {scores}.",
  "cli.over.shared": "Partie terminée : {winners} {withMe, select, true {gagnez ensemble} other {gagnent ensemble}}. Scores : {scores}.",
  "cli.over.draw": "Partie terminée : égalité. Scores : {scores}.",
  "cli.over.none": "Partie terminée, sans résultat.",

  // grimoire replay
  "cli.replay.titled": "{game} — {name}",
  "cli.replay.header": "{title} : {seats, plural, one {# joueur} other {# joueurs}}, graine {seed}.",
  "cli.option": "{label} : {value}",
  "cli.replay.spectator": "Toutes les actions, et les événements tels qu’un spectateur les a vus.",
  "cli.replay.as": "Ce qu’a vu {name} (« vous » ci-dessous).",
  "cli.replay.step": "#{index} {seat} : {action}",
  "cli.replay.waiting": "Après {count, plural, one {# action} other {# actions}}, on attend {seats} : {prompt}",

  // grimoire games
  "cli.games.none": "Aucun jeu n’est encore enregistré (packages/catalog/src/index.ts).",
  "cli.games.header": "{id} — {title}, {fixed, select, true {{max, plural, one {# joueur} other {# joueurs}}} other {de {min} à {max} joueurs}}",
  "cli.games.noOptions": "options : aucune",
  "cli.games.option": "--option {name}={values} — {label} : {description}",
  "cli.games.value": "{value} : {label}",
  "cli.games.defaultValue": "{value} : {label} (par défaut)",
  "cli.games.bots": "robots :",
  "cli.games.bot": "{name} — {description}",
  "cli.games.levels": "niveaux : facile = {easy}, moyen = {medium}, difficile = {hard}",

  // grimoire verify
  "cli.verify.ok": "ok : {check}",
  "cli.verify.mismatch": "DIVERGENCE : {check}",
  "cli.verify.verified": "{file} : vérifié",
  "cli.verify.notRecord": "le fichier n’est pas l’enregistrement d’une partie (un objet JSON)",
  "cli.verify.noSeedHash": "l’enregistrement n’a pas de seedHash",
  "cli.verify.noSeed": "l’enregistrement n’a pas de graine hexadécimale",
  "cli.verify.seedDiffers": "l’empreinte de la graine {seed} n’est pas celle annoncée, {hash}",
  "cli.verify.seed": "l’empreinte de la graine est celle annoncée au début ({hash}…)",
  "cli.verify.invalid": "enregistrement invalide : {detail}",
  "cli.verify.replay": "la partie rejouée échoue à {detail}",
  "cli.verify.legal":
    "{count, plural, =0 {aucune action à vérifier} =1 {l’unique action est permise} other {les # actions sont toutes permises}} quand on rejoue la partie depuis la graine",
  "cli.verify.notOver": "la partie rejouée n’est pas terminée",
  "cli.verify.events": "la partie rejouée produit exactement les événements enregistrés (chaque donne et chaque dé)",
  "cli.verify.eventsDiffer": "les événements de la partie rejouée diffèrent de ceux enregistrés par le serveur",
  "cli.verify.noOutcome": "l’enregistrement n’a pas de résultat",
  "cli.verify.outcomeDiffers": "le résultat de la partie rejouée, {replayed}, diffère de celui enregistré, {recorded}",
  "cli.verify.outcome": "même résultat (gagnants {winners}, scores {scores})",

  // grimoire simulate et tournament : les tableaux.
  "cli.proportion": "{rate, number, ::.0} % [{low, number, ::.0} ; {high, number, ::.0}]",
  "cli.tenths": "{n, number, ::.0}",
  "cli.integer": "{n, number, ::.}",
  "cli.table.seat": "place",
  "cli.table.bot": "robot",
  "cli.table.wins": "victoires",
  "cli.table.rate": "taux [intervalle à 95 %]",
  "cli.table.elo": "Elo [intervalle à 95 %]",
  "cli.table.time": "ms/décision (max)",
  "cli.simulate.header":
    "{title} : {games, plural, one {# partie} other {# parties}}, {players, plural, one {# joueur} other {# joueurs}}, graines {first}…{last}, options {options}",
  "cli.simulate.draws": "égalités : {count, number} ({rate})",
  "cli.simulate.length": "durée : {average, number, ::.0} actions en moyenne ({min, number}–{max, number})",
  "cli.tournament.header":
    "{title} : tournoi toutes rondes, {games, plural, one {# partie} other {# parties}} par paire, {players, plural, one {# joueur} other {# joueurs}}, graines {first}…{last} jouées chacune des deux côtés, options {options}",
  "cli.tournament.pairs": "paire : victoires–défaites–égalités, score du premier [intervalle à 95 %]",
  "cli.tournament.pair": "{a} contre {b} : {wins, number}–{losses, number}–{draws, number}, {score}",
  "cli.progress.simulate": "simulation",
  "cli.progress.tournament": "tournoi",
  "cli.progress.games": "parties",
  "cli.progress.eta": "reste",

  // grimoire start
  "cli.start.unavailable": "Le serveur de jeu (@grimoire/server startFromEnv) n’est pas encore disponible :",
  "cli.start.fallback": "à la place, partie de {game} dans le terminal, vous contre trois robots de niveau moyen.",

  // Erreurs : une ligne sur la sortie d’erreur.
  "cli.error.lang": "--lang : une langue parmi {known} attendue, et non « {got} »",
  "cli.error.unknownGame": "jeu inconnu « {id} » (jeux : {none, select, true {aucun enregistré pour l’instant} other {{known}}})",
  "cli.error.players": "--players : {title} se joue de {min} à {max} joueurs, et non {got}",
  "cli.error.count": "{name} : entier ≥ {min} attendu, et non {got}",
  "cli.error.optionPair": "--option attend clé=valeur, et non « {pair} »",
  "cli.error.options": "options invalides pour {id} : {detail}",
  "cli.error.seed": "--seed : entier ou 32 chiffres hexadécimaux attendus, et non « {got} »",
  "cli.error.integerSeed": "--seed : entier attendu, et non « {got} »",
  "cli.error.unknownBot": "robot inconnu « {name} » pour {id} (robots : {known})",
  "cli.error.botCount": "--bots : un nom ou {count} noms attendus, et non {got}",
  "cli.error.level": "--level : easy, medium ou hard attendu, et non « {got} »",
  "cli.error.seat": "--seat : de 1 à {max} attendu, et non {got}",
  "cli.error.as": "--as : une place de 1 à {max} attendue, et non {got}",
  "cli.error.at": "--at : un numéro d’action de 0 à {max} attendu, et non {got}",
  "cli.error.inputEnded": "l’entrée s’est terminée avant la partie",
  "cli.error.read": "impossible de lire {file} : {code}",
  "cli.error.json": "{file} n’est pas du JSON valide : {detail}",
  "cli.error.file": "{file} : {detail}",
  "cli.error.verify": "{file} : la vérification a ÉCHOUÉ",
  "cli.error.tooLong": "{id} : la partie de graine {seed} a duré plus de {limit} actions",
  "cli.error.noOutcome": "{id} : la partie de graine {seed} s’est terminée sans résultat",
  "cli.error.twoBots": "--bots : un tournoi demande au moins deux robots",
  "cli.error.worker": "{detail}",
  "cli.error.server": "le serveur de jeu n’a pas pu être chargé : {detail}",
};
