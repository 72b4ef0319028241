// The daily reminder against the real stack: a member turns it on from the dashboard's offer, the
// API's scheduler (croner; every 5 s on the suite's servers, NOTIFICATIONS_TICK_SECONDS) queues it
// through the outbox, the outbox worker writes it to the demo's developer mail folder
// (<DATA_DIR>/mail, no SMTP_URL), and its links work: the check-in, and the unsubscribe page
// without signing in.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { laneDataDir } from '../fixtures/lane.ts';
import { expectScreenPasses } from '../fixtures/screen-checks.ts';
import { signInAs } from '../fixtures/sign-in.ts';

// Seeded with active habits and today unlogged (apps/api/src/seed).
const MEMBER = { email: 'aisha.okoye@acme.example', name: 'Aisha Okoye' };

// The scheduler and the outbox worker each run every 5 s here; the bound is for a slow machine.
test.setTimeout(300_000);

// The member's wall clock now, and the 15-minute step it is in (a reminder time that passed less
// than an hour ago is still sent: decision 015).
function localClock(timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date())
    .reduce<Record<string, number>>(
      (all, p) => (p.type === 'literal' ? all : { ...all, [p.type]: Number(p.value) }),
      {},
    );
  const minutes = parts.hour! * 60 + parts.minute!;
  const step = minutes - (minutes % 15);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { minutes, slot: `${pad(Math.floor(step / 60))}:${pad(step % 60)}` };
}

type Mail = { headers: string; body: string };

// The developer mail folder's messages to `to`, as a reader sees them: header lines unfolded,
// quoted-printable decoded.
async function mailTo(to: string): Promise<Mail[]> {
  const folder = path.join(laneDataDir(), 'mail');
  const names = await readdir(folder).catch(() => [] as string[]);
  const mails: Mail[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
    const raw = await readFile(path.join(folder, name), 'utf8');
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    const headers = head.replace(/\r?\n[ \t]+/g, ' ');
    if (!new RegExp(`^To: ${to.replace(/\./g, '\\.')}$`, 'mi').test(headers)) continue;
    const body = rest
      .join('\n\n')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    mails.push({ headers, body });
  }
  return mails;
}

const header = (mail: Mail, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(mail.headers)?.[1]?.trim();

async function skipMoodWhenAsked(page: Page) {
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'How are you feeling today?' }), async (dialog) => {
    await dialog.getByRole('button', { name: 'Skip for today' }).click();
  });
}

test('turn on a reminder, receive it, follow its link to the check-in, unsubscribe without signing in', async ({
  page,
  browser,
  baseURL,
}) => {
  await skipMoodWhenAsked(page);
  await signInAs(page, { ...MEMBER, path: '/programme/dashboard' });
  await expect(page.getByText(`Welcome back, ${MEMBER.name}!`)).toBeVisible();

  // The dashboard offers the reminder; it leads to the settings page.
  const offer = page.getByRole('region', { name: 'Get a daily reminder' });
  await offer.getByRole('link', { name: 'Set up a reminder' }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const zone = /In your time zone, (.+)\.$/.exec(
    (await page.getByText(/^In your time zone, /).textContent()) ?? '',
  )?.[1];
  expect(zone).toBeTruthy();
  await expectScreenPasses(page, 'notification settings');

  // Near the member's midnight the step just passed would belong to the day ending: wait for the new day.
  const untilMidnight = 24 * 60 - localClock(zone!).minutes;
  if (untilMidnight <= 3) await page.waitForTimeout(untilMidnight * 60_000 + 5_000);
  const { slot } = localClock(zone!);
  const form = page.getByRole('form', { name: 'E-mail notifications' });
  await form.getByText('Daily reminder', { exact: true }).click();
  await expect(form.getByRole('switch', { name: 'Daily reminder' })).toBeChecked();
  await form.getByLabel('Reminder time').selectOption(slot);
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/v1/me/notification-preferences'),
  );
  await form.getByRole('button', { name: 'Save settings' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Your settings are saved.')).toBeVisible();

  // The next tick of the scheduler queues it; the outbox worker delivers it.
  let mails: Mail[] = [];
  await expect
    .poll(async () => (mails = await mailTo(MEMBER.email)).length, { timeout: 150_000, intervals: [2_000] })
    .toBe(1);
  const [mail] = mails;
  expect(header(mail!, 'Subject')).toMatch(/^Reminder: \d+ habits? (is|are) still open today$/);
  expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(header(mail!, 'List-Unsubscribe')).toMatch(/^<http.*\/api\/v1\/notifications\/unsubscribe\?token=[^>\s]+>$/);
  expect(mail!.body).toContain(`daily reminder at ${slot} (${zone})`);

  // Its link opens the check-in of an open habit.
  const checkIn = /(https?:\/\/[^\s"<>]+\/programme\/habit-track\/[0-9a-f-]{36})/.exec(mail!.body)?.[1];
  expect(checkIn, 'a check-in link').toBeTruthy();
  expect(new URL(checkIn!).origin).toBe(new URL(baseURL!).origin);
  const habitName = /^- (.+): check in at /m.exec(mail!.body)?.[1];
  await page.goto(checkIn!);
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Check-in' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: habitName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yes completed' })).toBeVisible();

  // The unsubscribe link, in a browser where nobody is signed in.
  const unsubscribe = /(https?:\/\/[^\s"<>]+\/notifications\/unsubscribe\?token=[A-Za-z0-9._-]+)/.exec(mail!.body)?.[1];
  expect(unsubscribe, 'an unsubscribe link').toBeTruthy();
  const stranger = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    const other = await stranger.newPage();
    await other.goto(unsubscribe!);
    await expect(other.getByRole('heading', { level: 1, name: 'Unsubscribe from daily reminders?' })).toBeVisible();
    await expectScreenPasses(other, 'unsubscribe');
    await other.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(other.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  } finally {
    await stranger.close();
  }

  // Back in the member's session: the reminder is off, its time kept.
  await page.goto('/settings/notifications');
  await expect(page.getByRole('switch', { name: 'Daily reminder' })).not.toBeChecked();
  await expect(page.getByLabel('Reminder time')).toHaveValue(slot);
});
