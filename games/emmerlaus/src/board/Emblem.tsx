// The game's sign on the home and how-to pages (our own drawing): two cards fanned out.
// Shapes in the 64×40 box the page draws every game's emblem in; decorative, the title says the game.
export function Emblem() {
  return (
    <>
      <rect x="14" y="8" width="16" height="24" rx="2" fill="#5e35b1" transform="rotate(-10 22 20)" />
      <rect x="32" y="8" width="16" height="24" rx="2" fill="#00897b" transform="rotate(10 40 20)" />
    </>
  );
}
