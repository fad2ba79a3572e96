// HTTP routes of friends, blocks and invitations (social.ts holds the rules): follow and unfollow a
// player, block and unblock one, the friends list with presence, one account's relation to another,
// and invitations: a player at an open table invites a friend by name, who is told on every
// process (a `notice` on its notices connections) and accepts (taking a free seat) or declines.
import { randomBytes } from "./random.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { findAccount } from "./accounts.ts";
import { HubError, type Account, type Clock, type Hub } from "./hub.ts";
import { storageCall } from "./tables/types.ts";
import { KeyedBuckets, type Limits } from "./limits.ts";
import type { PlayerRoutes } from "./players.ts";
import { inviteSchema, type FriendsResponse, type InvitationInfo, type InvitationsResponse, type RelationResponse } from "./protocol.ts";
import type { Social } from "./social.ts";
import type { InvitationRecord, PlayerRecord, Storage } from "./storage.ts";

/** How long an invitation can be accepted. */
export const INVITATION_MS = 10 * 60_000;
/** Follows, blocks and invitations one account may make a minute. */
export const SOCIAL_PER_MINUTE = 30;
const MAX_PENDING = 50;

export interface SocialRouteContext {
  hub: Hub;
  social: Social;
  players: PlayerRoutes;
  storage: Storage;
  clock: Clock;
  limits: Limits;
  log: (line: string) => void;
}

