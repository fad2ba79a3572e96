// A bounded number of expensive jobs in flight (password hashing), the others waiting in a fair
// queue: round robin across keys (client addresses), so one address's hundred log-ins make another
// address's one wait for at most one job per other address; jobs marked `low` (a log-in to an
// unknown name, checked against a decoy only so it answers as slowly as a wrong password) wait
// until no other job does.

interface Waiting {
  start(): void;
}

export class FairLimiter {
  private running = 0;
  /** Waiting jobs by key; a Map's order is the rotation (a served key goes last). */
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly low = new Map<string, Waiting[]>();

  constructor(private readonly inFlight: number) {}

  /** Jobs running and waiting. */
  get load(): { running: number; waiting: number } {
    let waiting = 0;
    for (const queue of [this.waiting, this.low]) for (const jobs of queue.values()) waiting += jobs.length;
    return { running: this.running, waiting };
  }

  /** Runs `job` once its turn comes; resolves or rejects as it does. */
  run<T>(key: string, job: () => Promise<T>, low = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const queue = low ? this.low : this.waiting;
      const start = () => {
        this.running++;
        job()
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            this.pump();
          });
      };
      const jobs = queue.get(key);
      if (jobs) jobs.push({ start });
      else queue.set(key, [{ start }]);
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.inFlight) {
      const next = take(this.waiting) ?? take(this.low);
      if (!next) return;
      next.start();
    }
  }
}

/** The first key's first job; the key goes to the back of the rotation. */
function take(queue: Map<string, Waiting[]>): Waiting | undefined {
  const first = queue.entries().next();
  if (first.done) return undefined;
  const [key, jobs] = first.value;
  const job = jobs.shift()!;
  queue.delete(key);
  if (jobs.length > 0) queue.set(key, jobs);
  return job;
}
