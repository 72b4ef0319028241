import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { emailOutbox, organisations, organizationalGoals, users } from '../../db/schema/index.ts';
import { GOALS_READY_SUBJECT } from '../../mail/goals-ready-email.ts';
import { runOutboxOnce } from '../../mail/outbox-worker.ts';
import { startTestSmtpServer } from '../../mail/testing/smtp-server.ts';
import { smtpTransport } from '../../mail/transport.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { createWorld } from '../../test/world.ts';
import type { Db } from '../../db/client.ts';
import { caller, goalBody, goalsUrl } from './testing/goals.ts';

const publicUrl = 'https://habitrack.example.com';
const now = new Date('2026-05-01T09:00:00Z');

// An organisation whose programme has no goals yet: a leader, three team leaders (one without a
// team), members, and another organisation with a team leader of its own.
async function organisationWithoutGoals(db: Db, issuers: TestIssuers) {
  const world = await createWorld(db, issuers);
  const leader = await world.person({ role: 'leader' });
  const teamLeaders = [
    await world.person({ role: 'team_leader' }),
    await world.person({ role: 'team_leader' }),
    await world.person({ role: 'team_leader', inCohort: false }),
  ];
  await world.team({ managerId: teamLeaders[0]!.id });
  await world.team({ managerId: teamLeaders[1]!.id });
  await world.person();
  await world.person();
  const other = await createWorld(db, issuers);
  await other.person({ role: 'team_leader' });
  await other.person({ role: 'leader' });
  return { world, leader, teamLeaders, programmeId: world.programme.id };
}

const queuedFor = (db: Db, programmeId: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.dedupeKey, `goals-ready:${programmeId}:%`));

