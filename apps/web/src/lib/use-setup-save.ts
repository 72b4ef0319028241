import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { i18n } from './i18n/i18n.ts';
import { refusalText } from './refusal-text.ts';
import { hasProgrammeStarted } from './start-date.ts';

// `refresh` makes the dashboard reload what it shows
// (docs/domain/dashboard-and-flow.md#what-the-dashboard-route-shows), the flow status included.
export const DASHBOARD_AFTER_SAVE_PATH = '/programme/dashboard?refresh=1';

// A setup save that failed: its message is the alert (docs/domain/failures.md#alerts), `detail` the
// server's reason if it gave one (a 409 once the programme has started, a 403 for the wrong role), in
// the words of lib/refusal-text.ts.
export class SetupSaveError extends Error {
  get detail(): string | undefined {
    return refusalText(i18n, this.cause) ?? undefined;
  }
}

type TPlanResult<TPlan> = { ok: true; plan: TPlan } | { ok: false; message: string };

type SetupSaveOptions<TPlan> = {
  startsAt: string | null;
  // The save mutation's.
  saving: boolean;
  // The drafts as a plan of calls, or the message saying what to fix first.
  plan: () => TPlanResult<TPlan>;
  save: (plan: TPlan) => Promise<unknown>;
  // The alert for a failure other than a SetupSaveError (which brings its own).
  saveFailed: string;
  // What is being saved, for the console.
  what: string;
};

// The save of the leaders' setup forms (organisational goals; departments and KPIs): locked once
// the programme has started and while saving; checks the drafts, then saves, alerts on a failure
// with the server's reason kept in view, and goes on to the dashboard once saved.
export function useSetupSave<TPlan>({ startsAt, saving, plan, save, saveFailed, what }: SetupSaveOptions<TPlan>) {
  const navigate = useNavigate();
  const [serverDetail, setServerDetail] = useState<string | null>(null);
  const started = hasProgrammeStarted(startsAt);
  const locked = started || saving;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked) return;
    const result = plan();
    if (!result.ok) {
      window.alert(result.message);
      return;
    }
    setServerDetail(null);
    try {
      await save(result.plan);
    } catch (error) {
      const failure = error instanceof SetupSaveError ? error : null;
      console.error(`Saving ${what} failed`, error);
      window.alert(failure?.message ?? saveFailed);
      setServerDetail(failure?.detail ?? null);
      return;
    }
    await navigate(DASHBOARD_AFTER_SAVE_PATH);
  };

  return { started, locked, serverDetail, submit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}