export function registerSocialRoutes(app: FastifyInstance, ctx: SocialRouteContext): void {
  const { hub, social, players, storage, clock, log } = ctx;
  const actions = new KeyedBuckets(SOCIAL_PER_MINUTE, () => clock.now());

  const stored = storageCall(log);
  const me = async (request: FastifyRequest, what: string): Promise<Account> => {
    const account = await players.accountOf(request);
    if (!account) throw new HubError("not-logged-in", `log in to ${what}`);
    return account;
  };
  const throttle = (account: Account) => {
    const wait = actions.take(account.id);
    if (wait > 0) throw new HubError("rate-limited", `at most ${SOCIAL_PER_MINUTE} follows, blocks and invitations a minute`, { retryAfterMs: wait });
  };
  const player = async (raw: string): Promise<PlayerRecord> => {
    if (raw.length > 200) throw new HubError("bad-message", "a name has at most 200 characters", { max: 200 });
    const found = await stored("reading a player", () => findAccount(storage, raw.normalize("NFC").trim()));
    if (!found) throw new HubError("unknown-player", `no player "${raw.slice(0, 40)}"`);
    return found;
  };
  const namesOf = async (ids: readonly string[]): Promise<Map<string, string>> =>
    new Map((await stored("reading players", () => storage.playersById([...new Set(ids)]))).map((p) => [p.id, p.name]));
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

  for (const [verb, kind, on] of [
    ["follow", "follow", true],
    ["unfollow", "follow", false],
    ["block", "block", true],
    ["unblock", "block", false],
  ] as const) {
    app.post<{ Params: { name: string } }>(`/api/players/:name/${verb}`, async (request) => {
      const account = await me(request, `${verb} a player`);
      throttle(account);
      const other = await player(request.params.name);
      if (kind === "follow") await social.follow(account.id, other.id, on);
      else await social.block(account.id, other.id, on);
      return relationOf(account.id, other.id);
    });
  }

  const relationOf = async (mine: string, theirs: string): Promise<RelationResponse> => {
    const r = await social.relations(mine);
    const following = r.following.includes(theirs);
    const followedBy = r.followers.includes(theirs);
    return { following, followedBy, friends: following && followedBy, blocked: r.blocks.includes(theirs) };
  };

  app.get<{ Params: { name: string } }>("/api/players/:name/relation", async (request) => {
    const account = await me(request, "see your relations");
    const other = await player(request.params.name);
    return relationOf(account.id, other.id);
  });

  app.get("/api/friends", async (request) => {
    const account = await me(request, "see your friends");
    const r = await social.relations(account.id);
    const friendIds = r.following.filter((id) => r.followers.includes(id));
    const names = await namesOf([...r.following, ...r.followers, ...r.blocks]);
    const presence = await social.presence(friendIds);
    const entry = (id: string) => ({ name: names.get(id) ?? "", friend: friendIds.includes(id) });
    return {
      friends: friendIds.map((id) => ({ name: names.get(id) ?? "", presence: presence.get(id) ?? { status: "offline" as const } })).sort(byName),
      following: r.following.map(entry).sort(byName),
      followers: r.followers.map(entry).sort(byName),
      blocked: r.blocks.map((id) => ({ name: names.get(id) ?? "" })).sort(byName),
    } satisfies FriendsResponse;
  });

  // ------------------------------------------------------------ invitations

  const infoOf = async (invitation: InvitationRecord, from?: string): Promise<InvitationInfo> => {
    const table = await hub.tableRecord(invitation.tableId).catch(() => null);
    const name = from ?? (await namesOf([invitation.from])).get(invitation.from) ?? "";
    return { id: invitation.id, table: invitation.tableId, game: table?.game ?? "", from: name, expiresAt: invitation.expiresAt };
  };

  app.post<{ Params: { id: string } }>("/api/tables/:id/invite", async (request) => {
    const account = await me(request, "invite a friend");
    const body = inviteSchema.safeParse(request.body ?? {});
    if (!body.success) throw new HubError("bad-message", "an invitation names the friend: {name}");
    const id = request.params.id;
    if (id.length > 64) throw new HubError("bad-message", "a table id has at most 64 characters", { max: 64 });
    throttle(account);
    const record = await hub.tableRecord(id);
    if (!record.seats.some((s) => s.kind === "human" && s.player === account.id)) throw new HubError("not-a-seat", "only the table's players may invite");
    if (record.status === "cancelled") throw new HubError("table-cancelled", "the creator cancelled this table");
    if (record.status !== "open") throw new HubError("already-started", "the match has already started");
    if (!record.seats.some((s) => s.kind === "open")) throw new HubError("table-full", "every seat is taken");
    const friend = await player(body.data.name);
    if (friend.id === account.id) throw new HubError("cannot-self", "you cannot invite yourself");
    const r = await social.relations(account.id);
    if (r.blocks.includes(friend.id) || r.blockedBy.includes(friend.id)) throw new HubError("blocked", "one of you blocks the other");
    if (!(r.following.includes(friend.id) && r.followers.includes(friend.id))) throw new HubError("not-friends", `${friend.name} is not your friend (each follows the other)`);
    if (record.seats.some((s) => s.player === friend.id)) throw new HubError("seat-taken", `${friend.name} is already seated here`);
    const now = clock.now();
    const pending = await stored("reading invitations", () => storage.pendingInvitations(friend.id, now, MAX_PENDING));
    if (pending.some((i) => i.tableId === id)) throw new HubError("already-invited", `${friend.name} is already invited to this table`);
    const invitation: InvitationRecord = { id: randomBytes(18).toString("base64url"), tableId: id, from: account.id, to: friend.id, createdAt: now, expiresAt: now + INVITATION_MS, state: "pending", usedAt: null };
    await stored("writing an invitation", () => storage.saveInvitation(invitation));
    const info: InvitationInfo = { id: invitation.id, table: id, game: record.game, from: account.name, expiresAt: invitation.expiresAt };
    await social.notify(friend.id, { kind: "invitation", invitation: info });
    log(`table ${id}: ${account.name} invited ${friend.name}`);
    return { invitation: info };
  });

  app.get("/api/invitations", async (request) => {
    const account = await me(request, "see your invitations");
    const pending = await stored("reading invitations", () => storage.pendingInvitations(account.id, clock.now(), MAX_PENDING));
    return { invitations: await Promise.all(pending.map((i) => infoOf(i))) } satisfies InvitationsResponse;
  });

  /** The session's own pending invitation, or why not: forged or someone else's, expired, answered. */
  const answerable = async (request: FastifyRequest<{ Params: { id: string } }>, account: Account): Promise<InvitationRecord> => {
    const id = request.params.id;
    const invitation = /^[\w-]{24}$/.test(id) ? await stored("reading an invitation", () => storage.getInvitation(id)) : null;
    // Someone else's reads as unknown: an invitation's id tells nothing to whoever it is not for.
    if (!invitation || invitation.to !== account.id) throw new HubError("unknown-invitation", "no such invitation for you");
    if (invitation.state !== "pending") throw new HubError("invitation-used", "this invitation was already answered");
    if (invitation.expiresAt <= clock.now()) throw new HubError("invitation-expired", "this invitation has expired", { expiredAt: invitation.expiresAt });
    return invitation;
  };

  app.post<{ Params: { id: string } }>("/api/invitations/:id/accept", async (request) => {
    const account = await me(request, "accept an invitation");
    const invitation = await answerable(request, account);
    if (await social.blockedBetween(account.id, invitation.from)) throw new HubError("blocked", "one of you blocks the other");
    // Seated there already (by its link, say): one account, one seat.
    if ((await hub.tableRecord(invitation.tableId)).seats.some((s) => s.player === account.id)) throw new HubError("seat-taken", "you are already seated at this table");
    // Answered once, on any process: the one request that changed the row goes on to the seat.
    if (!(await stored("answering an invitation", () => storage.answerInvitation(invitation.id, "accepted", clock.now())))) throw new HubError("invitation-used", "this invitation was already answered");
    return hub.join(invitation.tableId, { name: account.name }, account, true);
  });

  app.post<{ Params: { id: string } }>("/api/invitations/:id/decline", async (request) => {
    const account = await me(request, "decline an invitation");
    const invitation = await answerable(request, account);
    if (!(await stored("answering an invitation", () => storage.answerInvitation(invitation.id, "declined", clock.now())))) throw new HubError("invitation-used", "this invitation was already answered");
    return { declined: invitation.id };
  });
}
