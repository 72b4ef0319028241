import type {
  TAdminBehaviour,
  TAdminModule,
  TAdminPositiveChange,
  TAdminProgramme,
  TAdminProgrammeSummary,
  TUpdateBehaviourRequest,
  TUpdateModuleRequest,
  TUpdatePositiveChangeRequest,
  TUpdateProgrammeRequest,
} from '@habitrack/contracts/admin/content';
import type { DbOrTx } from '../../db/client.ts';
import {
  findBehaviour,
  findModule,
  findOrganisationProgramme,
  findPositiveChange,
  listOrganisationProgrammes,
  readProgrammeContent,
  toBehaviourFields,
  toModule,
  toPositiveChange,
  toProgrammeSummary,
} from '../../db/queries/admin/content.ts';
import {
  behaviourNameTaken,
  positiveChangeNameTaken,
  updateBehaviourTexts,
  updateModule,
  updatePositiveChangeTexts,
  updateProgrammeTexts,
} from '../../db/queries/admin/content-writes.ts';
import { sanitizeIntroContent } from '../../imports/sanitize-intro.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Admin } from './admin.ts';
import { auditWrite } from '../audit/audit-trail.ts';
import { changedTranslations } from './content-translations.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// Programme content in the administration console (issue 21, decision 018). Every item is looked
// up through its programme in the administrator's organisation (anything else is 404), and every
// write locks that programme's row, so sibling names are checked and written one write at a time.
const PROGRAMME_NOT_FOUND = 'This programme was not found in your organisation.';
const MODULE_NOT_FOUND = 'This module was not found in your organisation.';
const BEHAVIOUR_NOT_FOUND = 'This behaviour was not found in your organisation.';
const CHANGE_NOT_FOUND = 'This positive change was not found in your organisation.';

export async function lockProgramme(db: DbOrTx, admin: Admin, programmeId: string) {
  const programme = await findOrganisationProgramme(db, {
    programmeId,
    organisationId: admin.organisationId,
    lock: true,
  });
  if (!programme) throw notFound(PROGRAMME_NOT_FOUND);
  return programme;
}

export async function listProgrammes(database: AppDatabase, admin: Admin): Promise<TAdminProgrammeSummary[]> {
  const db = database.db;
  return (await listOrganisationProgrammes(db, admin.organisationId)).map(toProgrammeSummary);
}

export async function getProgramme(
  database: AppDatabase,
  options: { admin: Admin; programmeId: string },
): Promise<TAdminProgramme> {
  const db = database.db;
  const programme = await findOrganisationProgramme(db, {
    programmeId: options.programmeId,
    organisationId: options.admin.organisationId,
  });
  if (!programme) throw notFound(PROGRAMME_NOT_FOUND);
  return { ...toProgrammeSummary(programme), ...(await readProgrammeContent(db, programme.id)) };
}

// The intro is HTML: stored sanitised as the programme file's is
// (docs/domain/programme-content.md#introduction-content).
export async function changeProgramme(
  database: AppDatabase,
  options: { admin: Admin; programmeId: string; input: TUpdateProgrammeRequest },
): Promise<TAdminProgrammeSummary> {
  const db = database.db;
  const { admin, input } = options;
  return db.transaction(async (tx) => {
    const before = toProgrammeSummary(await lockProgramme(tx, admin, options.programmeId));
    const intro = input.intro_content === undefined ? undefined : sanitizeIntroContent(input.intro_content ?? '');
    const introContent = intro === undefined ? undefined : intro || null;
    const translations = changedTranslations({
      kind: 'programme',
      texts: {
        name: input.name ?? before.name,
        description: input.description === undefined ? before.description : input.description,
        intro_content: introContent === undefined ? before.intro_content : introContent,
      },
      defaultLocale: before.default_locale,
      current: before.translations,
      changes: input.translations,
    });
    const after = toProgrammeSummary(
      await updateProgrammeTexts(tx, {
        programmeId: before.id,
        fields: { name: input.name, description: input.description, introContent, translations },
      }),
    );
    await auditWrite(tx, admin, {
      action: 'programme.update',
      entity: 'programme',
      entityId: before.id,
      before,
      after,
    });
    return after;
  });
}

