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

  it("sayAround cuts a sentence around the words shown, or says it all first", () => {
    expect(sayAround("Play Fireball on Merlin", "Fireball")).toEqual({ spoken: "Play", spokenAfter: "on Merlin" });
    expect(sayAround("Choose Fireball", "Fireball")).toEqual({ spoken: "Choose", spokenAfter: "" });
    expect(sayAround("Point at the face-down token", "Goblin")).toEqual({ spoken: "Point at the face-down token", spokenAfter: "" });
  });
});
