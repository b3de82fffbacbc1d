import { inArray, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { helpContents } from './content.schema';

export type HelpContentRow = typeof helpContents.$inferSelect;

/** Every language's help content. */
export async function listHelpContents(db: DbOrTx): Promise<HelpContentRow[]> {
  return db.select().from(helpContents).orderBy(helpContents.language);
}

/** The help content of the given languages (the asked one and the fallback). */
export async function findHelpContents(db: DbOrTx, languages: string[]): Promise<HelpContentRow[]> {
  return db.select().from(helpContents).where(inArray(helpContents.language, languages));
}

/** Writes the content of these languages and removes every other language's. */
export async function replaceHelpContents(
  db: DbOrTx,
  rows: { language: string; faq: HelpContentRow['faq']; dataPrivacy: string }[],
  updatedBy: string,
) {
  await db.delete(helpContents).where(
    not(
      inArray(
        helpContents.language,
        rows.map((r) => r.language),
      ),
    ),
  );
  await db
    .insert(helpContents)
    .values(rows.map((r) => ({ ...r, updatedBy })))
    .onConflictDoUpdate({
      target: helpContents.language,
      set: {
        faq: sql`excluded.faq`,
        dataPrivacy: sql`excluded.data_privacy`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`now()`,
      },
    });
}

/** Whether any language has help content (an install that has none gets the default content once). */
export async function hasHelpContents(db: DbOrTx): Promise<boolean> {
  return (await db.select({ language: helpContents.language }).from(helpContents).limit(1)).length > 0;
}

export async function insertHelpContents(
  db: DbOrTx,
  rows: { language: string; faq: HelpContentRow['faq']; dataPrivacy: string }[],
) {
  await db.insert(helpContents).values(rows).onConflictDoNothing({ target: helpContents.language });
}