export async function changeModule(
  database: AppDatabase,
  options: { admin: Admin; moduleId: string; input: TUpdateModuleRequest },
): Promise<TAdminModule> {
  const db = database.db;
  const { admin, input } = options;
  return db.transaction(async (tx) => {
    const found = await findModule(tx, { moduleId: options.moduleId, organisationId: admin.organisationId });
    if (!found) throw notFound(MODULE_NOT_FOUND);
    const programme = await lockProgramme(tx, admin, found.programmeId);
    const translations = changedTranslations({
      kind: 'module',
      texts: { name: input.name ?? found.name },
      defaultLocale: programme.defaultLocale,
      current: found.translations,
      changes: input.translations,
    });
    const after = await updateModule(tx, { moduleId: found.id, fields: { name: input.name, translations } });
    await auditWrite(tx, admin, {
      action: 'module.update',
      entity: 'module',
      entityId: found.id,
      before: toModule(found),
      after,
    });
    return after;
  });
}

export async function changeBehaviour(
  database: AppDatabase,
  options: { admin: Admin; behaviourId: string; input: TUpdateBehaviourRequest },
): Promise<Omit<TAdminBehaviour, 'habits'>> {
  const db = database.db;
  const { admin, input } = options;
  return db.transaction(async (tx) => {
    const found = await findBehaviour(tx, { behaviourId: options.behaviourId, organisationId: admin.organisationId });
    if (!found) throw notFound(BEHAVIOUR_NOT_FOUND);
    const programme = await lockProgramme(tx, admin, found.programmeId);
    if (
      input.name !== undefined &&
      (await behaviourNameTaken(tx, { programmeId: found.programmeId, name: input.name, exceptId: found.id }))
    ) {
      throw conflict(`This programme already has a behaviour named "${input.name}".`);
    }
    const translations = changedTranslations({
      kind: 'behaviour',
      texts: {
        name: input.name ?? found.name,
        description: input.description === undefined ? found.description : input.description,
      },
      defaultLocale: programme.defaultLocale,
      current: found.translations,
      changes: input.translations,
    });
    const after = await updateBehaviourTexts(tx, {
      behaviourId: found.id,
      fields: { name: input.name, description: input.description, translations },
    });
    await auditWrite(tx, admin, {
      action: 'behaviour.update',
      entity: 'behaviour',
      entityId: found.id,
      before: toBehaviourFields(found),
      after,
    });
    return after;
  });
}

export async function changePositiveChange(
  database: AppDatabase,
  options: { admin: Admin; changeId: string; input: TUpdatePositiveChangeRequest },
): Promise<TAdminPositiveChange> {
  const db = database.db;
  const { admin, input } = options;
  return db.transaction(async (tx) => {
    const found = await findPositiveChange(tx, { changeId: options.changeId, organisationId: admin.organisationId });
    if (!found) throw notFound(CHANGE_NOT_FOUND);
    const programme = await lockProgramme(tx, admin, found.programmeId);
    const { change } = found;
    if (
      input.name !== undefined &&
      (await positiveChangeNameTaken(tx, { habitId: change.habitId, name: input.name, exceptId: change.id }))
    ) {
      throw conflict(`This habit already has a positive change named "${input.name}".`);
    }
    const translations = changedTranslations({
      kind: 'positive_change',
      texts: {
        name: input.name ?? change.name,
        description: input.description === undefined ? change.description : input.description,
        category: input.category ?? change.category,
      },
      defaultLocale: programme.defaultLocale,
      current: change.translations,
      changes: input.translations,
    });
    const after = await updatePositiveChangeTexts(tx, {
      changeId: change.id,
      fields: { name: input.name, description: input.description, category: input.category, translations },
    });
    await auditWrite(tx, admin, {
      action: 'positive_change.update',
      entity: 'positive_change',
      entityId: change.id,
      before: toPositiveChange(change),
      after,
    });
    return after;
  });
}
