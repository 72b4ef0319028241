import { Cron } from 'croner';

export type ScheduledJob = { stop: () => Promise<void> };

// A job this process runs on a croner pattern. A tick still running when the next is due makes
// that one skip (croner's protect); `tickAtStart` also runs one right away (a worker starting up).
// `stop` ends the schedule and waits for the tick in flight. The tick handles its own errors.
export function scheduleJob(options: {
  name: string;
  pattern: string;
  tickAtStart?: boolean;
  tick: () => Promise<void>;
}): ScheduledJob {
  let inFlight: Promise<void> | null = null;
  const job = new Cron(options.pattern, { name: options.name, protect: true }, () => {
    inFlight = options.tick().finally(() => (inFlight = null));
    return inFlight;
  });
  if (options.tickAtStart) void job.trigger();
  return {
    stop: async () => {
      job.stop();
      await inFlight;
    },
  };
}
