import type { z } from 'zod';
import type { DbOrTx } from '../db/client';

/**
 * Business settings (ADR 0133): each area declares one section (`defineModule({ settings })`), a zod schema and
 * its defaults; the values are kept in the database and read through `deps.settings.get(key)`, cached per process
 * and dropped from every process's cache when a save commits (NOTIFY on SETTINGS_CHANNEL).
 *
 * A section's key and value type are told to the compiler by the declaring area, by augmenting SettingsSections:
 * `declare module '../../lib/settings' { interface SettingsSections { invoices: InvoiceSettings } }`; so any area
 * reads another's section without importing it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the areas add their sections by declaration merging.
export interface SettingsSections {}

export type SettingsKey = keyof SettingsSections & string;

/** An area's section: its key, the schema every save passes, and the values it has until one is saved. */
export type SettingsSection<S extends z.ZodType = z.ZodType> = {
  key: string;
  schema: S;
  /** The values before any save: the product's defaults, in code (never from the environment). */
  defaults: z.input<S>;
};

/**
 * Values a process puts beneath what was saved, by section: its own defaults (a test's tax rate or support address,
 * so that it saves nothing other apps on the same database read).
 */
export type SettingsDefaults = { [K in SettingsKey]?: Partial<SettingsSections[K]> };

/** Declares a section (typed by its schema). */
export function defineSettings<S extends z.ZodType>(section: SettingsSection<S>): SettingsSection<S> {
  return section;
}

/** The settings of a process: every declared section, read through one cache. */
export type Settings = {
  /**
   * A section's values. Inside a transaction pass it as `db`: a section not cached yet is read through it (PGlite
   * has one connection, which the transaction holds).
   */
  get<K extends SettingsKey>(key: K, db?: DbOrTx): Promise<SettingsSections[K]>;
  /** The declared section of a key, or undefined. */
  section(key: string): SettingsSection | undefined;
  /** Drops a section from this process's cache (all of them without a key): the next get reads it again. */
  invalidate(key?: string): void;
};

/** The channel a save notifies, with the section's key as the payload. */
export const SETTINGS_CHANNEL = 'settings_changed';
