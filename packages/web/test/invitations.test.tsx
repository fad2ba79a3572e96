// @vitest-environment jsdom
// The invitation's notification (issue 27), server and socket faked: logged in, the page's
// notices socket says `notices`; an invitation it receives is shown under the header and, the tab
// in the background, as a Web Notification; Accept takes the seat (its token kept) and opens the
// table; an invitation refused as expired leaves the list with its reason.
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logIn } from "../src/account.ts";
import { heldSeat } from "../src/api.ts";
import { initI18n } from "../src/i18n/index.ts";
import { Invitations } from "../src/players/Invitations.tsx";
import { preloadWords } from "../src/text.tsx";

class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  private listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  addEventListener(type: string, fn: (event: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {}
  emit(type: string, data?: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data });
  }
}

beforeAll(async () => {
  initI18n("en");
  await preloadWords("shazamm");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("invitations", () => {
  it("arrive on the notices socket, notify in the background, and Accept seats the invitee", async () => {
    FakeSocket.all.length = 0;
    const shown: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = "granted";
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body });
      }
    }
    vi.stubGlobal("Notification", FakeNotification);
    vi.stubGlobal("WebSocket", FakeSocket);
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });
        if (url === "/api/login") return json({ player: { name: "Béa", createdAt: 1 } });
        if (url === "/api/me/seats") return json({ seats: [] });
        if (url === "/api/invitations") return json({ invitations: [] });
        if (url === "/api/invitations/inv-1/accept") return json({ table: {}, seat: 1, token: "tok-1" });
        if (url === "/api/invitations/inv-2/accept") return json({ error: { code: "invitation-expired", message: "", params: { expiredAt: 1 } } }, 410);
        return json({ error: { code: "not-found", message: "" } }, 404);
      }),
    );
    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    render(<Invitations />);
    await act(() => logIn("Béa", "a-password"));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toMatch(/\/ws$/);
    socket.emit("open");
    expect(socket.sent).toEqual([JSON.stringify({ type: "notices" })]);
    const invitation = (id: string, table: string) => ({ type: "notice", notice: { kind: "invitation", invitation: { id, table, game: "shazamm", from: "Ada", expiresAt: 2 } } });
    act(() => socket.emit("message", JSON.stringify(invitation("inv-1", "t1"))));
    act(() => socket.emit("message", JSON.stringify(invitation("inv-2", "t2"))));
    const notices = await screen.findAllByTestId("invitation");
    expect(notices.map((n) => n.textContent)).toEqual(["Ada invites you to their table: Shazamm! Accept Decline", "Ada invites you to their table: Shazamm! Accept Decline"]);
    expect(shown).toEqual([
      { title: "An invitation", body: "Ada invites you to their table: Shazamm!" },
      { title: "An invitation", body: "Ada invites you to their table: Shazamm!" },
    ]);
    // Expired: refused, said, and gone from the list.
    fireEvent.click(notices.find((n) => n.dataset.table === "t2")!.querySelector('[data-testid="invitation-accept"]')!);
    await screen.findByText("This invitation has expired.");
    expect(screen.getAllByTestId("invitation").map((n) => n.dataset.table)).toEqual(["t1"]);
    // Accepted: the seat's token kept, the table opened.
    fireEvent.click(screen.getByTestId("invitation-accept"));
    await waitFor(() => expect(location.search).toBe("?table=t1"));
    expect(heldSeat("t1")).toEqual({ seat: 1, token: "tok-1", name: "Béa" });
    expect(calls).toContain("/api/invitations/inv-1/accept");
  });
});
