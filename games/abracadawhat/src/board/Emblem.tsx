// The game's sign on the home and how-to pages (our own drawing): five spell stones in a row.
// Shapes in the 64×40 box the page draws every game's emblem in; decorative, the title says the game.
export function Emblem() {
  return (
    <>
      {[0, 1, 2, 3, 4].map((i) => (
        <circle key={i} cx={10 + i * 11} cy={24} r={5} fill={`hsl(${i * 60} 70% 55%)`} />
      ))}
    </>
  );
}
