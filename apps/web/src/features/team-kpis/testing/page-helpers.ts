import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

export const PATH = '/team-leader/kpi-setup';

export function department(position: number) {
  return within(screen.getByRole('group', { name: new RegExp(`^Department ${position}`) }));
}

export function goalGroup(position: number, goalTitle: string) {
  return within(department(position).getByRole('group', { name: `Goal: ${goalTitle}` }));
}

// The form mounts once flow status, programme, goals, departments and KPIs are in.
export async function loaded() {
  await screen.findByRole('button', { name: 'Save departments and KPIs' });
}

export async function addGoal(position: number, goalTitle: string) {
  await userEvent.selectOptions(department(position).getByLabelText('Add a goal'), goalTitle);
  await userEvent.click(department(position).getByRole('button', { name: 'Add goal' }));
}

export async function save() {
  await userEvent.click(screen.getByRole('button', { name: 'Save departments and KPIs' }));
}

// A failed save is also logged; the log is expected, so it is kept out of the test output.
export function stubAlert() {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  return alert;
}
