// @vitest-environment jsdom
// The board kit's Face: a button is named by the words it shows (WCAG 2.5.3), with hidden words
// around them, and never by its popover; a face that does not act is a group named by its label.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Face, sayAround } from "../src/kit/widgets.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("Face", () => {
  it("a button: no aria-label, named by its hidden words, then its visible ones, then the hidden rest", () => {
    const onActivate = vi.fn();
    render(
      <Face title="Fireball (3)" body="Deals 3d6." label="unused for a button" spoken="Play" spokenAfter="on Merlin" onActivate={onActivate}>
        <span>Fireball</span>
      </Face>,
    );
    const button = screen.getByRole("button", { name: "Play Fireball on Merlin" });
    expect(button.hasAttribute("aria-label")).toBe(false);
    expect([...button.querySelectorAll(".sr-only")].map((e) => e.textContent)).toEqual(["Play", "on Merlin"]);
    // the popover opened on focus describes it and stays out of its name
    fireEvent.focus(button);
    const tip = screen.getByRole("tooltip", { hidden: true });
    expect(tip.getAttribute("aria-hidden")).toBe("true");
    expect(button.getAttribute("aria-describedby")).toBe(tip.id);
    expect(screen.getByRole("button", { name: "Play Fireball on Merlin" })).toBe(button);
    fireEvent.keyDown(button, { key: "Enter" });
    expect(onActivate).toHaveBeenCalledTimes(1);
  });

  it("a face that does not act: a group named by its label, its popover not hidden", () => {
    render(
      <Face title="Fireball (3)" body="Deals 3d6." label="Fireball, in play" spoken="Play">
        <span>Fireball</span>
      </Face>,
    );
    const group = screen.getByRole("group", { name: "Fireball, in play" });
    expect(group.querySelector(".sr-only")).toBeNull();
    fireEvent.focus(group);
    expect(screen.getByRole("tooltip").textContent).toContain("Deals 3d6.");
  });

  it("a long press (touch) opens the popover, and the click that ends it does not act; a tap acts; a finger that moves opens nothing", () => {
    vi.useFakeTimers();
    const onActivate = vi.fn();
    render(
      <Face title="Fireball (3)" body="Deals 3d6." spoken="Play" onActivate={onActivate}>
        <span>Fireball</span>
      </Face>,
    );
    const button = screen.getByRole("button", { name: "Play Fireball" });
    const touch = { touches: [{ clientX: 10, clientY: 10 }] };
    // a long press: held past the threshold, the rule text shows, and lifting the finger does not play the card
    fireEvent.touchStart(button, touch);
    act(() => void vi.advanceTimersByTime(300));
    expect(screen.queryByRole("tooltip", { hidden: true })).toBeNull(); // not yet: still a tap
    act(() => void vi.advanceTimersByTime(200));
    const tip = screen.getByRole("tooltip", { hidden: true });
    expect(tip.textContent).toContain("Deals 3d6.");
    expect(button.getAttribute("aria-describedby")).toBe(tip.id);
    fireEvent.touchEnd(button);
    fireEvent.click(button); // the browser's click after the touch
    expect(onActivate).not.toHaveBeenCalled();
    expect(screen.getByRole("tooltip", { hidden: true })).toBe(tip); // still open to be read
    // a tap afterwards acts at once
    fireEvent.touchStart(button, touch);
    act(() => void vi.advanceTimersByTime(100));
    fireEvent.touchEnd(button);
    fireEvent.click(button);
    expect(onActivate).toHaveBeenCalledTimes(1);
    // a finger that moves (scrolling the board) is no long press
    fireEvent.mouseLeave(button);
    expect(screen.queryByRole("tooltip", { hidden: true })).toBeNull();
    fireEvent.touchStart(button, touch);
    fireEvent.touchMove(button, touch);
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByRole("tooltip", { hidden: true })).toBeNull();
  });

  it("a long press on a face that does not act opens its popover too", () => {
    vi.useFakeTimers();
    render(
      <Face title="Fireball (3)" body="Deals 3d6." label="Fireball, in play">
        <span>Fireball</span>
      </Face>,
    );
    const group = screen.getByRole("group", { name: "Fireball, in play" });
    fireEvent.touchStart(group, { touches: [{ clientX: 1, clientY: 1 }] });
    act(() => void vi.advanceTimersByTime(500));
    fireEvent.touchEnd(group);
    expect(screen.getByRole("tooltip").textContent).toContain("Deals 3d6.");
  });

  describe("keeps its popover on the screen (a phone of 375 × 800)", () => {
    /** Opens a face whose box is `face` with a popover of `popover` (its place below, as the stylesheet puts it). */
    function openAt(face: { top: number; left: number; width: number; height: number }, popover: { width: number; height: number }): HTMLElement {
      vi.stubGlobal("innerHeight", 800);
      Object.defineProperty(document.documentElement, "clientWidth", { configurable: true, value: 375 });
      const rect = (left: number, top: number, width: number, height: number) => ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
      const box = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
        if (this.classList.contains("popover")) {
          const left = face.left + face.width / 2 - popover.width / 2;
          return rect(left, face.top + face.height + 6, popover.width, popover.height);
        }
        return rect(face.left, face.top, face.width, face.height);
      });
      render(
        <Face title="Nullify" body="A long rule text." label="Nullify, in your hand">
          <span>Nullify</span>
        </Face>,
      );
      fireEvent.focus(screen.getByRole("group", { name: "Nullify, in your hand" }));
      box.mockRestore();
      return screen.getByRole("tooltip");
    }
    afterEach(() => {
      vi.unstubAllGlobals();
      delete (document.documentElement as { clientWidth?: number }).clientWidth;
    });

    it("below the face where it fits, slid back from the right edge", () => {
      const tip = openAt({ top: 100, left: 300, width: 70, height: 100 }, { width: 280, height: 200 });
      expect(tip.classList.contains("above")).toBe(false);
      expect(tip.classList.contains("over")).toBe(false);
      // centred under the face it would end at 475; slid left to end 4 px from the edge
      expect(tip.style.getPropertyValue("--popover-dx")).toBe("-104px");
    });

    it("above the face when there is no room below but room above", () => {
      const tip = openAt({ top: 600, left: 150, width: 70, height: 100 }, { width: 280, height: 300 });
      expect(tip.classList.contains("above")).toBe(true);
      expect(tip.classList.contains("over")).toBe(false);
    });

    it("over the face, centred on it within the screen, when there is room on neither side", () => {
      // face 390–530, popover 387 high: 260 px of room below, 380 above, neither enough
      const tip = openAt({ top: 390, left: 50, width: 90, height: 140 }, { width: 280, height: 387 });
      expect(tip.classList.contains("above")).toBe(false);
      expect(tip.classList.contains("over")).toBe(true);
      // centred on the face: 460 − 193.5 = 266.5 from the viewport's top, 123.5 px above the face's top
      expect(tip.style.getPropertyValue("--popover-top")).toBe("-123px");
      // taller still: pulled down to start 4 px below the screen's top (centred it would start at −5)…
      cleanup();
      const high = openAt({ top: 300, left: 50, width: 90, height: 90 }, { width: 280, height: 700 });
      expect(high.classList.contains("over")).toBe(true);
      expect(high.style.getPropertyValue("--popover-top")).toBe(`${4 - 300}px`);
      // …or up to end 4 px above its bottom (centred it would end at 970): 800 − 4 − 650 = 146
      cleanup();
      const low = openAt({ top: 600, left: 50, width: 90, height: 90 }, { width: 280, height: 650 });
      expect(low.classList.contains("over")).toBe(true);
      expect(low.style.getPropertyValue("--popover-top")).toBe(`${146 - 600}px`);
    });

    it("over the face, within the screen, when the face is scrolled partly above the screen's top", () => {
      // face −40–60, popover 368 high under it: 66–434, fits below; a face further up puts its top above the screen
      const fits = openAt({ top: -40, left: 50, width: 90, height: 100 }, { width: 280, height: 368 });
      expect(fits.classList.contains("over")).toBe(false);
      cleanup();
      // face −120 to −20: popover −14–354 (the e2e found one at −21): pulled down to start 4 px below the top
      const tip = openAt({ top: -120, left: 50, width: 90, height: 100 }, { width: 280, height: 368 });
      expect(tip.classList.contains("above")).toBe(false);
      expect(tip.classList.contains("over")).toBe(true);
      expect(tip.style.getPropertyValue("--popover-top")).toBe(`${4 + 120}px`);
    });
  });

  it("a face drawn static inside a positioned card is placed from the card, the popover's containing block", () => {
    // Emmerlaüs's card: the name is the face, static; the popover is placed from the card around it.
    // The card 330–508, its name 360–400, the popover 340 high: no room below (514–854); above the
    // name would seem to fit (360 − 6 − 340 = 14) but the stylesheet puts it above the card, at −16:
    // over the card instead, centred on it: 419 − 170 = 249 from the top, 81 px above the card's top.
    vi.stubGlobal("innerHeight", 800);
    Object.defineProperty(document.documentElement, "clientWidth", { configurable: true, value: 375 });
    const rect = (left: number, top: number, width: number, height: number) => ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
    const box = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      if (this.classList.contains("popover")) return rect(20, 514, 280, 340);
      if (this.classList.contains("card")) return rect(100, 330, 124, 178);
      return rect(100, 360, 124, 40);
    });
    const offsetParent = vi.spyOn(HTMLElement.prototype, "offsetParent", "get").mockImplementation(function (this: HTMLElement) {
      return this.classList.contains("popover") ? document.querySelector(".card") : null;
    });
    try {
      render(
        <span className="card">
          <Face title="Guardian Angel" body="A long rule text." label="Guardian Angel, in your hand">
            <span>Guardian Angel</span>
          </Face>
        </span>,
      );
      fireEvent.focus(screen.getByRole("group", { name: "Guardian Angel, in your hand" }));
      const tip = screen.getByRole("tooltip");
      expect(tip.classList.contains("above")).toBe(false);
      expect(tip.classList.contains("over")).toBe(true);
      expect(tip.style.getPropertyValue("--popover-top")).toBe("-81px");
    } finally {
      box.mockRestore();
      offsetParent.mockRestore();
      vi.unstubAllGlobals();
      delete (document.documentElement as { clientWidth?: number }).clientWidth;
    }
  });

  it("sayAround cuts a sentence around the words shown, or says it all first", () => {
    expect(sayAround("Play Fireball on Merlin", "Fireball")).toEqual({ spoken: "Play", spokenAfter: "on Merlin" });
    expect(sayAround("Choose Fireball", "Fireball")).toEqual({ spoken: "Choose", spokenAfter: "" });
    expect(sayAround("Point at the face-down token", "Goblin")).toEqual({ spoken: "Point at the face-down token", spokenAfter: "" });
  });
});
