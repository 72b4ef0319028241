// Whether a database error (wherever drizzle wrapped the driver's error as `cause`) is the
// violation of the named constraint. Both drivers report the constraint's name on the error.
export function violatesConstraint(error: unknown, constraint: string): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth += 1) {
    if ((e as { constraint?: unknown }).constraint === constraint) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

// Raised by the users_keep_last_admin trigger (migration 0015).
export const LAST_ADMIN_CONSTRAINT = 'users_last_admin';
// users.email is unique across organisations.
export const USER_EMAIL_CONSTRAINT = 'users_email_unique';
// A KPI with measurements is never deleted (migration 0019): a goal's deletion racing a first
// measurement meets it.
export const KPI_MEASUREMENT_KPI_CONSTRAINT = 'kpi_measurements_kpi_id_department_kpis_id_fk';
// Raised by the habit_logs_not_on_paused_day trigger (migration 0021): a pause of the day
// committed after the check-in's rules were read.
export const PAUSED_DAY_CONSTRAINT = 'habit_logs_not_on_paused_day';
// Raised by the kpi_measurements_one_per_date trigger (migration 0021).
export const KPI_MEASUREMENT_DATE_CONSTRAINT = 'kpi_measurements_one_per_date';
