import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { parseFormFields } from '../../lib/multipart-form';
import { notificationsOf } from '../../lib/notifications';
import {
  SETTINGS_CHANNEL,
  type Settings,
  type SettingsDefaults,
  type SettingsKey,
  type SettingsSection,
  type SettingsSections,
} from '../../lib/settings';
import * as repo from './settings.repository';

type StoreDeps = Pick<Deps, 'config' | 'database' | 'db' | 'logger'>;

/**
 * The settings of a process (ADR 0133): each section read once from the database (its defaults, then this
 * process's `overrides`, beneath what was saved) and kept until a save, here or in another process, is notified.
 * The first read starts listening to the channel and is not cached; nor is anything while the notification
 * connection is lost.
 */
export function createSettingsStore(
  deps: StoreDeps,
  sections: readonly SettingsSection[],
  overrides: SettingsDefaults = {},
): Settings {
  const byKey = new Map<string, SettingsSection>();
  for (const section of sections) {
    if (byKey.has(section.key)) throw new Error(`Two modules declare the settings section ${section.key}`);
    byKey.set(section.key, section);
  }
  const cache = new Map<string, Promise<unknown>>();
  // Bumped by every invalidation: a read that began before one is not kept (it may hold the old values).
  let generation = 0;
  let listening: 'no' | 'starting' | 'yes' = 'no';

  const invalidate = (key?: string) => {
    generation += 1;
    if (key === undefined) cache.clear();
    else cache.delete(key);
  };

  // Not awaited by the read that starts it: LISTEN on PGlite waits for a transaction that read may be part of.
  let unsubscribe: (() => void) | undefined;
  let hookedLost = false;
  const listen = () => {
    listening = 'starting';
    const notifications = notificationsOf(deps);
    if (!hookedLost) {
      hookedLost = true;
      notifications.onLost(() => {
        unsubscribe?.();
        unsubscribe = undefined;
        listening = 'no';
        invalidate();
      });
    }
    notifications
      .subscribe(SETTINGS_CHANNEL, (key) => invalidate(key))
      .then(
        (stop) => {
          unsubscribe = stop;
          listening = 'yes';
        },
        (err: unknown) => {
          listening = 'no';
          deps.logger.warn({ err }, 'settings are read without a cache: their notification channel is not listened to');
        },
      );
  };

  const load = async (section: SettingsSection, db: DbOrTx) => {
    const saved = await repo.readSection(db, section.key);
    const own = (overrides as Record<string, object | undefined>)[section.key];
    return section.schema.parse({ ...(section.defaults as object), ...own, ...saved });
  };

  return {
    get<K extends SettingsKey>(key: K, db: DbOrTx = deps.db): Promise<SettingsSections[K]> {
      const section = byKey.get(key);
      if (!section) throw new Error(`No module declares the settings section ${key}`);
      const cached = cache.get(key);
      if (cached) return cached as Promise<SettingsSections[K]>;
      if (listening === 'no') listen();
      const value = load(section, db);
      if (listening !== 'yes') return value as Promise<SettingsSections[K]>;
      const before = generation;
      cache.set(key, value);
      // A failed read is not kept; neither is one an invalidation overtook.
      const drop = () => {
        if (cache.get(key) === value) cache.delete(key);
      };
      value.then(() => {
        if (generation !== before) drop();
      }, drop);
      return value as Promise<SettingsSections[K]>;
    },
    section: (key) => byKey.get(key),
    invalidate,
  };
}

/**
 * Saves an area's settings section: the values are checked by its schema (400 VALIDATION_FAILED with an error per
 * field), stored with who saved them, audited, and every process's cache of the section is dropped on commit.
 * Answers the values as stored.
 */
export async function saveSettings<K extends SettingsKey>(
  deps: Deps,
  actor: Actor | null,
  key: K,
  input: z.input<z.ZodType<SettingsSections[K]>> | Record<string, unknown>,
): Promise<SettingsSections[K]> {
  const section = deps.settings.section(key);
  if (!section) throw new Error(`No module declares the settings section ${key}`);
  const value = parseFormFields(section.schema, input) as SettingsSections[K] & Record<string, unknown>;
  await deps.db.transaction(async (tx) => {
    const before = await repo.readSection(tx, key);
    await repo.writeSection(tx, key, value, actor?.userId ?? null);
    await recordAudit(tx, actor, {
      entity: 'global-configuration',
      entityId: key,
      action: before ? 'update' : 'create',
      before,
      after: value,
    });
  });
  deps.settings.invalidate(key);
  return value;
}
