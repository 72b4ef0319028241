import type { DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { listTeamLeaders, type ProgrammeRef } from '../../db/queries/organizational/organizational.ts';
import { queueEmails } from '../../db/queries/notifications/outbox.ts';
import { goalsReadyEmail } from '../../mail/goals-ready-email.ts';
import { mailLanguage, recipientLocale } from '../../mail/mail-locale.ts';

// When a leader first saves goals for a programme, every team leader of the organisation hears that
// KPIs can now be defined (docs/domain/leaders-goals-kpis.md#the-goals-ready-e-mail). Runs inside
// the goal's transaction; the key makes it once per programme and person, however often goals are
// removed and re-added. Each is written in the team leader's language.
export async function queueGoalsReadyNotices(
  db: DbOrTx,
  options: { programme: ProgrammeRef; leader: SignedInUser; publicUrl: string; now: Date },
): Promise<number> {
  const { programme, leader } = options;
  const teamLeaders = await listTeamLeaders(db, leader.organisationId);
  return queueEmails(
    db,
    teamLeaders.map((teamLeader) => {
      const email = goalsReadyEmail({
        language: mailLanguage(recipientLocale(teamLeader)),
        recipientName: teamLeader.fullName,
        leaderName: leader.fullName,
        programmeName: programme.name,
        publicUrl: options.publicUrl,
      });
      return {
        dedupeKey: `goals-ready:${programme.id}:${teamLeader.id}`,
        toAddress: teamLeader.email,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        nextAttemptAt: options.now,
      };
    }),
  );
}
