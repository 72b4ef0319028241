import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { scheduleJob } from '../lib/scheduled-job.ts';
import { runNotificationsOnce, type NotificationSettings } from '../services/notifications/notifications.service.ts';

export type NotificationScheduler = { stop: () => Promise<void> };

// Every minute, on the minute (croner; or every `tickSeconds`), queues the reminders and summaries
// due then. Every instance may run one: the claims in the database make each e-mail once (decision
// 015). A tick still running when the next is due makes that one skip (croner's protect); a failed
// tick is logged and the next minute tries again, within the catch-up window.
// NOTIFICATIONS_SCHEDULER=off leaves it out of this process.
export function startNotificationScheduler(
  options: NotificationSettings & {
    db: DbOrTx;
    logger: FastifyBaseLogger;
    now?: () => Date;
    // Seconds between ticks, a divisor of 60 (NOTIFICATIONS_TICK_SECONDS); 60 unless set.
    tickSeconds?: number;
    // Also tick once right away, not only at the next minute (a worker starting up).
    tickAtStart?: boolean;
  },
): NotificationScheduler {
  const { db, logger } = options;
  const clock = options.now ?? (() => new Date());
  const tick = async () => {
    try {
      const queued = await runNotificationsOnce(db, { ...options, now: clock() });
      if (queued.daily_reminder || queued.weekly_summary) logger.info({ queued }, 'notifications queued');
    } catch (error) {
      logger.error({ err: error }, 'notification tick failed; the next minute tries again');
    }
  };
  const job = scheduleJob({
    name: 'notifications',
    pattern: tickPattern(options.tickSeconds ?? 60),
    tickAtStart: options.tickAtStart,
    tick,
  });
  logger.info('notification scheduler started');
  return {
    stop: async () => {
      await job.stop();
      logger.info('notification scheduler stopped');
    },
  };
}

// Croner's pattern for a tick every `seconds` (a divisor of 60, NOTIFICATIONS_TICK_SECONDS): on the
// minute for 60, else on every multiple of `seconds` past it.
export function tickPattern(seconds: number): string {
  return seconds === 60 ? '* * * * *' : `*/${seconds} * * * * *`;
}