describeEachDatabase('goals-ready e-mail: queueing', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => now, config: { publicUrl } });
  });
  afterAll(async () => {
    await app.close();
  });

  it("queues one message per team leader of the organisation on the leader's first save, and never again", async () => {
    const db = getDatabase().db;
    const o = await organisationWithoutGoals(db, issuers);
    const send = caller(app);
    const first = await send(o.leader, { method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody('Grow') });
    expect(first.status).toBe(201);
    const queued = await queuedFor(db, o.programmeId);
    expect(queued.map((row) => row.toAddress).sort()).toEqual(o.teamLeaders.map((t) => t.email).sort());
    expect(queued.map((row) => row.dedupeKey).sort()).toEqual(
      o.teamLeaders.map((t) => `goals-ready:${o.programmeId}:${t.id}`).sort(),
    );
    const [message] = queued;
    expect(message).toMatchObject({ status: 'pending', attempts: 0, subject: GOALS_READY_SUBJECT, sentAt: null });
    expect(message!.textBody).toContain('Leadership Excellence Programme');
    expect(message!.textBody).toContain(`${publicUrl}/team-leader/kpi-setup`);
    expect(message!.htmlBody).toContain(`href="${publicUrl}/team-leader/kpi-setup"`);

    await send(o.leader, { method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody('Care', 1) });
    expect(await queuedFor(db, o.programmeId)).toHaveLength(3);

    const goals = (await send(o.leader, { method: 'GET', url: goalsUrl(o.programmeId) })).body as { id: string }[];
    for (const goal of goals) {
      expect((await send(o.leader, { method: 'DELETE', url: `/api/v1/organizational/goals/${goal.id}` })).status).toBe(
        204,
      );
    }
    await send(o.leader, { method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody('Grow again') });
    expect(await queuedFor(db, o.programmeId)).toHaveLength(3);
  });

  it('names the leader in the message', async () => {
    const db = getDatabase().db;
    const o = await organisationWithoutGoals(db, issuers);
    await caller(app)(o.leader, { method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody() });
    const [row] = await queuedFor(db, o.programmeId);
    const leader = await db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, o.leader.id) });
    expect(row!.textBody).toContain(`${leader!.fullName} has set the organisational goals`);
  });

  it("writes each team leader's message in their own language: choice, then directory, then the default", async () => {
    const db = getDatabase().db;
    const o = await organisationWithoutGoals(db, issuers);
    const [chose, fromDirectory, byDefault] = o.teamLeaders;
    await db.update(users).set({ locale: 'pt-BR', directoryLocale: 'de-DE' }).where(eq(users.id, chose!.id));
    await db.update(users).set({ directoryLocale: 'de-DE' }).where(eq(users.id, fromDirectory!.id));
    await db.update(organisations).set({ defaultLocale: 'fr-FR' }).where(eq(organisations.id, o.world.organisation.id));
    await caller(app)(o.leader, { method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody() });
    const subjects = new Map((await queuedFor(db, o.programmeId)).map((row) => [row.toAddress, row.subject]));
    expect(subjects.get(chose!.email)).toBe(
      'Os objetivos organizacionais estão prontos: defina os KPIs do seu departamento',
    );
    expect(subjects.get(fromDirectory!.email)).toBe(
      'Die Organisationsziele stehen fest: Legen Sie die KPIs Ihrer Abteilung fest',
    );
    expect(subjects.get(byDefault!.email)).toBe(
      'Les objectifs de l’organisation sont prêts : définissez les KPI de votre service',
    );
  });

  it('queues exactly one message per team leader when 10 first saves race', async () => {
    const db = getDatabase().db;
    const o = await organisationWithoutGoals(db, issuers);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        caller(app)(o.leader, { method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody(`Goal ${i}`, i) }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(
      await db.select().from(organizationalGoals).where(eq(organizationalGoals.programmeId, o.programmeId)),
    ).toHaveLength(10);
    const queued = await queuedFor(db, o.programmeId);
    expect(queued.map((row) => row.toAddress).sort()).toEqual(o.teamLeaders.map((t) => t.email).sort());
  });

  it('queues nothing when a refused or invalid save writes no goal', async () => {
    const db = getDatabase().db;
    const o = await organisationWithoutGoals(db, issuers);
    const send = caller(app);
    expect(
      (await send(o.teamLeaders[0]!, { method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody() })).status,
    ).toBe(403);
    expect(
      (await send(o.leader, { method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody('  ') })).status,
    ).toBe(400);
    expect(await queuedFor(db, o.programmeId)).toEqual([]);
  });
});

describeEachDatabase('goals-ready e-mail: delivery over SMTP', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => now, config: { publicUrl } });
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('delivers one message per team leader to a real SMTP server, and a second run sends nothing', async () => {
    const db = getDatabase().db;
    const o = await organisationWithoutGoals(db, issuers);
    await caller(app)(o.leader, { method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody() });
    const transport = smtpTransport({ url: smtp.url, from: 'HabiTrack <no-reply@habitrack.test>' });
    try {
      const run = await runOutboxOnce(db, transport, new Date(now.getTime() + 1000));
      expect(run).toEqual({ sent: 3, retrying: 0, failed: 0, more: false });
      expect(smtp.received.map((m) => m.to).sort()).toEqual(o.teamLeaders.map((t) => [t.email]).sort());
      for (const mail of smtp.received) {
        expect(mail.subject).toBe(GOALS_READY_SUBJECT);
        expect(mail.from).toBe('no-reply@habitrack.test');
        expect(mail.raw).toMatch(/multipart\/alternative/);
      }
      const rows = await db
        .select()
        .from(emailOutbox)
        .where(and(like(emailOutbox.dedupeKey, `goals-ready:${o.programmeId}:%`), eq(emailOutbox.status, 'sent')));
      expect(rows).toHaveLength(3);
      expect(rows.every((r) => r.attempts === 1 && r.sentAt !== null && r.lastError === null)).toBe(true);

      const again = await runOutboxOnce(db, transport, new Date(now.getTime() + 3_600_000));
      expect(again.sent).toBe(0);
      expect(smtp.received).toHaveLength(3);
    } finally {
      transport.close();
    }
  });
});
